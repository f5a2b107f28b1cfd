import type { Answer, CommittedImage, DeliveredPhoto, LatePhoto } from '@ngso/shared/schemas/exam';
import { isRetryableStatus } from '../../lib/retry.ts';

/**
 * What the answer queue needs from the server (the real exam, `transport.ts`'s `serverTransport`) or from
 * the browser (the practice exam, `practiceTransport`), and how it reads their failures.
 */

/** An answer as the server stores it (api.md, plus `images`, `version` and `saved_at`). */
export type SavedAnswer = Answer;

export type SaveInput = { question_id: string; images: CommittedImage[]; version: number };

export type LatePhotoInput = { question_id: string; sha256: string; size: number; taken_at: string };

export type LoadedAnswers = { answers: SavedAnswer[]; latePhotos: LatePhoto[] };

/**
 * Why a call failed: `network` (no answer, a gateway, 5xx, 429, 401: try again later), `conflict` (409),
 * `refused` (any other answer). `status` is the HTTP status when there was one.
 */
export type TransportErrorKind = 'network' | 'conflict' | 'refused';

export class TransportError extends Error {
  readonly kind: TransportErrorKind;
  /** The server's sentence for the student, when it sent one. */
  readonly serverMessage: string | undefined;
  readonly status: number | undefined;
  /** The server's Retry-After, in ms. */
  readonly retryAfterMs: number | undefined;
  constructor(
    kind: TransportErrorKind,
    serverMessage?: string,
    options: { status?: number; retryAfterMs?: number } = {},
  ) {
    super(serverMessage ?? kind);
    this.name = 'TransportError';
    this.kind = kind;
    this.serverMessage = serverMessage;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** A photo's bytes as they are delivered. */
export type PhotoBytes = { sha256: string; name: string; bytes: Blob };

export type QueueTransport = {
  /** Commits a question's full ordered list of photos (hash and size); the answer as stored. */
  commit: (input: SaveInput) => Promise<SavedAnswer>;
  /** Delivers a committed (or late) photo's bytes. Throws TransportError (404, 409, 422, 429, 503...). */
  deliver: (
    photo: PhotoBytes,
    onProgress: (percent: number) => void,
    signal: AbortSignal,
  ) => Promise<DeliveredPhoto>;
  /** Announces a photo that could not be committed in time (after the window and its grace). */
  registerLate: (input: LatePhotoInput) => Promise<LatePhoto>;
  loadAnswers: () => Promise<LoadedAnswers>;
};

/** The server's sentence for the student in a failure, when it sent one. */
export function messageOf(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'serverMessage' in error) {
    const message = (error as { serverMessage?: unknown }).serverMessage;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

/** A failure that says "no connection, try later" (TransportError network, or lib/media's network kinds). */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof TransportError) return error.kind === 'network';
  if (error && typeof error === 'object' && 'kind' in error) {
    const { kind, status } = error as { kind?: unknown; status?: unknown };
    if (kind === 'network') return true;
    if (kind === 'http' && typeof status === 'number') return isRetryableStatus(status);
  }
  return false;
}

export const statusOf = (error: unknown) => (error instanceof TransportError ? error.status : undefined);

export const retryAfterOf = (error: unknown) =>
  error instanceof TransportError ? error.retryAfterMs : undefined;
