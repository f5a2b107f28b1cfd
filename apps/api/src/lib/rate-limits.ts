import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { AppError } from './app-error.ts';
import type { Clock } from './clock.ts';
import {
  createLoginBackOff,
  type LoginBackOff,
  memoryBackOffStore,
  redisBackOffStore,
} from './login-back-off.ts';

/**
 * Limits, keyed on the account first: mobile networks and school labs put many students behind
 * one address, so the per-address limits are generous and the per-account ones strict. Logins per
 * account are held back by the exponential back-off of login-back-off.ts instead of a fixed count.
 */
const LIMITS = {
  loginPerIp: { points: 300, duration: 600 },
  forgotPerEmail: { points: 5, duration: 3600 },
  forgotPerIp: { points: 100, duration: 3600 },
  registerPerIp: { points: 100, duration: 3600 },
} as const;

export type LimitName = keyof typeof LIMITS;

export type RateLimits = {
  /** Counts one attempt against each named limit; throws 429 with Retry-After when one is used up. */
  consume: (checks: Partial<Record<LimitName, string>>) => Promise<void>;
  /** Forgets the attempts of one key. */
  reset: (name: LimitName, key: string) => Promise<void>;
  /** Failed logins per account, with exponential back-off (docs/decisions/010-login-back-off.md). */
  login: LoginBackOff;
};

export function createRateLimits(options: { enabled: boolean; redis?: Redis; clock: Clock }): RateLimits {
  if (!options.enabled) {
    return {
      consume: async () => {},
      reset: async () => {},
      login: { begin: async () => {}, succeeded: async () => {} },
    };
  }
  const limiters = Object.fromEntries(
    Object.entries(LIMITS).map(([name, limit]) => [
      name,
      options.redis
        ? new RateLimiterRedis({ storeClient: options.redis, keyPrefix: `rl:${name}`, ...limit })
        : new RateLimiterMemory({ keyPrefix: name, ...limit }),
    ]),
  ) as unknown as Record<LimitName, RateLimiterAbstract>;

  const login = createLoginBackOff(
    options.redis ? redisBackOffStore(options.redis) : memoryBackOffStore(),
    options.clock,
  );

  return {
    login,
    async consume(checks) {
      for (const [name, key] of Object.entries(checks) as [LimitName, string][]) {
        try {
          await limiters[name].consume(key);
        } catch (result) {
          if (!(result instanceof RateLimiterRes)) throw result;
          const seconds = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
          throw new AppError(429, 'rateLimited', {
            params: { minutes: Math.ceil(seconds / 60) },
            headers: { 'Retry-After': String(seconds) },
          });
        }
      }
    },
    async reset(name, key) {
      await limiters[name].delete(key);
    },
  };
}
