import type { ServiceContext } from '../lib/context.ts';
import type { NewMail, OutboxMail } from '../mail/outbox.repo.ts';
import { submissionMail } from '../modules/exam/submission-mail.service.ts';

/**
 * The outbox's mails written before their text (`render_as`, decision 068), rendered by the mail worker when
 * it sends them: from what the database holds then.
 */
export function renderAtSend(ctx: ServiceContext) {
  return (mail: OutboxMail): Promise<NewMail> => {
    switch (mail.renderAs) {
      case 'examSubmitted':
        return submissionMail(ctx, mail.about);
      default:
        throw new Error(`the outbox has no renderer for ${String(mail.renderAs)}`);
    }
  };
}
