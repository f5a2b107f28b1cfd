import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, newStudent } from './helpers/test-app.ts';

/** The request log at the production level (info): what it records, and the secrets it must never hold. */
const lines: string[] = [];
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => lines.push(line) } });
});
afterAll(() => t.close());

describe('the request log', () => {
  it('records each request without passwords, tokens, cookies or the e-mail of a reset link', async () => {
    const student = newStudent({ password: 'Pa55-secret-word' });
    const browser = client(t.app);
    const registered = await browser.post('/api/v1/register', student);
    const session = browser.cookies.get('ngso_session') ?? '';
    expect(session).not.toBe('');
    await browser.post(
      '/api/v1/login',
      { email: student.email, password: student.password },
      {
        authorization: 'Bearer auth-header-secret',
      },
    );
    await t.app.inject({
      method: 'GET',
      url: `/reset-password?token=reset-token-secret&email=${encodeURIComponent(student.email)}`,
      // Without TRUST_PROXY a client cannot choose the address it is known by (limits, logs).
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });

    const log = lines.join('');
    // One line per request, when it is answered, with its status and time.
    const loginLines = lines.filter((line) => line.includes('/api/v1/login'));
    expect(loginLines).toHaveLength(1);
    expect(JSON.parse(loginLines[0] as string)).toMatchObject({
      msg: 'request completed',
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    // The requests are there, with the reset link's values replaced.
    expect(log).toContain('/api/v1/login');
    expect(log).toContain('/reset-password?token=[redacted]&email=[redacted]');
    expect(log).not.toContain('203.0.113.9');
    expect(log).toContain('"remoteAddress":"127.0.0.1"');
    for (const secret of [
      student.password,
      session,
      String(registered.headers['set-cookie']).split(';')[0],
      'auth-header-secret',
      'reset-token-secret',
      student.email,
      encodeURIComponent(student.email),
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('a failed query in the log', () => {
  it("keeps only the driver's code and constraint, never the bound parameters or the values", async () => {
    // A rule the application does not know: the insert of this phone number fails in the database.
    await t.db.execute(
      sql`alter table users add constraint log_test_phone_check check (phone_number <> '01799999999')`,
    );
    const student = newStudent({ phone_number: '01799999999', password: 'Pa55-query-word' });
    const before = lines.length;
    const failed = await client(t.app).post('/api/v1/register', student);
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({
      status: 'error',
      message: 'Something went wrong on our side. Please try again in a moment.',
    });

    const written = lines.slice(before);
    const logged = written.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request failed');
    expect(logged?.err).toEqual({
      type: 'DatabaseError',
      message: 'a database query failed',
      stack: expect.stringMatching(/^\s+at /),
      code: '23514',
      constraint: 'log_test_phone_check',
    });
    const log = written.join('');
    for (const secret of [student.email, '01799999999', '$argon2', 'insert into', 'params']) {
      expect(log.toLowerCase()).not.toContain(secret.toLowerCase());
    }
  });
});
