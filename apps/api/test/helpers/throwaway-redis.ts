import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { followChild, waitUntilReady } from './child-process.ts';

function redisBinary(): string {
  for (const dir of ['/usr/bin', ...(process.env.PATH ?? '').split(path.delimiter)]) {
    if (dir && existsSync(path.join(dir, 'redis-server'))) return path.join(dir, 'redis-server');
  }
  throw new Error('redis-server not found: install it (Debian: apt-get install redis-server)');
}

export type ThrowawayRedis = Awaited<ReturnType<typeof startThrowawayRedis>>;

/**
 * A Redis of its own (the server keeps its rate-limit keys without a prefix, so tests that count them must
 * not share the machine's Redis): a child process on 127.0.0.1:port, nothing written to disk.
 */
export async function startThrowawayRedis(port: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ngso-redis-'));
  const child: ChildProcess = spawn(
    redisBinary(),
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const followed = followChild(child);
  const url = `redis://127.0.0.1:${port}`;
  const redis = {
    url,
    pid: followed.pid,
    stop: async () => {
      await followed.stop(5_000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const answers = async () => {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => {});
    const ok = await probe
      .connect()
      .then(() => probe.ping())
      .then((answer) => answer === 'PONG')
      .catch(() => false);
    probe.disconnect();
    return ok;
  };
  const state = await waitUntilReady(followed, answers, { timeoutMs: 15_000, intervalMs: 100 });
  if (state === 'ready') return redis;
  await redis.stop();
  throw new Error(
    state === 'ended'
      ? `redis-server exited:\n${followed.output()}`
      : `redis-server did not answer on ${port} within 15 s:\n${followed.output()}`,
  );
}
