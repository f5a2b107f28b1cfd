import type { Redis } from 'ioredis';
import ipaddr from 'ipaddr.js';
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
  loginPerIp: { points: 300, duration: 600, by: 'address' },
  forgotPerEmail: { points: 5, duration: 3600, by: 'account' },
  forgotPerIp: { points: 100, duration: 3600, by: 'address' },
  registerPerIp: { points: 100, duration: 3600, by: 'address' },
  resetPerEmail: { points: 10, duration: 3600, by: 'account' },
  resetPerIp: { points: 100, duration: 3600, by: 'address' },
  // The public QR check: a venue's door scans hundreds of admit cards through one address, but nobody
  // needs more than one a second for ten minutes; a certificate's check computes its category's standings.
  verifyPerIp: { points: 600, duration: 600, by: 'address' },
  // A receipt's check is a signature's check: as cheap as a QR code's, and as public.
  receiptVerifyPerIp: { points: 600, duration: 600, by: 'address' },
} as const;

export type LimitName = keyof typeof LIMITS;

/**
 * The key under which a client address is counted: an IPv4 address as it is (an IPv4-mapped IPv6 address
 * as its IPv4 one), an IPv6 address by its /64. A subscriber gets a whole /64 and can walk through it at
 * will, so counting single IPv6 addresses would be no limit at all.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
}

/** Account keys are e-mails, counted whatever their case. */
const keyOf = (name: LimitName, key: string) =>
  LIMITS[name].by === 'address' ? addressKey(key) : key.toLowerCase();

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
    Object.entries(LIMITS).map(([name, { points, duration }]) => [
      name,
      options.redis
        ? new RateLimiterRedis({ storeClient: options.redis, keyPrefix: `rl:${name}`, points, duration })
        : new RateLimiterMemory({ keyPrefix: name, points, duration }),
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
          await limiters[name].consume(keyOf(name, key));
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
      await limiters[name].delete(keyOf(name, key));
    },
  };
}
