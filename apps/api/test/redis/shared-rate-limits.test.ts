import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, newStudent } from '../helpers/test-app.ts';

/** Two server processes on one Redis share the rate-limit counts, whichever one a request reaches. */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let one: Awaited<ReturnType<typeof createTestApp>>;
let two: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await probe.connect(); // fails the suite with a clear error when no Redis answers
  await probe.quit();
  one = await createTestApp({ env: { REDIS_URL } });
  two = await createTestApp({ env: { REDIS_URL } });
});
afterAll(async () => {
  await one?.close();
  await two?.close();
});

describe('rate limits in Redis', () => {
  it('count the attempts made on either process against one e-mail', async () => {
    const email = `shared-${randomBytes(4).toString('hex')}@example.com`;
    await client(one.app).post('/api/v1/register', newStudent({ email }));
    for (let i = 0; i < 10; i++) {
      const app = i % 2 === 0 ? one.app : two.app;
      expect((await client(app).post('/api/v1/login', { email, password: 'Wrong-pass-1' })).statusCode).toBe(
        401,
      );
    }
    const limited = await client(two.app).post('/api/v1/login', { email, password: 'Wrong-pass-1' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await client(one.app).post('/api/v1/login', { email, password: 'Wrong-pass-1' })).statusCode,
    ).toBe(429);
  });
});
