import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/lib/clock.ts';
import { client, createTestApp, newStudent } from '../helpers/test-app.ts';

/** Two server processes on one Redis share the rate-limit counts, whichever one a request reaches. */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

// Both processes read one clock, as two servers read one wall clock.
const clock = fixedClock('2026-03-01T08:00:00Z');
let one: Awaited<ReturnType<typeof createTestApp>>;
let two: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await probe.connect(); // fails the suite with a clear error when no Redis answers
  await probe.quit();
  one = await createTestApp({ clock, env: { REDIS_URL } });
  two = await createTestApp({ clock, env: { REDIS_URL } });
});
afterAll(async () => {
  await one?.close();
  await two?.close();
});

const login = (app: typeof one.app, email: string, password: string) =>
  client(app).post('/api/v1/login', { email, password });

describe('rate limits in Redis', () => {
  it('share the login back-off of one account between processes', async () => {
    const email = `shared-${randomBytes(4).toString('hex')}@example.com`;
    const student = newStudent({ email });
    await client(one.app).post('/api/v1/register', student);
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? one.app : two.app;
      expect((await login(app, email, 'Wrong-pass-1')).statusCode).toBe(401);
    }
    const limited = await login(two.app, email, student.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('1');
    expect((await login(one.app, email, student.password)).statusCode).toBe(429);

    // The doubling goes on across processes, and the wait is capped at 60 s.
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const held = await login(i % 2 === 0 ? one.app : two.app, email, 'Wrong-pass-1');
      expect(held.statusCode).toBe(429);
      waits.push(Number(held.headers['retry-after']));
      clock.advance(Number(held.headers['retry-after']) * 1000);
      expect((await login(i % 2 === 0 ? two.app : one.app, email, 'Wrong-pass-1')).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);

    // A success on one process ends the run for both.
    clock.advance(60_000);
    expect((await login(one.app, email, student.password)).statusCode).toBe(200);
    expect((await login(two.app, email, 'Wrong-pass-1')).statusCode).toBe(401);
    clock.advance(60_000);
  });

  it('let exactly one of many simultaneous attempts through when a wait ends', async () => {
    const email = `race-${randomBytes(4).toString('hex')}@example.com`;
    for (let i = 0; i < 5; i++) expect((await login(one.app, email, 'Wrong-pass-1')).statusCode).toBe(401);
    clock.advance(1_000);
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(i % 2 === 0 ? one.app : two.app, email, 'Wrong-pass-1')),
    ).then((responses) => responses.map((response) => response.statusCode));
    expect(statuses.filter((status) => status === 401)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
    clock.advance(60_000);
  });

  it('count password-reset requests for one e-mail made on either process', async () => {
    const email = `forgot-${randomBytes(4).toString('hex')}@example.com`;
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? one.app : two.app;
      expect((await client(app).post('/api/v1/forgot-password', { email })).statusCode).toBe(200);
    }
    const limited = await client(two.app).post('/api/v1/forgot-password', { email });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await client(one.app).post('/api/v1/forgot-password', { email })).statusCode).toBe(429);
  });
});
