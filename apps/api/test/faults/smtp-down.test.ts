import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyThroughOutbox } from '../helpers/verify-through-outbox.ts';
import {
  ADMIN,
  accountOf,
  eventually,
  expectStatus,
  type FaultEnvironment,
  faultEnvironment,
  importQualified,
  newStudent,
  outboxIdOf,
  registrationFormOf,
  registrationIdOf,
  signIn,
} from './support.ts';

/**
 * The mail server is down: actions that send mail still succeed at once, the mails wait in the outbox and
 * are retried with growing waits, and they are all delivered, once each, when the mail server returns.
 * The server runs with MAIL_RETRY_SECONDS=1 (retries after 1 s, 2 s, 4 s ...).
 */
const DOWN_MS = 7_000;

let env: FaultEnvironment;

beforeAll(async () => {
  env = await faultEnvironment({ postgres: 4642, http: 4622, smtp: 4627 });
  await env.startSmtp();
  await env.startServer();
});
afterAll(async () => {
  await env?.teardown();
});

type OutboxRow = {
  id: string;
  to: string;
  subject: string;
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
};
const outbox = () =>
  env.query<OutboxRow>(
    'select id, "to", subject, status, attempts, last_error, next_attempt_at from outbox_mails order by id',
  );

describe('the mail server down', () => {
  it('keeps the mails in the outbox, retries with back-off, and delivers each once when it returns', async () => {
    const admin = await signIn(env, ADMIN.email, ADMIN.password);
    const students = [newStudent(), newStudent(), newStudent()];
    await importQualified(admin, students);

    // While the mail server answers, a mail goes straight out.
    const [first, ...others] = students;
    if (!first) throw new Error('no student');
    const firstBrowser = env.client();
    expectStatus(await firstBrowser.post('/api/v1/register', accountOf(first)), 201);
    await verifyThroughOutbox(env.query, firstBrowser, first.email);
    expectStatus(await firstBrowser.post('/api/v1/ngso-1/registration', registrationFormOf(first)), 201);
    // The verification link of the account, then the registration's mail.
    await eventually('the first mails', async () => (env.received().length === 2 ? true : undefined), 15_000);

    // Down: registrations, a password reset, an approval and a rejection each queue a mail, and succeed.
    await env.stopSmtp();
    const downAt = Date.now();
    const timed = async <T>(request: Promise<T>) => {
      const started = Date.now();
      const response = await request;
      expect(Date.now() - started, 'an action waits for no mail server').toBeLessThan(5_000);
      return response;
    };
    for (const student of others) {
      const browser = env.client();
      expectStatus(await timed(browser.post('/api/v1/register', accountOf(student))), 201);
      // The verification link waits in the outbox too; its token works all the same.
      await verifyThroughOutbox(env.query, browser, student.email);
      expectStatus(
        await timed(browser.post('/api/v1/ngso-1/registration', registrationFormOf(student))),
        201,
      );
      expectStatus(await timed(env.client().post('/api/v1/forgot-password', { email: student.email })), 200);
    }
    const approveId = await registrationIdOf(admin, first.email);
    expectStatus(await timed(admin.post(`/api/v1/admin/registrations/${approveId}/approve`, {})), 200);
    const rejectId = await registrationIdOf(admin, others[0]?.email ?? '');
    expectStatus(
      await timed(
        admin.post(`/api/v1/admin/registrations/${rejectId}/reject`, {
          reason: 'The transaction ID does not match the payment.',
        }),
      ),
      200,
    );
    const queued = (await outbox()).filter((mail) => mail.status === 'pending');
    expect(queued.length).toBe(3 * others.length + 2);

    // The worker keeps trying, waiting longer each time (1 s, 2 s, 4 s): a few attempts, not one a second.
    await new Promise((resolve) => setTimeout(resolve, DOWN_MS - (Date.now() - downAt)));
    const waiting = (await outbox()).filter((mail) => mail.status === 'pending');
    expect(waiting.map((mail) => mail.id)).toEqual(queued.map((mail) => mail.id));
    for (const mail of waiting) {
      expect(mail.attempts, `attempts of mail ${mail.id}`).toBeGreaterThanOrEqual(2);
      expect(mail.attempts, `attempts of mail ${mail.id}`).toBeLessThanOrEqual(4);
      expect(mail.last_error, `the error of mail ${mail.id}`).toMatch(/ECONNREFUSED/);
    }
    expect(env.received()).toHaveLength(2);
    expect(env.server?.alive()).toBe(true);

    // Back: everything is delivered within the next retry, each mail once.
    await env.startSmtp();
    await eventually(
      'every mail delivered',
      async () => ((await outbox()).every((mail) => mail.status === 'sent') ? true : undefined),
      20_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const rows = await outbox();
    const delivered = env.received().map((mail) => outboxIdOf(mail.messageId));
    expect(delivered.toSorted((a, b) => a - b)).toEqual(rows.map((row) => Number(row.id)));
    const received = env.received().map((mail) => `${mail.to?.[0]?.address} ${mail.subject}`);
    expect(received.toSorted()).toEqual(rows.map((row) => `${row.to} ${row.subject}`).toSorted());
    expect(received).toEqual(
      expect.arrayContaining([
        `${first.email} Your final-round registration is approved`,
        `${others[0]?.email} Your final-round registration needs a correction`,
        `${others[1]?.email} Reset your password`,
      ]),
    );
  });
});
