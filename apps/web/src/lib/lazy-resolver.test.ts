import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-resolver.ts';

const Schema = z.object({ email: z.email('email.invalid') });
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyZodResolver', () => {
  it('loads the schema at the first check only, and checks with it', async () => {
    const load = vi.fn(async () => Schema);
    const resolver = lazyZodResolver<typeof Schema>(load);
    expect(load).not.toHaveBeenCalled();
    const refused = await resolver({ email: 'nope' }, undefined, options);
    expect(refused.errors.email?.message).toBe('email.invalid');
    const accepted = await resolver({ email: 'ayesha@example.com' }, undefined, options);
    expect(accepted).toEqual({ values: { email: 'ayesha@example.com' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the download again at the next check when it failed (a dropped connection)', async () => {
    const load = vi
      .fn<() => Promise<typeof Schema>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Schema);
    const resolver = lazyZodResolver<typeof Schema>(load);
    await expect(resolver({ email: 'nope' }, undefined, options)).rejects.toThrow('Failed to fetch');
    const refused = await resolver({ email: 'nope' }, undefined, options);
    expect(refused.errors.email?.message).toBe('email.invalid');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
