import { ErrorResponseSchema } from '@ngso/shared/schemas/common';
import {
  DEFAULT_RETRY_POLICY,
  isRetryableStatus,
  parseRetryAfter,
  type RetryPolicy,
  retryDelay,
} from '../retry.ts';
import { MediaError } from './media-error.ts';

export type SendFileOptions = {
  /** Absolute address to POST to. */
  url: string;
  file: Blob;
  /** The name the server sees (a Blob has none). */
  fileName?: string;
  /** The multipart field; the API's is `file`. */
  field?: string;
  /** Whole percent sent, 0 to 100; starts again at 0 when an attempt is retried. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  retry?: RetryPolicy;
};

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function messageOf(body: unknown): string | undefined {
  const parsed = ErrorResponseSchema.safeParse(body);
  const message = parsed.success ? parsed.data.message.trim() : '';
  return message || undefined;
}

/** One request as XMLHttpRequest sends it. */
type XhrRequest = {
  method: 'POST' | 'PUT';
  url: string;
  body: Blob | FormData;
  /** Besides Accept and X-Requested-With (a multipart body's Content-Type is the browser's). */
  headers?: Record<string, string>;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  fileName: string;
};

/** One attempt: XMLHttpRequest, because fetch cannot report upload progress. */
function attempt(request: XhrRequest): Promise<unknown> {
  const { method, url, body, headers = {}, onProgress, signal, fileName } = request;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new MediaError('cancelled'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    signal?.addEventListener('abort', onAbort, { once: true });

    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      done();
      const parsed = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(parsed);
      } else if (xhr.status === 0) {
        reject(new MediaError('network', { fileName }));
      } else {
        reject(
          new MediaError('http', {
            status: xhr.status,
            fileName,
            serverMessage: messageOf(parsed),
            retryAfterMs: parseRetryAfter(xhr.getResponseHeader('Retry-After')),
          }),
        );
      }
    };
    xhr.onerror = () => {
      done();
      reject(new MediaError('network', { fileName }));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(new MediaError('cancelled', { fileName }));
    };
    xhr.send(body);
  });
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new MediaError('cancelled'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Whether attempt number `attempt` (0 for the first) failing with `error` is tried again (lib/retry.ts). */
export function shouldRetry(
  error: unknown,
  attempt: number,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): boolean {
  if (attempt >= policy.retries || !(error instanceof MediaError)) return false;
  if (error.kind === 'network') return true;
  return error.kind === 'http' && error.status !== undefined && isRetryableStatus(error.status);
}

/**
 * Sends one file as multipart with the API's headers and the session cookie. Reports progress,
 * stops when `signal` aborts (rejecting with a 'cancelled' MediaError), and tries again after a
 * pause when the connection fails or the server asks to wait (after its Retry-After), never when it refused. Resolves with the parsed body.
 */
export async function sendFile(options: SendFileOptions): Promise<unknown> {
  const policy = options.retry ?? DEFAULT_RETRY_POLICY;
  const fileName = options.fileName ?? (options.file instanceof File ? options.file.name : 'upload');
  for (let tries = 0; ; tries += 1) {
    try {
      options.onProgress?.(0);
      const form = new FormData();
      form.append(options.field ?? 'file', options.file, fileName);
      // No Content-Type: the browser sets multipart/form-data with its boundary.
      return await attempt({ ...options, method: 'POST', body: form, fileName });
    } catch (error) {
      if (options.signal?.aborted) throw new MediaError('cancelled', { fileName });
      if (!shouldRetry(error, tries, policy)) throw error;
      const retryAfterMs = error instanceof MediaError ? error.retryAfterMs : undefined;
      await pause(retryDelay(tries, policy, Math.random, retryAfterMs), options.signal);
    }
  }
}

export type SendBytesOptions = {
  /** Absolute address to PUT to. */
  url: string;
  /** The exact bytes, sent as the body (not multipart), with their type as Content-Type. */
  bytes: Blob;
  fileName?: string;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

/**
 * One PUT of raw bytes with the API's headers and the session cookie, reporting progress (the exam's
 * photo delivery: its queue does the retrying, honouring the server's Retry-After). Resolves with the
 * parsed body; rejects with a MediaError ('http' carries the status and `retryAfterMs`).
 */
export function sendBytes(options: SendBytesOptions): Promise<unknown> {
  options.onProgress?.(0);
  return attempt({
    method: 'PUT',
    url: options.url,
    body: options.bytes,
    headers: { 'Content-Type': options.bytes.type || 'application/octet-stream' },
    onProgress: options.onProgress,
    signal: options.signal,
    fileName: options.fileName ?? 'upload',
  });
}
