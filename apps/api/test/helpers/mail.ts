import type { Executor } from '../../src/db/client.ts';
import { listMails, type OutboxMail } from '../../src/mail/outbox.repo.ts';

/**
 * The `nth` mail (1 the first) queued to `email`, waiting for it: some mails are queued after the answer
 * (a password reset link, so that a known address is answered as fast as an unknown one).
 */
export async function queuedMail(db: Executor, email: string, nth = 1): Promise<OutboxMail> {
  for (let tries = 0; tries < 100; tries++) {
    const mail = (await listMails(db)).filter((m) => m.to === email)[nth - 1];
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail ${nth} queued to ${email} within 5 s`);
}
