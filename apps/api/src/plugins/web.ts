import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { Language } from '@ngso/shared/language';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageLanguage } from '../lib/language.ts';
import { apiNotFound } from './errors.ts';
import { DOCUMENT_ONLY_HEADERS } from './security-headers.ts';

/** A web worker's script among the hashed files (the build names it after its module: compress.worker-*.js). */
const WORKER_SCRIPT = /\.worker-[^/]*\.js$/;

/**
 * What a hashed file's response does without (docs/decisions/079-script-files-counted-with-their-headers.md):
 * its name changes with its bytes and it is kept for a year as `immutable`, so a browser never asks whether
 * it has changed (the validators ETag and Last-Modified), and a page's scripts, styles, fonts and images are
 * never fetched in ranges (Accept-Ranges; a range asked for is still served). A page's twenty-odd files
 * each carried them.
 */
const HASHED_FILE_NEEDLESS_HEADERS = ['etag', 'last-modified', 'accept-ranges'] as const;

/** One HTML document, ready in each encoding (a handful of small files, compressed once at start-up). */
type Html = { identity: Buffer; br: Buffer; gzip: Buffer };

function prepare(file: string): Html {
  const identity = readFileSync(file);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/** A page in each language the build wrote it in; English is always there. */
type Localised = { en: Html } & Partial<Record<Language, Html>>;

/** A page file and its translations beside it: index.html, index.bn.html. */
function prepareLocalised(file: string): Localised {
  const page: Localised = { en: prepare(file) };
  const bangla = file.replace(/\.html$/, '.bn.html');
  if (existsSync(bangla)) page.bn = prepare(bangla);
  return page;
}

/**
 * The pre-rendered pages of the build (docs/decisions/005-prerendering.md, 009-languages.md):
 * dist/home.html for `/` and dist/<path>/index.html for every other page, keyed by the path they
 * answer, each with its Bangla copy (home.bn.html, <path>/index.bn.html) when the build wrote one.
 */
function findPages(distDir: string): Map<string, Localised> {
  const pages = new Map<string, Localised>();
  const home = path.join(distDir, 'home.html');
  if (existsSync(home)) pages.set('/', prepareLocalised(home));
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || (prefix === '' && entry.name === 'assets')) continue;
      const sub = path.join(dir, entry.name);
      const urlPath = `${prefix}/${entry.name}`;
      const index = path.join(sub, 'index.html');
      if (existsSync(index)) pages.set(urlPath, prepareLocalised(index));
      walk(sub, urlPath);
    }
  };
  walk(distDir, '');
  return pages;
}

/** The best encoding the browser accepts: Brotli, then gzip, else none. */
function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  if ((accepted.get('br') ?? 0) > 0) return 'br';
  if ((accepted.get('gzip') ?? 0) > 0) return 'gzip';
  return undefined;
}

function sendHtml(request: FastifyRequest, reply: FastifyReply, page: Localised) {
  // The page in the visitor's chosen language: English on a first visit (decisions.md, 'Language'),
  // whatever the browser prefers; the `lang` cookie keeps a choice.
  const html = page[pageLanguage(request)] ?? page.en;
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding, Cookie')
    .type('text/html; charset=utf-8');
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.send(encoding ? html[encoding] : html.identity);
}

/**
 * Serves the built web app:
 * - each pre-rendered public page's own HTML for its path (/about gets dist/about/index.html), in the
 *   visitor's language (dist/about/index.bn.html when the `lang` cookie says Bangla);
 * - index.html, the single-page app's shell, for every other path, so deep links like /profile work;
 * - HTML never cached (`no-cache`), hashed files under /assets cached for a year (`immutable`), without the
 *   security headers only a document or a worker reads (DOCUMENT_ONLY_HEADERS) and without validators
 *   (HASHED_FILE_NEEDLESS_HEADERS);
 * - compressed: the build writes .br and .gz beside each file, HTML is compressed at start-up.
 * Unknown /api paths keep the API's JSON 404.
 */
export async function webPlugin(app: FastifyInstance, options: { distDir: string }) {
  const indexFile = path.join(options.distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir: options.distDir }, 'the web app is not built; run `npm run build`');
    // Fastify's own 404 would log the raw URL (a reset link's token and e-mail) and echo it back.
    app.setNotFoundHandler((request, reply) => {
      if (request.url === '/api' || request.url.startsWith('/api/')) return apiNotFound(request, reply);
      return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    });
    return;
  }
  const shell = prepareLocalised(indexFile);
  const pages = findPages(options.distDir);
  const assetsDir = path.join(options.distDir, 'assets') + path.sep;

  await app.register(fastifyStatic, {
    root: options.distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // HTML goes through the handler below (the right page, the right headers), never as a raw file.
    allowedPath: (pathName) => !pathName.endsWith('.html'),
    setHeaders: (reply, filePath) => {
      const hashed = filePath.startsWith(assetsDir);
      reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (!hashed) return;
      for (const name of HASHED_FILE_NEEDLESS_HEADERS) reply.removeHeader(name);
      // A worker's script keeps them: its policy is the one its response carries.
      if (!WORKER_SCRIPT.test(filePath)) {
        for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      }
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = (request.url.split('?')[0] ?? '/').replace(/(.)\/+$/, '$1');
    if (pathname === '/api' || pathname.startsWith('/api/')) return apiNotFound(request, reply);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    // A missing file under /assets (an old build's chunk) is a 404, not the page shell.
    if (pathname.startsWith('/assets/')) {
      return reply
        .status(404)
        .header('Cache-Control', 'no-cache')
        .type('text/plain; charset=utf-8')
        .send('Not Found');
    }
    return sendHtml(request, reply, pages.get(pathname) ?? shell);
  });
}
