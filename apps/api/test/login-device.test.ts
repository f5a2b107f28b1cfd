import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/lib/clock.ts';
import { client, createTestApp, newStudent } from './helpers/test-app.ts';

const clock = fixedClock('2026-04-01T08:00:00Z');
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

/** A stranger's five wrong passwords: the account must now wait before any attempt (decision 010). */
async function holdBack(email: string) {
  for (let i = 0; i < 5; i++) {
    expect((await client(t.app).post('/api/v1/login', { email, password: 'Wrong-pass1' })).statusCode).toBe(
      401,
    );
  }
  const held = await client(t.app).post('/api/v1/login', { email, password: 'Wrong-pass1' });
  expect(held.statusCode).toBe(429);
}

describe('the device cookie of a good login (decision 010)', () => {
  it("lets its owner in at once while a stranger's failures hold the account back", async () => {
    const student = newStudent();
    await client(t.app).post('/api/v1/register', student);
    const phone = client(t.app);
    const first = await phone.post('/api/v1/login', { email: student.email, password: student.password });
    expect(first.statusCode).toBe(200);
    expect(String(first.headers['set-cookie'])).toMatch(/ngso_device=[^;]+;.*HttpOnly.*SameSite=Strict/i);
    await phone.post('/api/v1/logout');
    expect(phone.cookies.has('ngso_device')).toBe(true);

    await holdBack(student.email);
    // The owner's phone is not held back; a new device is.
    expect(
      (await phone.post('/api/v1/login', { email: student.email, password: student.password })).statusCode,
    ).toBe(200);
    const newDevice = await client(t.app).post('/api/v1/login', {
      email: student.email,
      password: student.password,
    });
    expect(newDevice.statusCode).toBe(429);
  });

  it('backs off its own failures, and is worth nothing for another account or when forged', async () => {
    const owner = newStudent();
    const other = newStudent();
    await client(t.app).post('/api/v1/register', owner);
    await client(t.app).post('/api/v1/register', other);
    const laptop = client(t.app);
    await laptop.post('/api/v1/login', { email: owner.email, password: owner.password });
    const device = laptop.cookies.get('ngso_device') ?? '';
    expect(device).not.toBe('');

    // Its own failures still cost waits: a stolen laptop guesses no faster.
    for (let i = 0; i < 5; i++) {
      expect(
        (await laptop.post('/api/v1/login', { email: owner.email, password: 'Wrong-pass1' })).statusCode,
      ).toBe(401);
    }
    expect(
      (await laptop.post('/api/v1/login', { email: owner.email, password: 'Wrong-pass1' })).statusCode,
    ).toBe(429);
    clock.advance(60_000);

    await holdBack(other.email);
    const borrowed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: other.email, password: other.password },
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: `ngso_device=${device}` },
    });
    expect(borrowed.statusCode).toBe(429);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: other.email, password: other.password },
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: `ngso_device=${'A'.repeat(43)}` },
    });
    expect(forged.statusCode).toBe(429);
  });

  it('expires after 180 days: an old device waits like any other', async () => {
    const student = newStudent();
    await client(t.app).post('/api/v1/register', student);
    const tablet = client(t.app);
    await tablet.post('/api/v1/login', { email: student.email, password: student.password });
    clock.advance(181 * 24 * 60 * 60_000);
    await holdBack(student.email);
    expect(
      (await tablet.post('/api/v1/login', { email: student.email, password: student.password })).statusCode,
    ).toBe(429);
  });
});
