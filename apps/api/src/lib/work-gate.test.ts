import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { workGate } from './work-gate.ts';

describe('workGate', () => {
  it('runs `atOnce`, queues `waiting` more, and refuses the next (or asks early) with 503 and its Retry-After', async () => {
    const gate = workGate({ atOnce: 1, waiting: 1, retryAfterSeconds: 7 });
    let release = () => {};
    const first = gate(() => new Promise<string>((resolve) => (release = () => resolve('first'))));
    expect(() => gate.assertRoom()).not.toThrow();
    const second = gate(async () => 'second');
    const early = (() => {
      try {
        gate.assertRoom();
      } catch (error) {
        return error;
      }
    })();
    const refused = await gate(async () => 'third').catch((error: unknown) => error);
    for (const error of [early, refused]) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).statusCode).toBe(503);
      expect((error as AppError).messageKey).toBe('server.unavailable');
      expect((error as AppError).options.headers).toEqual({ 'Retry-After': '7' });
    }
    release();
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
    expect(() => gate.assertRoom()).not.toThrow();
    expect(await gate(async () => 'later')).toBe('later');
  });
});
