import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import {
  claimDueMails,
  claimDueThrottledMails,
  dueThrottles,
  markFailedAttempt,
  markSent,
  type NewMail,
  type OutboxMail,
  THROTTLE_WINDOW_MS,
} from './outbox.repo.ts';
import type { MailTransport } from './transport.ts';

const BATCH = 10;
const MAX_ATTEMPTS = 20;
const RETRY_MS = 30_000;

/** Retry after 30 s, 1 min, 2 min ... capped at one hour (with MAIL_RETRY_SECONDS, from that first wait). */
export const retryDelayMs = (attempts: number, firstMs = RETRY_MS) =>
  Math.min(firstMs * 2 ** Math.max(0, attempts - 1), 3_600_000);

/**
 * Sends the outbox: polls, and is woken at once when a mail is queued. A mail that fails
 * is retried with back-off, so a mail server that is down delays mail but loses none.
 */
export class MailWorker {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = true;

  constructor(
    private readonly db: Database,
    private readonly transport: MailTransport,
    private readonly clock: Clock,
    private readonly options: {
      from: string;
      host: string;
      log: FastifyBaseLogger;
      /** The first retry's wait (default 30 s). A claimed mail whose worker died is retried after twice that. */
      retryMs?: number;
      /** Told of each mail the mail server did not take; `final` when it is given up (the metrics count them). */
      onFailed?: (final: boolean) => void;
      /**
       * Renders a mail written to be rendered at send time (`render_as`, decision 068); a failure is tried
       * again as a failed send is.
       */
      render?: (mail: OutboxMail) => Promise<NewMail>;
    },
  ) {}

  get #retryMs() {
    return this.options.retryMs ?? RETRY_MS;
  }
  /** How long a claim holds a mail (60 s by default): past it, a worker that died mid-send is presumed gone. */
  get #holdMs() {
    return 2 * this.#retryMs;
  }
  /** Polls every 5 s, or sooner when retries are due sooner. */
  get #pollMs() {
    return Math.min(5_000, this.#retryMs);
  }

  start() {
    this.#stopped = false;
    this.kick();
  }

  /** Asks for a run now (after a mail is queued); runs never overlap. */
  kick() {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#timer);
    this.#running = this.drain()
      .catch((err) => this.options.log.warn({ err }, 'mail worker run failed'))
      .finally(() => {
        this.#running = undefined;
        if (this.#stopped) return;
        if (this.#again) {
          this.#again = false;
          this.kick();
        } else {
          this.#timer = setTimeout(() => this.kick(), this.#pollMs);
          this.#timer.unref();
        }
      });
  }

  /** Sends everything due now; returns when none is left. Tests call it directly. */
  async drain() {
    for (;;) {
      const mails = await this.#claim();
      if (mails.length === 0) return;
      for (const mail of mails) {
        try {
          const rendered = mail.renderAs ? await this.#render(mail) : undefined;
          const content = rendered ?? mail;
          await this.transport.send({
            from: this.options.from,
            to: content.to,
            subject: content.subject,
            text: content.text,
            html: content.html ?? undefined,
            messageId: `<outbox-${mail.id}@${this.options.host}>`,
          });
          await markSent(this.db, mail.id, this.clock.now(), rendered);
        } catch (err) {
          const retryAt =
            mail.attempts >= MAX_ATTEMPTS
              ? null
              : new Date(
                  Math.max(
                    this.clock.now().getTime() + retryDelayMs(mail.attempts, this.#retryMs),
                    // A throttled mail is tried at most once in a throttle window, so the window counts each try.
                    mail.throttleKey && mail.claimedAt ? mail.claimedAt.getTime() + THROTTLE_WINDOW_MS : 0,
                  ),
                );
          this.options.onFailed?.(retryAt === null);
          this.options.log.warn(
            { err, mailId: mail.id, attempts: mail.attempts },
            'mail not sent; will retry',
          );
          await markFailedAttempt(this.db, mail.id, String((err as Error)?.message ?? err), retryAt);
        }
      }
    }
  }

  #render(mail: OutboxMail): Promise<NewMail> {
    const { render } = this.options;
    if (!render) throw new Error(`no renderer for the outbox's ${mail.renderAs} mails`);
    return render(mail);
  }

  /** Due mails: the unthrottled ones first, then each announcement's within its rate (decision 032). */
  async #claim(): Promise<OutboxMail[]> {
    const now = this.clock.now();
    const mails = await claimDueMails(this.db, now, this.#holdMs, BATCH);
    if (mails.length > 0) return mails;
    for (const throttle of await dueThrottles(this.db, now)) {
      mails.push(...(await claimDueThrottledMails(this.db, throttle, now, this.#holdMs, BATCH)));
    }
    return mails;
  }

  async stop() {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
    this.transport.close();
  }
}
