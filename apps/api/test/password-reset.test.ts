import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/passwords.ts';
import { addressKey } from '../src/lib/rate-limits.ts';
import { queuedMail } from './helpers/mail.ts';
import { client, createTestApp, newStudent } from './helpers/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ startMailWorker: false });
});
afterAll(() => t.close());

/** A POST with the headers of the web app, from a given client address. */
const postFrom = (remoteAddress: string, url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress,
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  });

const bogusReset = (email: string) => ({ token: 'x'.repeat(43), email, password: 'N3w-Password-2026!' });

/** The CPU time (user and system, every thread of this process) that `work` costs, in ms. */
async function cpuMs(work: () => Promise<unknown>) {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/** The reset link of the `nth` reset mail to `email` (1 the first), once it is queued (after the answer). */
async function resetLink(email: string, nth = 1) {
  const mail = await queuedMail(t.db, email, nth, 'Reset your password');
  return new URL(/http\S+/.exec(mail.text)?.[0] ?? '');
}

describe('password reset costs no hashing for a bogus link', () => {
  it('checks the token before hashing the new password: a bogus reset costs about what a forgot-password costs', async () => {
    // Warm up each path (the first calls compile and open what they need).
    await hashPassword('warm-up-the-hasher-0');
    for (let i = 0; i < 5; i++) {
      await postFrom('10.20.0.1', '/api/v1/reset-password', bogusReset('warm@example.com'));
      await postFrom('10.20.0.2', '/api/v1/forgot-password', { email: 'warm@example.com' });
    }
    const hashes = await cpuMs(async () => {
      for (let i = 0; i < 20; i++) await hashPassword(`Some-password-${i}`);
    });
    // A forgot-password for an unknown e-mail: the same request handling and one lookup, no hash.
    const lookups = await cpuMs(async () => {
      for (let i = 0; i < 20; i++) {
        await postFrom('10.20.0.2', '/api/v1/forgot-password', { email: `cpu${i}@example.com` });
      }
    });
    const resets = await cpuMs(async () => {
      for (let i = 0; i < 20; i++) {
        const response = await postFrom(
          '10.20.0.1',
          '/api/v1/reset-password',
          bogusReset(`cpu${i}@example.com`),
        );
        expect(response.statusCode).toBe(400);
      }
    });
    // Hashing each new password would add the whole of `hashes`.
    expect(resets - lookups).toBeLessThan(hashes / 2);
  });
});

describe('accepting a staff invitation costs no hashing for a bogus link', () => {
  it('checks the token before hashing the new password: a bogus link costs about what a forgot-password costs', async () => {
    const bogusAccept = { token: 'y'.repeat(43), name: 'Someone Else', password: 'N3w-Password-2026!' };
    await hashPassword('warm-up-the-hasher-1');
    for (let i = 0; i < 5; i++) {
      await postFrom('10.21.0.1', '/api/v1/invitations/accept', bogusAccept);
      await postFrom('10.21.0.2', '/api/v1/forgot-password', { email: 'warm@example.com' });
    }
    const hashes = await cpuMs(async () => {
      for (let i = 0; i < 20; i++) await hashPassword(`Some-password-${i}`);
    });
    const lookups = await cpuMs(async () => {
      for (let i = 0; i < 20; i++) {
        await postFrom('10.21.0.2', '/api/v1/forgot-password', { email: `cpu-invite${i}@example.com` });
      }
    });
    const accepts = await cpuMs(async () => {
      for (let i = 0; i < 20; i++) {
        const response = await postFrom(`10.21.1.${i + 1}`, '/api/v1/invitations/accept', bogusAccept);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(
          'This invitation link is invalid, has expired or has already been used. Please ask the organisers for a new one.',
        );
      }
    });
    expect(accepts - lookups).toBeLessThan(hashes / 2);
  });
});

describe('limits on password resets', () => {
  it('allows 10 reset attempts per account an hour, from any address, then 429 with Retry-After', async () => {
    const student = newStudent();
    await client(t.app).post('/api/v1/register', student);
    for (let i = 0; i < 10; i++) {
      const attempt = await postFrom(`10.30.0.${i + 1}`, '/api/v1/reset-password', bogusReset(student.email));
      expect(attempt.statusCode).toBe(400);
    }
    const limited = await postFrom(
      '10.30.1.1',
      '/api/v1/reset-password',
      bogusReset(student.email.toUpperCase()),
    );
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().status).toBe('error');
    // Another account is not held back.
    const other = await postFrom(
      '10.30.1.1',
      '/api/v1/reset-password',
      bogusReset('someone-else@example.com'),
    );
    expect(other.statusCode).toBe(400);
  });

  it('allows 100 reset attempts per address an hour, then 429, and counts an IPv6 client by its /64', async () => {
    for (let i = 0; i < 100; i++) {
      // Each from another address of one /64, for another account.
      const attempt = await postFrom(
        `2001:db8:40:1:${i.toString(16)}::${(i + 1).toString(16)}`,
        '/api/v1/reset-password',
        bogusReset(`v6-${i}@example.com`),
      );
      expect(attempt.statusCode).toBe(400);
    }
    const limited = await postFrom(
      '2001:db8:40:1:ffff:ffff:ffff:fffe',
      '/api/v1/reset-password',
      bogusReset('v6-last@example.com'),
    );
    expect(limited.statusCode).toBe(429);
    const neighbour = await postFrom(
      '2001:db8:40:2::1',
      '/api/v1/reset-password',
      bogusReset('v6-last@example.com'),
    );
    expect(neighbour.statusCode).toBe(400);
  });

  it('counts forgot-password requests of an IPv6 client by its /64 too', async () => {
    for (let i = 0; i < 100; i++) {
      const asked = await postFrom(`2001:db8:50:1::${(i + 1).toString(16)}`, '/api/v1/forgot-password', {
        email: `forgot-v6-${i}@example.com`,
      });
      expect(asked.statusCode).toBe(200);
    }
    const limited = await postFrom('2001:db8:50:1:1:2:3:4', '/api/v1/forgot-password', {
      email: 'forgot-v6-last@example.com',
    });
    expect(limited.statusCode).toBe(429);
  });

  it('still resets with a good link after bogus attempts of others', async () => {
    const student = newStudent();
    await client(t.app).post('/api/v1/register', student);
    await postFrom('10.60.0.1', '/api/v1/forgot-password', { email: student.email });
    const link = await resetLink(student.email);
    const reset = await postFrom('10.60.0.1', '/api/v1/reset-password', {
      token: link.searchParams.get('token'),
      email: student.email,
      password: 'Fresh-password-2026',
    });
    expect(reset.statusCode).toBe(200);
  });
});

describe('addressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['::1', '::/64'],
    ['not an address', 'not an address'],
  ])('keys %s as %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});

describe('after a reset', () => {
  it('ends every other reset link of the account', async () => {
    const student = newStudent();
    await client(t.app).post('/api/v1/register', student);
    await postFrom('10.70.0.1', '/api/v1/forgot-password', { email: student.email });
    const older = await resetLink(student.email, 1);
    await postFrom('10.70.0.1', '/api/v1/forgot-password', { email: student.email });
    const newer = await resetLink(student.email, 2);
    expect(newer.searchParams.get('token')).not.toBe(older.searchParams.get('token'));

    const reset = await postFrom('10.70.0.1', '/api/v1/reset-password', {
      token: newer.searchParams.get('token'),
      email: student.email,
      password: 'Fresh-password-2026',
    });
    expect(reset.statusCode).toBe(200);
    const stale = await postFrom('10.70.0.1', '/api/v1/reset-password', {
      token: older.searchParams.get('token'),
      email: student.email,
      password: 'Attacker-password-2026',
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(
      'This password reset link is invalid or has expired. Please request a new one.',
    );
    const login = await client(t.app).post('/api/v1/login', {
      email: student.email,
      password: 'Fresh-password-2026',
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('forgot password', () => {
  it('answers a known address as fast as an unknown one: the link is made after the answer', async () => {
    const student = newStudent();
    await client(t.app).post('/api/v1/register', student);
    // Make writing a reset link slow (half a second), as a loaded database would.
    await t.db.execute(sql`
      create function slow_reset() returns trigger language plpgsql as $$
      begin perform pg_sleep(0.5); return new; end $$`);
    await t.db.execute(
      sql`create trigger slow_reset before insert on password_resets for each row execute function slow_reset()`,
    );
    try {
      const started = performance.now();
      const known = await postFrom('10.80.0.1', '/api/v1/forgot-password', { email: student.email });
      const knownMs = performance.now() - started;
      expect(known.statusCode).toBe(200);
      expect(knownMs).toBeLessThan(400);
      // The link is still made and mailed.
      expect((await resetLink(student.email)).searchParams.get('email')).toBe(student.email);
    } finally {
      await t.db.execute(sql`drop trigger slow_reset on password_resets`);
    }
  });
});
