import { describe, expect, it } from 'vitest';
import type { SubmitResult } from './api.ts';
import {
  SUBMIT_FLUSH_MS,
  submitAtTimeUp,
  submitNow,
  TIME_UP_FLUSH_MS,
  TIME_UP_SUBMIT_SPREAD_MS,
} from './finish-exam.ts';

const RESULT: SubmitResult = { submitted_at: '2025-01-14T18:00:00+06:00', answered: 3, total: 5 };
const END = Date.parse('2025-01-14T18:00:00+06:00');

/** A queue that records the time it was given and answers `flushed`. */
function queueThat(flushed: boolean) {
  const budgets: number[] = [];
  const flush = async (ms: number) => {
    budgets.push(ms);
    return flushed;
  };
  return { budgets, flush };
}

/** A submission that fails with these errors first, then succeeds. */
function submitFailing(...errors: unknown[]) {
  let calls = 0;
  return {
    calls: () => calls,
    submit: async () => {
      calls += 1;
      const error = errors.shift();
      if (error !== undefined) throw error;
      return RESULT;
    },
  };
}

const messages = { unsaved: 'Some answers are not saved yet.', failed: 'The exam could not be submitted.' };

describe('Submit pressed', () => {
  it('records what is queued, then submits', async () => {
    const queue = queueThat(true);
    expect(await submitNow(queue, submitFailing().submit, messages)).toEqual(RESULT);
    expect(queue.budgets).toEqual([SUBMIT_FLUSH_MS]);
  });

  it('does not submit while answers are unsaved, and says why', async () => {
    const submission = submitFailing();
    await expect(submitNow(queueThat(false), submission.submit, messages)).rejects.toThrow(messages.unsaved);
    expect(submission.calls()).toBe(0);
    await expect(submitNow(null, submitFailing({ status: 503 }).submit, messages)).rejects.toThrow(
      messages.failed,
    );
  });
});

describe('the clock at 0', () => {
  const pauses: number[] = [];
  const base = {
    endsAt: END,
    now: () => END,
    pause: async (ms: number) => void pauses.push(ms),
    random: () => 1,
  };

  it("flushes within the server's grace period, then submits after a random moment of the spread", async () => {
    pauses.length = 0;
    const queue = queueThat(true);
    expect(await submitAtTimeUp({ ...base, queue, submit: submitFailing().submit })).toEqual(RESULT);
    expect(queue.budgets).toEqual([TIME_UP_FLUSH_MS]);
    expect(pauses).toEqual([TIME_UP_SUBMIT_SPREAD_MS]);
    // Late in the grace, the wait shrinks to what is left of it; a random 0 waits not at all.
    pauses.length = 0;
    await submitAtTimeUp({
      ...base,
      now: () => END + TIME_UP_FLUSH_MS - 4_000,
      queue,
      submit: submitFailing().submit,
    });
    expect(pauses).toEqual([4_000]);
    pauses.length = 0;
    await submitAtTimeUp({ ...base, random: () => 0, queue, submit: submitFailing().submit });
    expect(pauses).toEqual([]);
  });

  it('tries again after a failed connection or a server in trouble, with the shared back-off', async () => {
    pauses.length = 0;
    const submission = submitFailing({ status: 'FETCH_ERROR' }, { status: 503 }, { status: 429 });
    expect(await submitAtTimeUp({ ...base, queue: null, submit: submission.submit })).toEqual(RESULT);
    expect(submission.calls()).toBe(4);
    expect(pauses).toEqual([TIME_UP_SUBMIT_SPREAD_MS, 2000, 4000, 8000]);
  });

  it('gives up after five tries, or at once on a refusal', async () => {
    pauses.length = 0;
    const down = submitFailing(...Array.from({ length: 9 }, () => ({ status: 502 })));
    expect(await submitAtTimeUp({ ...base, queue: null, submit: down.submit })).toBeUndefined();
    expect(down.calls()).toBe(5);
    expect(pauses).toHaveLength(5);
    const refused = submitFailing({ status: 403 });
    expect(await submitAtTimeUp({ ...base, queue: null, submit: refused.submit })).toBeUndefined();
    expect(refused.calls()).toBe(1);
  });
});
