import type { Database, DatabaseHandle } from '../db/client.ts';
import { batchLoader } from '../lib/batch-loader.ts';
import type { ImageJobs } from '../lib/context.ts';
import type { Storage } from '../lib/storage.ts';
import { processPendingMedia } from '../modules/media/media-processing.ts';
import { pendingMediaIds } from '../modules/media/public.ts';
import { inProcessQueue } from './in-process-queue.ts';
import type { JobBacklog, JobLog, JobQueue } from './job-queue.ts';
import { pgBossQueue, type SqlRunner } from './pg-boss-queue.ts';

export const IMAGE_JOB = 'process-image';

/** Pending media re-queued per sweep at most (the next sweep takes the next ones). */
const SWEEP_BATCH = 2000;

export type ImageJobRunner = ImageJobs & {
  start: () => Promise<void>;
  stop: () => Promise<void>;
  /** The image jobs waiting for their turn, in every process that shares the queue (the metrics). */
  backlog: () => Promise<JobBacklog>;
};

/** Why an image job failed: an error (it runs again), or bytes that do not decode (the photo ends failed). */
export type ImageJobFailure = 'error' | 'undecodable';

/** PostgreSQL: pg-boss on the app's own pool; the embedded database: the queue in this process. */
export function openJobQueue(database: DatabaseHandle, log: JobLog, timeoutSeconds: number): JobQueue {
  if (database.kind === 'postgres') {
    // Drizzle's node-postgres database keeps its pool as $client.
    const pool = (database.db as unknown as { $client: SqlRunner }).$client;
    return pgBossQueue(pool, log, { timeoutSeconds });
  }
  return inProcessQueue(log);
}

/**
 * The image jobs of one process: it queues the media it stores, and with `workers` > 0 it also processes
 * them, that many at a time. Every process that works also sweeps: every half `timeoutSeconds`, media still
 * pending after `timeoutSeconds` are queued again (a crash between the row and its job, a job that ran out
 * of retries). With a queue that lives in memory (the embedded database), every pending media is queued at
 * start: what the previous process had acknowledged and not processed is processed now.
 */
export function imageJobs(options: {
  queue: JobQueue;
  db: Database;
  storage: Storage;
  log: JobLog;
  workers: number;
  timeoutSeconds: number;
  /** Waits before each job while something more urgent shares the cores (a server's requests: yield-to-requests.ts). */
  waitYourTurn?: () => Promise<void>;
  /** Told of each job that failed (the metrics count them). */
  onFailed?: (reason: ImageJobFailure) => void;
}): ImageJobRunner {
  const { queue, db, storage, log } = options;
  let sweeper: NodeJS.Timeout | undefined;

  const requeue = async (ids: string[]) => {
    await queue.send(
      IMAGE_JOB,
      ids.map((mediaId) => ({ key: mediaId, data: { mediaId } })),
    );
  };
  // The photos acknowledged in the same turn of the event loop (the exam's last minutes) share one insert.
  const queueTogether = batchLoader(async (ids) => {
    await requeue(ids);
    return new Map<string, never>();
  });
  const sweep = async (before?: Date) => {
    try {
      await requeue(await pendingMediaIds(db, SWEEP_BATCH, before));
    } catch (err) {
      log.warn({ err }, 'image jobs: the sweep of pending media failed; the next one tries again');
    }
  };

  return {
    enqueue: async (mediaId) => {
      try {
        await queueTogether(mediaId);
      } catch (err) {
        log.warn({ err, mediaId }, 'image jobs: could not queue a media; the sweep will');
      }
    },
    start: async () => {
      await queue.start();
      if (options.workers <= 0) {
        if (!queue.durable) {
          log.warn(
            {},
            'IMAGE_WORKERS=0 on the embedded database: answer photos stay pending until a restart with workers',
          );
        }
        return;
      }
      await queue.work(IMAGE_JOB, options.workers, async (data) => {
        await options.waitYourTurn?.();
        let outcome: Awaited<ReturnType<typeof processPendingMedia>>;
        try {
          outcome = await processPendingMedia({ db, storage }, data.mediaId ?? '');
        } catch (err) {
          options.onFailed?.('error');
          throw err;
        }
        if (outcome === 'failed') options.onFailed?.('undecodable');
      });
      if (!queue.durable) await sweep();
      sweeper = setInterval(
        () => void sweep(new Date(Date.now() - options.timeoutSeconds * 1000)),
        (options.timeoutSeconds * 1000) / 2,
      );
      sweeper.unref();
    },
    stop: async () => {
      clearInterval(sweeper);
      await queue.stop();
    },
    backlog: () => queue.backlog(IMAGE_JOB),
  };
}
