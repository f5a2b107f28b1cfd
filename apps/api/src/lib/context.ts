import type { Config } from '../config.ts';
import type { Database, Executor } from '../db/client.ts';
import type { Clock } from './clock.ts';
import type { Metrics } from './metrics.ts';
import type { RateLimits } from './rate-limits.ts';
import type { ReceiptKeys } from './receipt-keys.ts';
import type { Storage } from './storage.ts';

/** What the upload path needs: queue the processing of a media whose row is written (jobs/image-jobs.ts). */
export type ImageJobs = {
  /** Never throws: if queueing fails, the sweep queues the media again later (the row is pending). */
  enqueue: (mediaId: string) => Promise<void>;
};

/** A mail to send, queued in the outbox (mail/outbox.repo.ts). */
export type NewMail = { to: string; subject: string; text: string; html?: string };

/** What services need from the app: the database, the clock, configuration, limits and the outbox. */
export type ServiceContext = {
  db: Database;
  clock: Clock;
  config: Config;
  limits: RateLimits;
  /** The keys that sign and verify the receipts of photo commitments (decision 062). */
  receipts: ReceiptKeys;
  /** Uploaded files. */
  storage: Storage;
  /** Queues the processing of uploads acknowledged before processing (jobs/image-jobs.ts). */
  imageJobs: ImageJobs;
  /** This process's metrics: services count the exam's events here (lib/metrics.ts). */
  metrics: Metrics;
  /**
   * Runs work in one transaction; mails queued with `queueMail` are written in that transaction
   * (the outbox) and handed to the mail worker once it commits. Work that writes outbox rows itself (an
   * announcement's, in one statement) calls `mailsWritten` so the worker is woken all the same.
   */
  withMail: <T>(
    work: (tx: Executor, queueMail: (mail: NewMail) => Promise<void>, mailsWritten: () => void) => Promise<T>,
  ) => Promise<T>;
};
