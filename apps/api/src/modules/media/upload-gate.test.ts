import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { uploadGate } from './upload-gate.ts';

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
