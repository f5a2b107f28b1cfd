import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { AppError } from './app-error.ts';
import type { Clock } from './clock.ts';

/**
 * Login back-off per account (docs/decisions/010-login-back-off.md). Every login attempt for an e-mail is
 * counted when it starts and the count is cleared by a success, so the count is the run of failures. From
 * the fifth failure on, the next attempt must wait 1 s, then 2 s, 4 s … up to 60 s; an attempt that comes
 * sooner, even with the right password, is answered 429 with Retry-After, without checking the password.
 * The cap is what keeps a victim's lock-out short; the per-address limit bounds how many accounts one
 * attacker can hold back.
 */
export const BACK_OFF = {
  /** Failures allowed before the first wait. */
  freeFailures: 5,
  firstDelayMs: 1_000,
  maxDelayMs: 60_000,
  /** A run of failures is forgotten this long after its last attempt. */
  forgetAfterMs: 15 * 60_000,
} as const;

type GrowingWaits = { freeFailures: number; firstDelayMs: number; maxDelayMs: number };

/** The wait after the n-th failure in a row: none before `freeFailures`, then `firstDelayMs` doubling to the cap. */
export function growingDelayMs(failures: number, rule: GrowingWaits): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** (failures - rule.freeFailures));
}

/** The wait after the n-th failed login in a row: none up to the fourth, then 1 s doubling to 60 s. */
export const backOffDelayMs = (failures: number) => growingDelayMs(failures, BACK_OFF);

/** 429 with Retry-After in whole seconds (at least 1) and the login's message. */
export function waitError(waitMs: number) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError(429, seconds === 1 ? 'login.throttledSecond' : 'login.throttled', {
    params: { seconds },
    headers: { 'Retry-After': String(seconds) },
  });
}

/** Where the runs of failures are kept: this process's memory, or Redis when several processes serve. */
export type BackOffStore = {
  /**
   * In one atomic step: answers how many ms the account must still wait, or, when it need not wait,
   * counts this attempt, sets the wait before the next one, and answers 0.
   */
  attempt: (key: string, nowMs: number) => Promise<number>;
  clear: (key: string) => Promise<void>;
};

type Run = { failures: number; untilMs: number; lastMs: number };

export function memoryBackOffStore(): BackOffStore {
  const runs = new Map<string, Run>();
  const forgotten = (run: Run, nowMs: number) => nowMs - run.lastMs >= BACK_OFF.forgetAfterMs;
  return {
    async attempt(key, nowMs) {
      // No await before the write: two requests of this process cannot both pass.
      let run = runs.get(key);
      if (run && forgotten(run, nowMs)) run = undefined;
      if (run && nowMs < run.untilMs) return run.untilMs - nowMs;
      const failures = (run?.failures ?? 0) + 1;
      runs.delete(key); // re-inserted last, so the map stays in order of last attempt
      runs.set(key, { failures, untilMs: nowMs + backOffDelayMs(failures), lastMs: nowMs });
      // Forgotten runs are dropped from the oldest end, so memory follows the accounts tried recently.
      for (const [oldKey, oldRun] of runs) {
        if (!forgotten(oldRun, nowMs)) break;
        runs.delete(oldKey);
      }
      return 0;
    },
    async clear(key) {
      runs.delete(key);
    },
  };
}

/** The same steps as the memory store, in one Lua script so that processes sharing Redis cannot race. */
const ATTEMPT_SCRIPT = `
local now = tonumber(ARGV[1])
local free = tonumber(ARGV[2])
local first = tonumber(ARGV[3])
local cap = tonumber(ARGV[4])
local forget = tonumber(ARGV[5])
local run = redis.call('HMGET', KEYS[1], 'failures', 'until', 'last')
local failures = tonumber(run[1]) or 0
local untilMs = tonumber(run[2]) or 0
local last = tonumber(run[3]) or 0
if failures > 0 and now - last >= forget then
  failures = 0
  untilMs = 0
end
if now < untilMs then return untilMs - now end
failures = failures + 1
local delay = 0
if failures >= free then delay = math.min(cap, first * 2 ^ (failures - free)) end
redis.call('HSET', KEYS[1], 'failures', failures, 'until', string.format('%d', now + delay), 'last', string.format('%d', now))
redis.call('PEXPIRE', KEYS[1], forget + cap)
return 0
`;

export function redisBackOffStore(redis: Redis): BackOffStore {
  const name = (key: string) => `backoff:login:${key}`;
  return {
    async attempt(key, nowMs) {
      const wait = await redis.eval(
        ATTEMPT_SCRIPT,
        1,
        name(key),
        nowMs,
        BACK_OFF.freeFailures,
        BACK_OFF.firstDelayMs,
        BACK_OFF.maxDelayMs,
        BACK_OFF.forgetAfterMs,
      );
      return Number(wait);
    },
    async clear(key) {
      await redis.del(name(key));
    },
  };
}

/**
 * `device`: the hash of a device cookie that proved a good login of this account. Attempts from such a
 * device run a back-off of their own, so strangers' failures on the account never hold its owner back.
 */
export type LoginBackOff = {
  /** Throws 429 with Retry-After while the account (or the device) must wait; otherwise counts this attempt. */
  begin: (email: string, device?: string) => Promise<void>;
  /** A successful login ends the run of failures (the device's own run when it came from a known device). */
  succeeded: (email: string, device?: string) => Promise<void>;
};

/** Keys are the SHA-256 of the lower-cased e-mail: the store never holds an address. */
const accountKey = (email: string, device?: string) => {
  const account = createHash('sha256').update(email.toLowerCase()).digest('hex');
  return device ? `${account}:${device}` : account;
};

export function createLoginBackOff(store: BackOffStore, clock: Clock): LoginBackOff {
  return {
    async begin(email, device) {
      const waitMs = await store.attempt(accountKey(email, device), clock.now().getTime());
      if (waitMs > 0) throw waitError(waitMs);
    },
    async succeeded(email, device) {
      await store.clear(accountKey(email, device));
    },
  };
}
