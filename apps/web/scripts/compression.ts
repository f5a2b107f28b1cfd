import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, gzip, constants as zlib } from 'node:zlib';

/**
 * Files smaller than this go as they are. Small: a page loads several chunks of a few hundred bytes (the
 * namespaces of its texts, shared helpers), and each is still a third smaller compressed.
 */
export const COMPRESS_MIN_BYTES = 200;

const BROTLI_OPTIONS = { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } };
const GZIP_OPTIONS = { level: 9 };

export const brotliFile = (content: Buffer) => promisify(brotliCompress)(content, BROTLI_OPTIONS);
export const gzipFile = (content: Buffer) => promisify(gzip)(content, GZIP_OPTIONS);

/** The bytes a browser that accepts Brotli receives for a file of the build (as precompressed by the build). */
export function servedBytes(content: string | Uint8Array): number {
  const buffer = typeof content === 'string' ? Buffer.from(content) : content;
  if (buffer.length < COMPRESS_MIN_BYTES) return buffer.length;
  return brotliCompressSync(buffer, BROTLI_OPTIONS).length;
}
