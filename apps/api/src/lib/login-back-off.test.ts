import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { fixedClock } from './clock.ts';
import { BACK_OFF, backOffDelayMs, createLoginBackOff, memoryBackOffStore } from './login-back-off.ts';

describe('login back-off', () => {
  it('waits nothing for four failures, then 1 s doubling to 60 s', () => {
    expect([1, 2, 3, 4].map(backOffDelayMs)).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10, 11, 12, 500].map(backOffDelayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });

  it('lets exactly one of many simultaneous attempts through when a wait ends', async () => {
    const clock = fixedClock('2026-03-01T08:00:00Z');
    const backOff = createLoginBackOff(memoryBackOffStore(), clock);
    for (let i = 0; i < BACK_OFF.freeFailures; i++) await backOff.begin('a@example.com');
    clock.advance(1_000);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => backOff.begin('a@example.com')),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(AppError);
    expect(refused?.status === 'rejected' && (refused.reason as AppError).options.headers).toEqual({
      'Retry-After': '2',
    });
  });

  it('keeps accounts apart and is cleared by a success', async () => {
    const clock = fixedClock('2026-03-01T08:00:00Z');
    const backOff = createLoginBackOff(memoryBackOffStore(), clock);
    for (let i = 0; i < BACK_OFF.freeFailures; i++) await backOff.begin('victim@example.com');
    await expect(backOff.begin('victim@example.com')).rejects.toMatchObject({ statusCode: 429 });
    await expect(backOff.begin('VICTIM@example.com')).rejects.toMatchObject({ statusCode: 429 });
    await expect(backOff.begin('someone@example.com')).resolves.toBeUndefined();
    await backOff.succeeded('victim@example.com');
    await expect(backOff.begin('victim@example.com')).resolves.toBeUndefined();
  });
});
