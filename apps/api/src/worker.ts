import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config.ts';
import { openConfiguredDatabase, withStartupLock } from './db/client.ts';
import { imageJobs, openJobQueue } from './jobs/image-jobs.ts';
import type { JobLog } from './jobs/job-queue.ts';
import { serializeLoggedError } from './lib/database-errors.ts';
import { createMetrics } from './lib/metrics.ts';
import { watchDatabasePool, watchImageJobs } from './lib/metrics-gauges.ts';
import { serveMetrics } from './lib/metrics-server.ts';
import { openStorage } from './lib/open-storage.ts';
import { allowImagesAtOnce } from './modules/media/image-pipeline.ts';

/** Jobs at once when IMAGE_WORKERS is 0 (the value the servers have when separate workers run). */
const DEFAULT_JOBS_AT_ONCE = 2;

/** One JSON line per event, as the server logs (pino's shape: level, time, msg). */
const line =
  (level: number) =>
  (obj: object, msg: string): void => {
    const fields = Object.fromEntries(
      Object.entries(obj).map(([key, value]) =>
        // Errors as the server logs them: a failed query without its parameters.
        value instanceof Error ? [key, serializeLoggedError(value)] : [key, value],
      ),
    );
    process.stdout.write(`${JSON.stringify({ level, time: Date.now(), name: 'worker', ...fields, msg })}\n`);
  };
const log: JobLog & { info: (obj: object, msg: string) => void } = {
  info: line(30),
  warn: line(40),
  error: line(50),
};

/**
 * `npm run worker`: a process without HTTP that processes the image jobs (re-encoding of acknowledged
 * uploads), on this machine or another one that shares PostgreSQL and the file store (the S3 bucket, or DATA_DIR) with
 * the servers.
 * docs/operations.md, "Workers".
 */
async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    throw new ConfigError(
      'npm run worker needs DATABASE_URL (PostgreSQL): on the embedded database, the server process works ' +
        'the image jobs itself (IMAGE_WORKERS), since the embedded database belongs to that one process.',
    );
  }
  const jobsAtOnce = config.IMAGE_WORKERS > 0 ? config.IMAGE_WORKERS : DEFAULT_JOBS_AT_ONCE;
  allowImagesAtOnce(jobsAtOnce);
  const database = await openConfiguredDatabase(config);
  const metrics = createMetrics(log.warn);
  const jobs = imageJobs({
    queue: openJobQueue(database, log, config.IMAGE_JOB_TIMEOUT_SECONDS),
    db: database.db,
    storage: await openStorage(config),
    log,
    workers: jobsAtOnce,
    timeoutSeconds: config.IMAGE_JOB_TIMEOUT_SECONDS,
    onFailed: (reason) => metrics.imageJobsFailed.inc({ reason }),
  });
  if (database.pool) watchDatabasePool(metrics, database.pool);
  watchImageJobs(metrics, jobs.backlog);
  // One process at a time starts its queue: on a new database pg-boss creates its tables then.
  await withStartupLock(config.DATABASE_URL, () => jobs.start());
  log.info({ jobsAtOnce }, 'image worker started');
  const listener = await serveMetrics(
    metrics.registry,
    { host: config.METRICS_HOST, port: config.METRICS_PORT },
    log,
  );

  closeWithGrace({ delay: 30_000 }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'stopping after an error');
    else log.info({ signal }, 'stopping: finishing the jobs under way');
    await jobs.stop();
    await listener?.close();
    await database.close();
  });
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
