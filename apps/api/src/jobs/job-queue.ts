/** What a job carries: a small JSON object (ids, never file contents). */
export type JobData = Record<string, string>;

/** Runs one job; a throw means "try again later" (with back-off), up to the queue's retry limit. */
export type JobHandler = (data: JobData) => Promise<void>;

export type JobLog = {
  warn: (obj: object, message: string) => void;
  error: (obj: object, message: string) => void;
};

/**
 * Background jobs, on PostgreSQL (pg-boss: jobs survive any process, several machines share them) or in
 * this process on the embedded database (jobs live in memory: whoever uses it re-creates them from the
 * database at start). docs/decisions/015-image-job-queue.md.
 */
export type JobQueue = {
  /** `durable`: a queued job survives the death of this process. */
  readonly durable: boolean;
  /** Prepares the queue (pg-boss creates or migrates its schema). */
  start: () => Promise<void>;
  /**
   * Queues jobs. While a job with the same key waits for its turn, another one is not queued (so a sweep
   * may queue the same work again without doubling it).
   */
  send: (name: string, jobs: Array<{ key: string; data: JobData }>) => Promise<void>;
  /** Works this process's share of `name`: `concurrency` jobs at a time, until stop(). */
  work: (name: string, concurrency: number, handler: JobHandler) => Promise<void>;
  /** Stops taking jobs, waits for the ones running (up to a time limit), and closes. */
  stop: () => Promise<void>;
  /** The jobs of `name` waiting for their turn (queued, or waiting for a retry) and when the oldest was queued. */
  backlog: (name: string) => Promise<JobBacklog>;
};

export type JobBacklog = { waiting: number; oldestQueuedAt: Date | undefined };

/** How long a job may run before it counts as lost (its process killed) and runs again. */
export type JobTiming = { timeoutSeconds: number };

/** Waits between the attempts of a failing job: 1 s, 2 s, 4 s ... at most a minute. */
export const retryDelayMs = (attempt: number) => Math.min(60_000, 1000 * 2 ** attempt);

/** Attempts of a failing job (a disk or database fault) before it is left failed for an operator. */
export const JOB_RETRY_LIMIT = 10;
