import { ErrorResponseSchema } from '@ngso/shared/schemas/common';
import {
  type AnswerImage,
  AnswerSchema,
  AnswersResponseSchema,
  DeliveredPhotoResponseSchema,
  imageUrlsOf,
  LatePhotoResponseSchema,
  SaveAnswerResponseSchema,
} from '@ngso/shared/schemas/exam';
import type { z } from 'zod';
import { apiBaseUrl } from '../../lib/base-query.ts';
import { MediaError } from '../../lib/media/media-error.ts';
import { sendBytes } from '../../lib/media/upload.ts';
import { isRetryableStatus, parseRetryAfter } from '../../lib/retry.ts';
import { timeoutSignal } from '../../lib/timeout-signal.ts';
import { previewUrl } from './photo-preview.ts';
import type { QueueStorage } from './queue-storage.ts';
import {
  type QueueTransport,
  type SavedAnswer,
  type SaveInput,
  TransportError,
} from './transport-contract.ts';

/** The competition of the spec's paths (`/api/v1/ngso-1/...`). */
export const COMPETITION = 'ngso-1';

/** How long one JSON call may take before it counts as a failed connection. */
const CALL_TIMEOUT_MS = 20_000;

const apiUrl = (path: string) => new URL(path, apiBaseUrl()).toString();

/**
 * An HTTP refusal as the queue reads it: what lib/retry.ts retries (5xx, 429) and 401 (the session comes
 * back with a sign-in; the answers wait for it) are "try again later", 409 a conflict.
 */
function refusal(status: number, message: string | undefined, retryAfterMs: number | undefined) {
  const options = { status, retryAfterMs };
  if (isRetryableStatus(status) || status === 401) return new TransportError('network', message, options);
  if (status === 409) return new TransportError('conflict', message, options);
  return new TransportError('refused', message, options);
}

async function call(path: string, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      ...init,
      // A call that hangs on a dead mobile link fails after a while and goes back to the queue.
      signal: timeoutSignal(CALL_TIMEOUT_MS),
      credentials: 'include',
      cache: 'no-store',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
      },
    });
  } catch {
    throw new TransportError('network');
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (response.ok) return body;
  const parsed = ErrorResponseSchema.safeParse(body);
  const message = parsed.success ? parsed.data.message : undefined;
  throw refusal(response.status, message, parseRetryAfter(response.headers.get('Retry-After')));
}

/** The `data` of an answer in the shape `schema` expects; any other body counts as a failed connection. */
function dataOf<T>(schema: z.ZodType<{ data: T }>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new TransportError('network');
  return parsed.data.data;
}

/** The real exam: commitments, photo bytes and late photos on the server (api.md and issue 14). */
export const serverTransport: QueueTransport = {
  commit: async (input) => {
    const body = await call(`v1/${COMPETITION}/answers`, { method: 'POST', body: JSON.stringify(input) });
    return dataOf(SaveAnswerResponseSchema, body);
  },
  deliver: async (photo, onProgress, signal) => {
    let body: unknown;
    try {
      body = await sendBytes({
        url: apiUrl(`v1/${COMPETITION}/answer-photos/${photo.sha256}`),
        bytes: photo.bytes,
        fileName: photo.name,
        onProgress,
        signal,
      });
    } catch (error) {
      if (error instanceof MediaError && error.kind === 'http' && error.status !== undefined) {
        throw refusal(error.status, error.serverMessage, error.retryAfterMs);
      }
      throw new TransportError('network');
    }
    return dataOf(DeliveredPhotoResponseSchema, body);
  },
  registerLate: async (input) => {
    const body = await call(`v1/${COMPETITION}/late-photos`, { method: 'POST', body: JSON.stringify(input) });
    return dataOf(LatePhotoResponseSchema, body);
  },
  loadAnswers: async () => {
    const data = dataOf(AnswersResponseSchema, await call(`v1/${COMPETITION}/answers`));
    return { answers: data.data, latePhotos: data.late_photos };
  },
};

type KeptBytes = { type: string; bytes: ArrayBuffer };

/**
 * The practice exam: nothing goes to the server. Answers and photo bytes stay in this browser (under
 * `key`), so the practice never touches the real attempt and works for anyone at any time.
 */
export function practiceTransport(storage: QueueStorage, key: string, now = Date.now): QueueTransport {
  const bytesKey = (sha256: string) => `${key}:bytes:${sha256}`;
  const previews = new Map<string, string>();
  const previewOf = async (sha256: string): Promise<string | null> => {
    const known = previews.get(sha256);
    if (known) return known;
    const kept = await storage.get<KeptBytes>(bytesKey(sha256));
    const url = kept ? previewUrl(kept.bytes, kept.type) : null;
    if (url) previews.set(sha256, url);
    return url;
  };
  const read = async (): Promise<SavedAnswer[]> => {
    const stored = (await storage.get<SavedAnswer[]>(key)) ?? [];
    return stored.filter((answer) => AnswerSchema.safeParse(answer).success);
  };
  const withPreviews = async (answer: SavedAnswer): Promise<SavedAnswer> => {
    const images: AnswerImage[] = await Promise.all(
      answer.images.map(async (entry) =>
        entry.status === 'stored' ? { ...entry, url: await previewOf(entry.sha256) } : entry,
      ),
    );
    return { ...answer, images, image_urls: imageUrlsOf(images) };
  };
  const write = (answers: SavedAnswer[]) =>
    storage.set(
      key,
      answers.map((answer) => ({
        ...answer,
        image_urls: [],
        images: answer.images.map((entry) => ({ ...entry, url: null })),
      })),
    );
  return {
    loadAnswers: async () => ({
      answers: await Promise.all((await read()).map(withPreviews)),
      latePhotos: [],
    }),
    commit: async (input: SaveInput) => {
      const answers = await read();
      const current = answers.find((answer) => answer.question_id === input.question_id);
      if ((current?.version ?? 0) !== input.version)
        throw new TransportError('conflict', undefined, { status: 409 });
      const kept = new Set<string>();
      for (const entry of input.images) {
        if (await storage.get<KeptBytes>(bytesKey(entry.sha256))) kept.add(entry.sha256);
      }
      const saved: SavedAnswer = {
        question_id: input.question_id,
        image_urls: [],
        images: input.images.map((entry) => ({
          ...entry,
          url: null,
          status: kept.has(entry.sha256) ? 'stored' : 'pending',
        })),
        version: input.version + 1,
        saved_at: new Date(now()).toISOString(),
      };
      await write([...answers.filter((a) => a.question_id !== input.question_id), saved]);
      return withPreviews(saved);
    },
    deliver: async (photo, onProgress) => {
      await storage.set(bytesKey(photo.sha256), {
        type: photo.bytes.type,
        bytes: await photo.bytes.arrayBuffer(),
      } satisfies KeptBytes);
      const answers = await read();
      await write(
        answers.map((answer) => ({
          ...answer,
          images: answer.images.map((entry) =>
            entry.sha256 === photo.sha256 ? { ...entry, status: 'stored' as const } : entry,
          ),
        })),
      );
      onProgress(100);
      return {
        sha256: photo.sha256,
        size: photo.bytes.size,
        url: await previewOf(photo.sha256),
        status: 'stored',
        late: false,
      };
    },
    registerLate: async () => {
      // The practice has no deadline to miss.
      throw new TransportError('refused');
    },
  };
}
