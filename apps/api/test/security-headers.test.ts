import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { client, createTestApp, newStudent } from './helpers/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('security headers', () => {
  it('are on every API response: CSP, nosniff, no referrer, same-origin opener, no framing', async () => {
    const response = await client(t.app).get('/api/health');
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('keep personal JSON out of every cache, and clear the site on logout', async () => {
    const browser = client(t.app);
    await browser.post('/api/v1/register', newStudent());
    expect((await browser.get('/api/v1/user/profile')).headers['cache-control']).toBe('no-store');
    const logout = await browser.post('/api/v1/logout');
    expect(logout.headers['clear-site-data']).toBe('"cache", "cookies"');
  });

  it('send HSTS and a __Host- Secure cookie when the site is served over https', async () => {
    const secure = await createTestApp({ env: { BASE_URL: 'https://olympiad.example.org' } });
    try {
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/v1/register',
        payload: newStudent(),
        headers: { 'x-requested-with': 'XMLHttpRequest', origin: 'https://olympiad.example.org' },
      });
      expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
      expect(String(response.headers['set-cookie'])).toMatch(
        /^__Host-ngso_session=[^;]+; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax/,
      );
    } finally {
      await secure.close();
    }
  });
});

describe('password hashing', () => {
  it('rehashes a password stored with older parameters at the next login', async () => {
    const student = newStudent();
    const browser = client(t.app);
    await browser.post('/api/v1/register', student);
    const weak = await hash(student.password, {
      algorithm: 2,
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
    });
    await t.db.update(users).set({ passwordHash: weak }).where(eq(users.email, student.email));
    expect((await client(t.app).post('/api/v1/login', student)).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.email, student.email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await client(t.app).post('/api/v1/login', student)).statusCode).toBe(200);
  });
});
