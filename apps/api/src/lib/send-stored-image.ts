import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Storage } from './storage.ts';

export type StoredImage = {
  key: string;
  /** Changes whenever the bytes do (their hash, or the random key of an immutable file). */
  etag: string;
  /** Its size when the database knows it; otherwise the file is read whole to learn it (small images). */
  sizeBytes?: number;
  contentType?: string;
  cacheControl: string;
  /** `inline` for images a user may also open on their own (answer photos). */
  disposition?: 'inline';
};

/**
 * Answers a stored image the reader's rights were checked for: through the app, never by a link to the store
 * (decision 026), with an ETag, and 304 when If-None-Match names it.
 */
export async function sendStoredImage(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  image: StoredImage,
) {
  const etag = `"${image.etag}"`;
  reply
    .header('Cache-Control', image.cacheControl)
    .header('ETag', etag)
    .header('X-Content-Type-Options', 'nosniff');
  if (image.disposition) reply.header('Content-Disposition', image.disposition);
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  reply.type(image.contentType ?? 'image/jpeg');
  if (image.sizeBytes === undefined) {
    const data = await storage.read(image.key);
    return reply.header('Content-Length', data.length).send(data);
  }
  return reply.header('Content-Length', image.sizeBytes).send(await storage.stream(image.key));
}

/** The ETag of a file whose key changes with its bytes: the key without its extension. */
export const etagOfKey = (key: string) => key.replace(/\.\w+$/, '');
