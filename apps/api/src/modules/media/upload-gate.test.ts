import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { accountGate, byteGate, uploadGate } from './upload-gate.ts';

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

describe('byteGate', () => {
  it('admits uploads in order while their bytes fit, queues the rest, and refuses past `waiting` with 503', async () => {
    const gate = byteGate({ budgetBytes: 10, waiting: 2 });
    const started: string[] = [];
    const releases = new Map<string, () => void>();
    const upload = (name: string, bytes: number) =>
      gate(bytes, () => {
        started.push(name);
        return new Promise<string>((resolve) => releases.set(name, () => resolve(name)));
      });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

    const a = upload('a', 4);
    const b = upload('b', 5);
    await settle();
    expect(started).toEqual(['a', 'b']);
    const c = upload('c', 4); // 13 > 10: waits
    const d = upload('d', 1); // behind c, in order, although it would fit
    await settle();
    expect(started).toEqual(['a', 'b']);
    const refused = await gate(1, async () => 'e').catch((err: unknown) => err);
    expect((refused as AppError).statusCode).toBe(503);
    expect((refused as AppError).options.headers).toEqual({ 'Retry-After': '5' });

    releases.get('a')?.();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    for (const name of ['b', 'c', 'd']) releases.get(name)?.();
    expect(await Promise.all([a, b, c, d])).toEqual(['a', 'b', 'c', 'd']);
  });

  it('runs an upload larger than the whole budget alone, and frees its bytes when it fails', async () => {
    const gate = byteGate({ budgetBytes: 10, waiting: 5 });
    await expect(gate(50, async () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await gate(50, async () => 'alone')).toBe('alone');
    expect(await Promise.all([gate(5, async () => 1), gate(5, async () => 2)])).toEqual([1, 2]);
  });
});
