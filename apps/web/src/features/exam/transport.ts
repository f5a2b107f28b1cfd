import { ErrorResponseSchema } from '@ngso/shared/schemas/common';
import { AnswerSchema, AnswersResponseSchema, SaveAnswerResponseSchema } from '@ngso/shared/schemas/exam';
import { UploadResponseSchema } from '@ngso/shared/schemas/media';
import { apiBaseUrl } from '../../lib/base-query.ts';
import { MediaError } from '../../lib/media/media-error.ts';
import { sendFile } from '../../lib/media/upload.ts';
import {
  type QueueStorage,
  type QueueTransport,
  type SavedAnswer,
  type SaveInput,
  TransportError,
} from './answer-queue.ts';

/** The competition of the spec's paths (`/api/v1/ngso-1/...`). */
export const COMPETITION = 'ngso-1';

/** How long one JSON call may take before it counts as a failed connection. */
const CALL_TIMEOUT_MS = 20_000;

const apiUrl = (path: string) => new URL(path, apiBaseUrl()).toString();

/**
 * `POST /api/v1/upload` with an image already compressed by the queue (lib/media's prepareImage): the
 * same multipart call as uploadMediaImage, without compressing a second time. The queue does the
 * retrying, so one attempt here. A reply without a url is the spec's 'Upload failed'.
 */
export async function uploadPrepared(
  file: File,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<string> {
  const body = await sendFile({
    url: apiUrl('v1/upload'),
    file,
    onProgress,
    signal,
    retry: { retries: 0, baseDelayMs: 0, maxDelayMs: 0 },
  });
  const parsed = UploadResponseSchema.safeParse(body);
  if (!parsed.success) throw new MediaError('badResponse', { fileName: file.name });
  return parsed.data.url;
}

async function call(path: string, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      ...init,
      // A save that hangs on a dead mobile link fails after a while and goes back to the queue.
      signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(CALL_TIMEOUT_MS) : undefined,
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
  if (response.status >= 500 || response.status === 429) throw new TransportError('network', message);
  if (response.status === 409) throw new TransportError('conflict', message);
  throw new TransportError('refused', message);
}

/** The real exam: answers on the server (api.md). */
export const serverTransport: QueueTransport = {
  upload: uploadPrepared,
  save: async (input) => {
    const body = await call(`v1/${COMPETITION}/answers`, { method: 'POST', body: JSON.stringify(input) });
    const parsed = SaveAnswerResponseSchema.safeParse(body);
    if (!parsed.success) throw new TransportError('network');
    return parsed.data.data;
  },
  loadAnswers: async () => {
    const parsed = AnswersResponseSchema.safeParse(await call(`v1/${COMPETITION}/answers`));
    if (!parsed.success) throw new TransportError('network');
    return parsed.data.data.data;
  },
};

/**
 * The practice exam: the same uploads, but the answers stay in this browser (under `key`), so the
 * practice never touches the real attempt.
 */
export function practiceTransport(storage: QueueStorage, key: string, now = Date.now): QueueTransport {
  const read = async () => {
    const stored = (await storage.get<SavedAnswer[]>(key)) ?? [];
    return stored.filter((answer) => AnswerSchema.safeParse(answer).success);
  };
  return {
    upload: uploadPrepared,
    loadAnswers: read,
    save: async (input: SaveInput) => {
      const answers = await read();
      const current = answers.find((answer) => answer.question_id === input.question_id);
      if ((current?.version ?? 0) !== input.version) throw new TransportError('conflict');
      const saved: SavedAnswer = {
        question_id: input.question_id,
        image_urls: input.image_urls,
        version: input.version + 1,
        saved_at: new Date(now()).toISOString(),
      };
      await storage.set(key, [...answers.filter((a) => a.question_id !== input.question_id), saved]);
      return saved;
    },
  };
}
