import type { PreparedImage } from '../../lib/media/compress.ts';
import type { RetryPolicy } from '../../lib/retry.ts';
import { sha256Hex } from './photo-hash.ts';
import type { QueueNotice } from './queue-state.ts';
import type { QueueStorage } from './queue-storage.ts';
import { DEFAULT_BACKOFF } from './retry-schedule.ts';
import type { QueueTransport } from './transport-contract.ts';

/** What an answer queue is made with; everything but its transport, storage and scope has a default. */
export type QueueOptions = {
  transport: QueueTransport;
  storage: QueueStorage;
  /** Keys of this student's queue (one student's photos never go into another's answers). */
  scope: string;
  /** Compresses and checks a chosen image (lib/media); tests pass the file through. */
  prepare?: (file: File) => Promise<PreparedImage>;
  hash?: (bytes: ArrayBuffer) => Promise<string>;
  /** How many deliveries run at once (the server takes two per account). */
  concurrency?: number;
  /** A delivery with no progress for this long is stopped and tried again. */
  stallMs?: number;
  backoff?: RetryPolicy;
  now?: () => number;
  random?: () => number;
  isOnline?: () => boolean;
  newId?: () => string;
  onNotice?: (notice: QueueNotice) => void;
  /**
   * The student has no answers yet (the exam page opened from the paper at the start, a first attempt):
   * the server's answers are not read at start, only after the first save. Ignored when this device
   * holds work of an earlier visit.
   */
  noAnswersYet?: boolean;
  /**
   * No commit before this instant (this device's clock, ms): each page's own moment within the exam's
   * first seconds, so the first saves of thousands of pages do not land in the same second.
   */
  firstSaveAt?: number;
};

export type ResolvedQueueOptions = Required<Omit<QueueOptions, 'onNotice' | 'noAnswersYet' | 'firstSaveAt'>> &
  Pick<QueueOptions, 'onNotice' | 'noAnswersYet' | 'firstSaveAt'>;

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
}

export function withDefaults(options: QueueOptions): ResolvedQueueOptions {
  return {
    prepare: async (file) => ({ file, problems: [] }),
    hash: sha256Hex,
    concurrency: 2,
    stallMs: 30_000,
    backoff: DEFAULT_BACKOFF,
    now: Date.now,
    random: Math.random,
    isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
    newId: randomId,
    ...options,
  };
}
