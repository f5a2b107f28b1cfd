import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import { JOB_RETRY_LIMIT, type JobHandler, type JobLog, type JobQueue, type JobTiming } from './job-queue.ts';

/** Runs SQL for pg-boss on the app's own connection pool (no second pool per process). */
export type SqlRunner = { query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> };

/** How often an idle worker asks PostgreSQL for a job (a job queued in this process wakes it at once). */
const IDLE_POLL_MS = 1000;

/**
 * The queue on PostgreSQL: pg-boss 10 (docs/decisions/015-image-job-queue.md). A job is a row; a worker
 * takes it with FOR UPDATE SKIP LOCKED, so any number of processes on any number of machines share the
 * work. A job still active after `timeoutSeconds` (its process was killed, its machine lost) is failed by
 * pg-boss's maintenance and runs again, up to the retry limit.
 *
 * Each worker slot is a small loop of fetch, run, complete (or fail): pg-boss's own `work()` sleeps its
 * polling interval after every batch, which would cap a slot at one job per interval.
 */
export function pgBossQueue(sql: SqlRunner, log: JobLog, timing: JobTiming): JobQueue {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => sql.query(text, values) as Promise<{ rows: never[] }> },
    // Expired jobs are looked for this often (the default, two minutes, is long for a lost photo).
    maintenanceIntervalSeconds: Math.max(1, Math.min(30, Math.floor(timing.timeoutSeconds / 2))),
    // No cron schedules here: saves a timer and its queries.
    schedule: false,
  });
  boss.on('error', (err) => log.warn({ err }, 'job queue: a maintenance query failed'));
  const created = new Set<string>();
  const wakers = new Map<string, Set<() => void>>();
  const loops: Promise<void>[] = [];
  const stopped = new AbortController();

  const ensureQueue = async (name: string) => {
    if (created.has(name)) return;
    // `short`: at most one waiting job per key; a job already running does not stop a new one.
    await boss.createQueue(name, {
      name,
      policy: 'short',
      retryLimit: JOB_RETRY_LIMIT,
      retryDelay: 1,
      retryBackoff: true,
    });
    created.add(name);
  };

  const slot = async (name: string, handler: JobHandler) => {
    while (!stopped.signal.aborted) {
      const [job] = await boss.fetch<Record<string, string>>(name, { batchSize: 1 }).catch(() => []);
      if (!job) {
        await idle(name);
        continue;
      }
      try {
        await handler(job.data);
        await boss.complete(name, job.id);
      } catch (err) {
        log.warn({ err, job: name, data: job.data }, 'a background job failed; it will run again');
        await boss.fail(name, job.id, { message: String((err as Error).message ?? err) }).catch(() => {});
      }
    }
  };

  const idle = async (name: string) => {
    let wake = () => {};
    const woken = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const set = wakers.get(name) ?? new Set();
    wakers.set(name, set);
    set.add(wake);
    await Promise.race([woken, sleep(IDLE_POLL_MS, undefined, { signal: stopped.signal }).catch(() => {})]);
    set.delete(wake);
  };

  return {
    durable: true,
    start: async () => {
      await boss.start();
    },
    send: async (name, jobs) => {
      if (jobs.length === 0) return;
      await ensureQueue(name);
      // One statement for many jobs (the sweep); a key already waiting is skipped (ON CONFLICT DO NOTHING).
      await boss.insert(
        jobs.map(({ key, data }) => ({
          name,
          data,
          singletonKey: key,
          expireInSeconds: timing.timeoutSeconds,
        })),
      );
      for (const wake of wakers.get(name) ?? []) wake();
    },
    // pg-boss 10's own table: `created` and `retry` are the jobs waiting for a worker.
    backlog: async (name) => {
      const { rows } = await sql.query(
        `select count(*)::int as waiting, min(created_on) as oldest
           from pgboss.job where name = $1 and state < 'active'`,
        [name],
      );
      const [row] = rows as { waiting: number; oldest: Date | null }[];
      return { waiting: Number(row?.waiting ?? 0), oldestQueuedAt: row?.oldest ?? undefined };
    },
    work: async (name, concurrency, handler) => {
      await ensureQueue(name);
      for (let i = 0; i < concurrency; i += 1) loops.push(slot(name, handler));
    },
    stop: async () => {
      stopped.abort();
      await Promise.race([Promise.allSettled(loops), sleep(30_000, undefined, { ref: false })]);
      await boss.stop({ graceful: false, wait: true });
    },
  };
}
