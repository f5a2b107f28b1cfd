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
