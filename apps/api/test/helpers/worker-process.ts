import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FollowedChild, followChild, waitUntilReady } from './child-process.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** `npm run worker` as a child process, with the environment given; resolves once it works the queue. */
export async function startWorkerProcess(env: Record<string, string>): Promise<FollowedChild> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/worker.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      METRICS_PORT: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const worker = followChild(child);
  const started = async () => worker.output().includes('image worker started');
  const state = await waitUntilReady(worker, started, { timeoutMs: 60_000, intervalMs: 100 });
  if (state !== 'ready') {
    await worker.kill();
    throw new Error(`the worker did not start (${state}):\n${worker.output()}`);
  }
  return worker;
}
