/**
 * Why an upload did not happen. The interface turns the kind into a sentence:
 * - notImage: the chosen file is not an image ('{file} is not an image');
 * - tooLarge: still over the limit after compression;
 * - cancelled: the student cancelled (show nothing);
 * - http: the server refused (its `message`, when it sent one);
 * - network: no answer, after the retries;
 * - badResponse: the server answered success without what was asked for.
 */
export type MediaErrorKind = 'notImage' | 'tooLarge' | 'cancelled' | 'http' | 'network' | 'badResponse';

export class MediaError extends Error {
  readonly kind: MediaErrorKind;
  readonly status: number | undefined;
  readonly fileName: string | undefined;
  /** The server's sentence for the student, when it sent one. */
  readonly serverMessage: string | undefined;
  /** How long the server asked to wait before trying again (its `Retry-After`), in ms. */
  readonly retryAfterMs: number | undefined;

  constructor(
    kind: MediaErrorKind,
    options: {
      status?: number;
      fileName?: string;
      serverMessage?: string;
      message?: string;
      retryAfterMs?: number;
    } = {},
  ) {
    super(options.message ?? options.serverMessage ?? kind);
    this.name = 'MediaError';
    this.kind = kind;
    this.status = options.status;
    this.fileName = options.fileName;
    this.serverMessage = options.serverMessage;
    this.retryAfterMs = options.retryAfterMs;
  }
}

export const isCancelled = (error: unknown): boolean =>
  error instanceof MediaError && error.kind === 'cancelled';
