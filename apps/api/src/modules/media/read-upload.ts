import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

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
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'media.tooLarge', { params: { megabytes: maxMegabytes } });
    }
    if (code === 'FST_FILES_LIMIT') throw new AppError(400, 'media.oneFile');
    throw new AppError(400, 'request.invalid');
  }
  if (!upload || upload.data.length === 0) throw new AppError(400, 'media.missingFile');
  return upload;
}
