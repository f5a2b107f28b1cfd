import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

/** The user-facing error for a failure while reading a multipart body. */
function uploadFailure(err: unknown, maxMegabytes: number, tooManyFiles: () => AppError) {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(413, 'media.tooLarge', { params: { megabytes: maxMegabytes } });
  }
  if (code === 'FST_FILES_LIMIT') return tooManyFiles();
  return new AppError(400, 'request.invalid');
}

/**
 * Reads the one file of a multipart upload (field `file`) into memory, within the size limit.
 * The file's name is kept only for messages; its type is decided later from its bytes.
 */
export async function readUpload(request: FastifyRequest, maxMegabytes: number) {
  if (!request.isMultipart()) throw new AppError(400, 'media.missingFile');
  const maxBytes = maxMegabytes * 1_000_000;
  let upload: { data: Buffer; fileName: string } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || upload) throw new AppError(400, 'media.oneFile');
      upload = { data: await part.toBuffer(), fileName: part.filename.slice(0, 200) || 'file' };
    }
  } catch (err) {
    throw uploadFailure(err, maxMegabytes, () => new AppError(400, 'media.oneFile'));
  }
  if (!upload || upload.data.length === 0) throw new AppError(400, 'media.missingFile');
  return upload;
}

/**
 * Reads the files of a multipart upload (field `file`, repeated) one at a time, in the order they were
 * sent, each within the size limit and at most `maxFiles` of them. Only the file being handed out is in
 * memory: the next one is read when the caller asks for it. Throws 400 when there is no file.
 */
export async function* readUploads(
  request: FastifyRequest,
  maxMegabytes: number,
  maxFiles: number,
): AsyncGenerator<{ data: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw new AppError(400, 'media.missingFile');
  const maxBytes = maxMegabytes * 1_000_000;
  const tooManyFiles = () => new AppError(400, 'media.tooManyFiles', { params: { max: maxFiles } });
  const parts = request.parts({ limits: { fileSize: maxBytes, files: maxFiles, fields: 10 } });
  let count = 0;
  while (true) {
    let upload: { data: Buffer; fileName: string } | undefined;
    try {
      const next = await parts.next();
      if (next.done) break;
      const part = next.value;
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') throw new AppError(400, 'request.invalid');
      upload = { data: await part.toBuffer(), fileName: part.filename.slice(0, 200) || 'file' };
    } catch (err) {
      throw uploadFailure(err, maxMegabytes, tooManyFiles);
    }
    if (upload.data.length === 0) throw new AppError(400, 'media.missingFile');
    count += 1;
    yield upload;
  }
  if (count === 0) throw new AppError(400, 'media.missingFile');
}
