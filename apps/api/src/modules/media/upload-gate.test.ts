import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { accountGate, uploadGate } from './upload-gate.ts';

describe('uploadGate', () => {
  it('runs `atOnce` uploads, queues `waiting` more, and refuses the next with 503 and Retry-After', async () => {
    const gate = uploadGate({ atOnce: 1, waiting: 1 });
    let release = () => {};
    const first = gate(() => new Promise<string>((resolve) => (release = () => resolve('first'))));
    const second = gate(async () => 'second');
    const refused = await gate(async () => 'third').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(503);
    expect((refused as AppError).options.headers).toEqual({ 'Retry-After': '5' });
    release();
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
    expect(await gate(async () => 'later')).toBe('later');
  });
});

describe('accountGate', () => {
  it('lets `atOnce` uploads of one account in, refuses the next with 429, and counts accounts apart', async () => {
    const gate = accountGate(2);
    const releases: Array<() => void> = [];
    const held = () => new Promise<string>((resolve) => releases.push(() => resolve('done')));
    const first = gate('a', held);
    const second = gate('a', held);
    const refused = await gate('a', async () => 'third').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(429);
    expect((refused as AppError).messageKey).toBe('upload.tooManyAtOnce');
    expect((refused as AppError).options.headers).toEqual({ 'Retry-After': '2' });
    expect(await gate('b', async () => 'other account')).toBe('other account');
    for (const release of releases) release();
    expect(await Promise.all([first, second])).toEqual(['done', 'done']);
    // A failed upload gives its place back too.
    await expect(gate('a', async () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await gate('a', async () => 'later')).toBe('later');
  });
});
