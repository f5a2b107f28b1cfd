import type { Executor } from '../../src/db/client.ts';
import { listMails, type OutboxMail } from '../../src/mail/outbox.repo.ts';

/**
 * The `nth` mail (1 the first) queued to `email`, of this subject when given, waiting for it: some mails
 * are queued after the answer (a password reset link, so that a known address is answered as fast as an
 * unknown one).
 */
export async function queuedMail(
  db: Executor,
  email: string,
  nth = 1,
  subject?: string,
): Promise<OutboxMail> {
  for (let tries = 0; tries < 100; tries++) {
    const mails = (await listMails(db)).filter((m) => m.to === email);
    const mail = mails.filter((m) => subject === undefined || m.subject === subject)[nth - 1];
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail ${nth} queued to ${email} within 5 s`);
}

/** The token of the verification link mailed to `email` at registration (either language), waiting for it. */
export async function verificationToken(db: Executor, email: string): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    const mail = (await listMails(db)).find((m) => m.to === email && m.text.includes('/verify-email?token='));
    const link = mail ? /http\S+\/verify-email\?\S+/.exec(mail.text)?.[0] : undefined;
    if (link) return new URL(link).searchParams.get('token') ?? '';
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no verification link mailed to ${email} within 5 s`);
}
