import { apiBaseUrl } from '../../../lib/base-query.ts';
import { MediaError } from '../../../lib/media/media-error.ts';
import { sendFile } from '../../../lib/media/upload.ts';

export type SendOptions = { onProgress?: (percent: number) => void; signal?: AbortSignal };

const absolute = (path: string) => new URL(path, apiBaseUrl()).toString();

/**
 * One file to a console upload call (e-book pages, a question's diagram), with progress and retries on a
 * dropped connection; resolves with the parsed answer or a MediaError.
 */
export async function sendConsoleFile<T>(
  path: string,
  file: File,
  parse: (body: unknown) => T | undefined,
  options: SendOptions,
) {
  const body = await sendFile({ url: absolute(path), file, ...options });
  const parsed = parse(body);
  if (parsed === undefined) throw new MediaError('badResponse', { fileName: file.name });
  return parsed;
}
