import { CATEGORIES } from '@ngso/shared/constants';
import type { Metrics, Reading } from './metrics.ts';
import { TtlCache } from './ttl-cache.ts';

/**
 * How long a reading of the database stands: however often Prometheus (or several) scrape, the queries
 * behind the gauges run at most once in this time, and not at all while nobody scrapes.
 */
export const DATABASE_READINGS_FOR_MS = 5000;

/** `read` at most once every DATABASE_READINGS_FOR_MS (concurrent scrapes share one reading). */
export function everyFewSeconds<T>(read: () => Promise<T>) {
  const cache = new TtlCache<T>(DATABASE_READINGS_FOR_MS);
  return () => cache.get('reading', read);
}

const one = (value: number): Reading[] => [{ value }];

/** The PostgreSQL pool's connections (node-postgres counts them): all, idle, and queries waiting for one. */
export function watchDatabasePool(
  metrics: Metrics,
  pool: { totalCount: number; idleCount: number; waitingCount: number },
) {
  metrics.gauge('ngso_db_pool_total', 'Connections to PostgreSQL this process holds', [], () =>
    one(pool.totalCount),
  );
  metrics.gauge('ngso_db_pool_idle', 'Of those, the connections idle', [], () => one(pool.idleCount));
  metrics.gauge(
    'ngso_db_pool_waiting',
    'Queries waiting for a connection (all DATABASE_POOL_SIZE busy)',
    [],
    () => one(pool.waitingCount),
  );
}

/** The image jobs waiting for their turn (on PostgreSQL, every process's: the queue is shared). */
export function watchImageJobs(
  metrics: Metrics,
  backlog: () => Promise<{ waiting: number; oldestQueuedAt: Date | undefined }>,
  now = () => Date.now(),
) {
  const read = everyFewSeconds(backlog);
  metrics.gauge(
    'ngso_image_jobs_waiting',
    'Image jobs waiting for a worker (queued, or for a retry)',
    [],
    async () => one((await read()).waiting),
  );
  metrics.gauge(
    'ngso_image_job_oldest_seconds',
    'Seconds the oldest waiting image job has waited (0: none waits)',
    [],
    async () => {
      const { oldestQueuedAt } = await read();
      return one(oldestQueuedAt ? Math.max(0, (now() - oldestQueuedAt.getTime()) / 1000) : 0);
    },
  );
}

/** The answer photos' gate of this process (modules/exam/answer-upload-gate.ts). */
export function watchUploadGate(
  metrics: Metrics,
  gate: {
    usage: () => { inFlightBytes: number; waiting: number; budgetBytes: number };
    turnedAway: () => Readonly<Record<string, number>>;
  },
) {
  metrics.gauge(
    'ngso_upload_gate_in_use',
    'Bytes of answer photos admitted by the gate and in flight',
    [],
    () => one(gate.usage().inFlightBytes),
  );
  metrics.gauge(
    'ngso_upload_gate_budget_bytes',
    "The gate's budget now: 128 MB, or 16 MB while the thread is saturated (decision 047)",
    [],
    () => one(gate.usage().budgetBytes),
  );
  metrics.gauge('ngso_upload_gate_waiting', 'Answer photos waiting at the gate for their turn', [], () =>
    one(gate.usage().waiting),
  );
  metrics.counterFrom(
    'ngso_upload_gate_turned_away_total',
    'Answer photos turned away (503 or 429 with Retry-After): full, waited_too_long, per_account',
    ['reason'],
    () => Object.entries(gate.turnedAway()).map(([reason, value]) => ({ labels: { reason }, value })),
  );
}

/** The photos the server waits for, per category (every category named, 0 when none waits). */
export function watchUndeliveredPhotos(
  metrics: Metrics,
  undelivered: () => Promise<
    { category: string; count: number; oldestSeconds: number; pastWindowEndSeconds: number }[]
  >,
) {
  const read = everyFewSeconds(undelivered);
  const perCategory = async (pick: (row: Awaited<ReturnType<typeof undelivered>>[number]) => number) => {
    const rows = await read();
    return CATEGORIES.map((category) => {
      const row = rows.find((r) => r.category === category);
      return { labels: { category }, value: row ? pick(row) : 0 };
    });
  };
  metrics.gauge(
    'ngso_photos_undelivered',
    'Answer photos committed (or sent late) whose bytes have not arrived, while their delivery is open',
    ['category'],
    () => perCategory((row) => row.count),
  );
  metrics.gauge(
    'ngso_oldest_undelivered_seconds',
    'Seconds since the oldest undelivered photo was committed (0: none)',
    ['category'],
    () => perCategory((row) => row.oldestSeconds),
  );
  metrics.gauge(
    'ngso_undelivered_past_window_end_seconds',
    "Seconds since its student's window ended, for the undelivered photo whose window ended first (0: none)",
    ['category'],
    () => perCategory((row) => row.pastWindowEndSeconds),
  );
}

/** Mails not sent yet: the announcements' (sent at their rate) apart from the others. */
export function watchOutbox(
  metrics: Metrics,
  waiting: () => Promise<{ announcements: number; others: number }>,
) {
  const read = everyFewSeconds(waiting);
  metrics.gauge(
    'ngso_mail_outbox_waiting',
    'Mails waiting in the outbox: kind=announcement (sent at their rate) or other',
    ['kind'],
    async () => {
      const { announcements, others } = await read();
      return [
        { labels: { kind: 'announcement' }, value: announcements },
        { labels: { kind: 'other' }, value: others },
      ];
    },
  );
}
