import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A JSON answer that is the same for every caller of a version (a category's question paper, its
 * questions): serialised and compressed once, sent as bytes with its ETag, and 304 to a caller that holds it.
 */
export type PrebuiltJson = { json: Buffer; gzip: Buffer; br: Buffer; etag: string };

const compress = { gzip: promisify(gzip), br: promisify(brotliCompress) };

/** `json` (the whole answer's bytes) with its gzip and brotli forms, at their best compression. */
export async function prebuildJson(json: Buffer, etag: string): Promise<PrebuiltJson> {
  const [gzipped, brotli] = await Promise.all([
    compress.gzip(json, { level: 9 }),
    compress.br(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
  ]);
  return { json, gzip: gzipped, br: brotli, etag };
}

/** Whether the request's If-None-Match names this ETag (weak or strong, one of a list, or `*`). */
export function holdsVersion(request: FastifyRequest, etag: string) {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * Sends a prebuilt answer: 304 (no body) when the caller holds its version, else its bytes in the best
 * encoding the caller accepts. Private (a student's own call), revalidated every time (`no-cache`).
 * Returns what was sent.
 */
export function sendPrebuilt(request: FastifyRequest, reply: FastifyReply, built: PrebuiltJson) {
  reply
    .header('ETag', built.etag)
    .header('Cache-Control', 'private, no-cache')
    .header('Vary', 'Accept-Encoding');
  if (holdsVersion(request, built.etag)) {
    reply.status(304).send();
    return 'not_modified' as const;
  }
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const [encoding, body] = /\bbr\b/.test(accepts)
    ? ['br', built.br]
    : /\bgzip\b/.test(accepts)
      ? ['gzip', built.gzip]
      : [undefined, built.json];
  if (encoding) reply.header('Content-Encoding', encoding);
  reply.type('application/json; charset=utf-8').send(body);
  return 'sent' as const;
}
