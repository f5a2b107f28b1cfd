import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { generatedKeyFile, loadReceiptKeys } from '../src/lib/receipt-keys.ts';

// A slow disk: each file is written in two halves, 30 ms apart, so that a process starting beside another
// can find the key file while it is half written (what broke three processes starting together in CI).
vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof import('node:fs/promises')>();
  const writeFile: typeof fs.writeFile = async (file, data, options) => {
    const text = String(data);
    const flag = typeof options === 'object' && options?.flag ? options.flag : 'w';
    const handle = await fs.open(file as string, flag, 0o600);
    try {
      await handle.write(text.slice(0, text.length / 2));
      await new Promise((resolve) => setTimeout(resolve, 30));
      await handle.write(text.slice(text.length / 2));
    } finally {
      await handle.close();
    }
  };
  return { ...fs, default: { ...fs, writeFile }, writeFile };
});

describe('the generated receipt key', () => {
  it('is the same for processes that start together on one data folder, and never read half written', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ngso-receipt-key-'));
    try {
      const started = await Promise.all(
        Array.from({ length: 8 }, () => loadReceiptKeys({ DATA_DIR: dataDir })),
      );
      expect(new Set(started.map((keys) => keys.signing.id)).size).toBe(1);
      // Nothing left beside the key, and a restart keeps it.
      expect(await readdir(dataDir)).toEqual([path.basename(generatedKeyFile({ DATA_DIR: dataDir }))]);
      expect((await loadReceiptKeys({ DATA_DIR: dataDir })).signing.id).toBe(started[0]?.signing.id);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
