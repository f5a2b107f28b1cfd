import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/lib/clock.ts';
import { retryDelayMs } from '../src/mail/mail-worker.ts';
import { listMails } from '../src/mail/outbox.repo.ts';
import { queuedMail } from './helpers/mail.ts';
import { startSmtpServer } from './helpers/smtp-server.ts';
import { client, createTestApp, newStudent } from './helpers/test-app.ts';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
const clock = fixedClock('2026-03-01T08:00:00Z');

beforeAll(async () => {
  smtp = await startSmtpServer();
  // The test drives the worker itself, step by step.
  t = await createTestApp({ clock, smtpUrl: smtp.url, startMailWorker: false });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const RESET = 'Reset your password';

describe('the mail outbox', () => {
  it('keeps a mail while the mail server is down and delivers it once when it returns', async () => {
    const student = newStudent();
    await client(t.app).post('/api/v1/register', student);
    // The verification link of the registration goes out first, while the mail server answers.
    await queuedMail(t.db, student.email, 1, 'Verify your email address');
    await t.app.mailWorker.drain();
    smtp.refuse(true);
    await client(t.app).post('/api/v1/forgot-password', { email: student.email });
    await queuedMail(t.db, student.email, 1, RESET);
    await t.app.mailWorker.drain();
    const resetMails = async () =>
      (await listMails(t.db)).filter((m) => m.to === student.email && m.subject === RESET);
    const resetsReceived = () =>
      smtp.received.filter((m) => m.to?.[0]?.address === student.email && m.subject === RESET);
    let [mail] = await resetMails();
    expect(mail).toMatchObject({ status: 'pending', attempts: 1 });
    expect(mail?.lastError).toBeTruthy();
    expect(mail?.nextAttemptAt.getTime()).toBe(clock.now().getTime() + retryDelayMs(1));

    // Not retried before its time, even when the server is back.
    smtp.refuse(false);
    await t.app.mailWorker.drain();
    expect(resetsReceived()).toHaveLength(0);

    clock.advance(retryDelayMs(1));
    await t.app.mailWorker.drain();
    await t.app.mailWorker.drain();
    [mail] = await resetMails();
    expect(mail).toMatchObject({ status: 'sent', attempts: 2 });
    expect(resetsReceived()).toHaveLength(1);
  });

  it('backs off from 30 seconds up to an hour', () => {
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(3)).toBe(120_000);
    expect(retryDelayMs(30)).toBe(3_600_000);
    // MAIL_RETRY_SECONDS=1 (the fault tests): 1 s, 2 s, 4 s ...
    expect(retryDelayMs(3, 1_000)).toBe(4_000);
  });
});
