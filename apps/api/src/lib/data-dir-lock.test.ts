import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';

describe('the data directory lock', () => {
  it('refuses a folder that a live process holds, naming it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ngso-lock-'));
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: other.pid, holder: 'server' }));
      expect(() => acquireDataDirLock(dir, 'admin:create')).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir, 'admin:create')).toThrow(
        `in use by a running server (process ${other.pid})`,
      );
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that died, and releases it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ngso-lock-'));
    writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: 2 ** 22 + 12345, holder: 'server' }));
    const release = acquireDataDirLock(dir, 'server');
    expect(JSON.parse(readFileSync(path.join(dir, 'server.lock'), 'utf8')).pid).toBe(process.pid);
    release();
    const again = acquireDataDirLock(dir, 'server');
    again();
  });
});
