import { errorStatus } from '../../lib/error-status.ts';
import { isRetryableStatus, type RetryPolicy, retryDelay } from '../../lib/retry.ts';
import type { SubmitResult } from './api.ts';

/** How long a manual Submit waits for answers still to be recorded (commitments: small JSON calls). */
export const SUBMIT_FLUSH_MS = 20_000;
/** At 0 the last commitments are still accepted for the server's grace period (60 s); keep a margin. */
export const TIME_UP_FLUSH_MS = 45_000;
/**
 * Every page reaches 0 in the same second: each waits a random moment within this (and within the grace)
 * before its submission, so the server gets 5,000 of them over seconds, not in one. The answers are already
 * recorded; the submission only closes the attempt, and its time after the window is the end.
 */
export const TIME_UP_SUBMIT_SPREAD_MS = 10_000;
/** The submission at the end is tried five times in all, with the shared back-off (lib/retry.ts). */
export const TIME_UP_SUBMIT_RETRY: RetryPolicy = { retries: 4, baseDelayMs: 2000, maxDelayMs: 8000 };

/** What finishing needs of the answer queue: recording what is still waiting, within a time. */
type Flushable = { flush(timeoutMs: number): Promise<boolean> } | null;
type Submit = () => Promise<SubmitResult>;

/**
 * Submit pressed: the answers still queued are recorded first (else `unsaved`), then the exam is
 * submitted (else `failed`); both errors carry the sentence the student sees.
 */
export async function submitNow(
  queue: Flushable,
  submit: Submit,
  messages: { unsaved: string; failed: string },
): Promise<SubmitResult> {
  if (queue && !(await queue.flush(SUBMIT_FLUSH_MS))) throw new Error(messages.unsaved);
  try {
    return await submit();
  } catch {
    throw new Error(messages.failed);
  }
}

export type TimeUpOptions = {
  queue: Flushable;
  submit: Submit;
  /** The exam's end and the server-corrected now (ms). */
  endsAt: number;
  now: () => number;
  pause?: (ms: number) => Promise<void>;
  random?: () => number;
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The clock at 0: records the commitments still queued within the server's grace period (the photos'
 * bytes may come after the end), waits a random moment of TIME_UP_SUBMIT_SPREAD_MS, then submits; the server records the end as the submission time after
 * the window. A failed connection or a server in trouble is tried again (lib/retry.ts); a refusal, or
 * the last try failing, resolves undefined and the student goes on without the summary.
 */
export async function submitAtTimeUp(options: TimeUpOptions): Promise<SubmitResult | undefined> {
  const { queue, submit, endsAt, now, pause = wait, random = Math.random } = options;
  if (queue) await queue.flush(Math.max(5_000, endsAt + TIME_UP_FLUSH_MS - now()));
  const spread =
    random() * Math.min(TIME_UP_SUBMIT_SPREAD_MS, Math.max(0, endsAt + TIME_UP_FLUSH_MS - now()));
  if (spread > 0) await pause(spread);
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await submit();
    } catch (error) {
      const status = errorStatus(error);
      if (status !== undefined && !isRetryableStatus(status)) return undefined;
      if (attempt >= TIME_UP_SUBMIT_RETRY.retries) return undefined;
      await pause(retryDelay(attempt, TIME_UP_SUBMIT_RETRY, random));
    }
  }
}
