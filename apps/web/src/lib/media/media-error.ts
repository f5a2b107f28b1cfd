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

  constructor(
    kind: MediaErrorKind,
    options: { status?: number; fileName?: string; serverMessage?: string; message?: string } = {},
  ) {
    super(options.message ?? options.serverMessage ?? kind);
    this.name = 'MediaError';
    this.kind = kind;
    this.status = options.status;
    this.fileName = options.fileName;
    this.serverMessage = options.serverMessage;
  }
}

export const isCancelled = (error: unknown): boolean =>
  error instanceof MediaError && error.kind === 'cancelled';
