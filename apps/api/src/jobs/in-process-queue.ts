import {
  JOB_RETRY_LIMIT,
  type JobData,
  type JobHandler,
  type JobLog,
  type JobQueue,
  retryDelayMs,
} from './job-queue.ts';

type Job = { key: string; data: JobData; attempt: number; queuedAt: number };

type Line = {
  ready: Job[];
  /** Keys of the jobs waiting (ready or waiting for a retry), so the same work is not queued twice. */
  keys: Set<string>;
  handler?: JobHandler;
  concurrency: number;
  running: Set<Promise<void>>;
};

/**
 * The queue on the embedded database: jobs live in this process's memory (the embedded database belongs to
 * one process anyway). Nothing is lost when the process dies only if the work can be found again in the
 * database: the image jobs re-queue every pending media at start (jobs/image-jobs.ts).
 */
export function inProcessQueue(log: JobLog, options: { stopTimeoutMs?: number } = {}): JobQueue {
  const lines = new Map<string, Line>();
  const timers = new Set<NodeJS.Timeout>();
  /** Jobs waiting for a retry, by their timer: counted as waiting too. */
  const retrying = new Map<NodeJS.Timeout, { name: string; job: Job }>();
  let stopping = false;

  const lineOf = (name: string) => {
    let line = lines.get(name);
    if (!line) {
      line = { ready: [], keys: new Set(), concurrency: 0, running: new Set() };
      lines.set(name, line);
    }
    return line;
  };

  const pump = (name: string, line: Line) => {
    while (!stopping && line.handler && line.running.size < line.concurrency) {
      const job = line.ready.shift();
      if (!job) return;
      line.keys.delete(job.key);
      const run = runJob(name, line, line.handler, job);
      line.running.add(run);
      void run.finally(() => {
        line.running.delete(run);
        pump(name, line);
      });
    }
  };

  const runJob = async (name: string, line: Line, handler: JobHandler, job: Job) => {
    try {
      await handler(job.data);
    } catch (err) {
      if (job.attempt >= JOB_RETRY_LIMIT) {
        log.error({ err, job: name, data: job.data }, 'a background job failed for good');
        return;
      }
      log.warn(
        { err, job: name, data: job.data, attempt: job.attempt },
        'a background job failed; it will run again',
      );
      if (line.keys.has(job.key)) return; // queued again meanwhile
      line.keys.add(job.key);
      const timer = setTimeout(() => {
        timers.delete(timer);
        retrying.delete(timer);
        line.ready.push({ ...job, attempt: job.attempt + 1 });
        pump(name, line);
      }, retryDelayMs(job.attempt));
      timers.add(timer);
      retrying.set(timer, { name, job });
    }
  };

  return {
    durable: false,
    start: async () => {},
    send: async (name, jobs) => {
      const line = lineOf(name);
      for (const { key, data } of jobs) {
        if (stopping || line.keys.has(key)) continue;
        line.keys.add(key);
        line.ready.push({ key, data, attempt: 0, queuedAt: Date.now() });
      }
      pump(name, line);
    },
    backlog: async (name) => {
      const waiting = [
        ...(lines.get(name)?.ready ?? []),
        ...[...retrying.values()].filter((entry) => entry.name === name).map((entry) => entry.job),
      ];
      const oldest = Math.min(...waiting.map((job) => job.queuedAt));
      return { waiting: waiting.length, oldestQueuedAt: waiting.length ? new Date(oldest) : undefined };
    },
    work: async (name, concurrency, handler) => {
      const line = lineOf(name);
      line.handler = handler;
      line.concurrency = concurrency;
      pump(name, line);
    },
    stop: async () => {
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      retrying.clear();
      const running = [...lines.values()].flatMap((line) => [...line.running]);
      const limit = new Promise((resolve) => setTimeout(resolve, options.stopTimeoutMs ?? 30_000).unref());
      await Promise.race([Promise.allSettled(running), limit]);
    },
  };
}
