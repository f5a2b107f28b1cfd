import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/lib/clock.ts';
import { ensureAdmin } from '../src/modules/auth/admin-accounts.ts';
import { client, createTestApp, newStudent } from './helpers/test-app.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = fixedClock('2026-05-01T00:00:00Z');
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

describe('session lifetime', () => {
  it('keeps a student signed in while active, and ends after 7 idle days', async () => {
    const browser = client(t.app);
    await browser.post('/api/v1/register', newStudent());
    clock.advance(6 * DAY);
    expect((await browser.get('/api/v1/user')).statusCode).toBe(200);
    clock.advance(6 * DAY);
    expect((await browser.get('/api/v1/user')).statusCode).toBe(200);
    clock.advance(7 * DAY);
    expect((await browser.get('/api/v1/user')).statusCode).toBe(401);
  });

  it('ends a student session after 30 days however active', async () => {
    const browser = client(t.app);
    await browser.post('/api/v1/register', newStudent());
    for (let day = 0; day < 29; day++) {
      clock.advance(DAY);
      expect((await browser.get('/api/v1/user')).statusCode).toBe(200);
    }
    clock.advance(DAY);
    expect((await browser.get('/api/v1/user')).statusCode).toBe(401);
  });

  it('ends a staff session after 12 hours', async () => {
    await ensureAdmin(t.db, 'chief@example.com', 'Admin-pass-1', clock.now());
    const browser = client(t.app);
    const login = await browser.post('/api/v1/login', {
      email: 'chief@example.com',
      password: 'Admin-pass-1',
    });
    expect(login.json().data.user.role).toBe('admin');
    clock.advance(11 * HOUR);
    expect((await browser.get('/api/v1/user')).statusCode).toBe(200);
    clock.advance(HOUR);
    expect((await browser.get('/api/v1/user')).statusCode).toBe(401);
  });

  it('answers signed-in calls that arrive together each with its own user, and refuses the unknown one', async () => {
    const students = [newStudent(), newStudent(), newStudent()];
    const browsers = students.map(() => client(t.app));
    for (const [i, browser] of browsers.entries()) await browser.post('/api/v1/register', students[i]);
    const forged = client(t.app);
    forged.cookies.set('ngso_session', 'forged');
    // Sent in one go, their lookups are one query (sessions.ts batches them).
    const responses = await Promise.all([...browsers, forged].map((browser) => browser.get('/api/v1/user')));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 401]);
    expect(responses.slice(0, 3).map((response) => response.json().user.email)).toEqual(
      students.map((student) => student.email),
    );
  });

  it('ignores a forged or overlong cookie', async () => {
    for (const value of ['forged', 'x'.repeat(5000)]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/user',
        cookies: { ngso_session: value },
      });
      expect(response.statusCode).toBe(401);
    }
  });
});
