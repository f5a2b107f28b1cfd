import type { ChildProcess } from 'node:child_process';

export type ExitStatus = { code: number | null; signal: NodeJS.Signals | null };

export type FollowedChild = ReturnType<typeof followChild>;

/**
 * A process a test started (a server, nginx, Redis): the last of what it printed, whether it has ended, and
 * the two ways to end it.
 */
export function followChild(child: ChildProcess, keepChunks = 400) {
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > keepChunks) output.splice(0, output.length - keepChunks);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let ended: ExitStatus | undefined;
  const exited = new Promise<ExitStatus>((resolve) =>
    child.once('exit', (code, signal) => {
      ended = { code, signal };
      resolve(ended);
    }),
  );
  return {
    pid: child.pid ?? 0,
    exited,
    /** How it ended, or undefined while it runs. */
    ended: () => ended,
    output: () => output.join(''),
    /** SIGTERM, the normal stop; SIGKILL if it has not ended after `graceMs`. */
    stop: async (graceMs: number): Promise<ExitStatus> => {
      if (ended) return ended;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const status = await exited;
      clearTimeout(timer);
      return status;
    },
    /** SIGKILL: no graceful shutdown, as a power cut of the process. */
    kill: async (): Promise<ExitStatus> => {
      if (ended) return ended;
      child.kill('SIGKILL');
      return exited;
    },
  };
}

/**
 * Asks `ready` every `intervalMs` until it says yes. Says 'ended' as soon as the process has ended, and
 * 'timeout' after `timeoutMs`; the caller words the failure.
 */
export async function waitUntilReady(
  child: FollowedChild,
  ready: () => Promise<boolean>,
  { timeoutMs, intervalMs }: { timeoutMs: number; intervalMs: number },
): Promise<'ready' | 'ended' | 'timeout'> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.ended()) return 'ended';
    if (await ready()) return 'ready';
    if (Date.now() > deadline) return 'timeout';
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
