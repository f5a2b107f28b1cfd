import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Helmet's headers on every response: a strict Content-Security-Policy for the built app, HSTS when the
 * site is served over https, nosniff, no referrer, COOP and the rest of Helmet's defaults.
 *
 * Helmet is built once here: building it parses and checks the policy, and doing that for every request
 * (as the Fastify wrapper does) cost a fifth of the event loop in the exam's start minute. Its headers are
 * then read once too (below).
 */
export function securityHeaders(baseUrl: string): Record<string, string> {
  const https = baseUrl.startsWith('https://');
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  return headersOf(setHeaders);
}

/**
 * Helmet's headers that a browser reads only on a document or a worker's script: on the hashed scripts, styles,
 * fonts and images a page loads they do nothing, and each of the forty-odd files of a first visit would carry
 * them (about 520 bytes a file over HTTP/1.1; docs/decisions/077-asset-headers.md). What a subresource does
 * read stays on it: nosniff, Cross-Origin-Resource-Policy, the referrer policy (a module script's imports
 * follow its own) and HSTS.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/**
 * Sets `headers` (from securityHeaders) on every request (a request the router could not read is answered before any hook: app.ts sets
 * them on that answer itself). Set on the reply, not on Node's response: Fastify then hands its whole list
 * to writeHead, which skips setHeader's per-header bookkeeping (a tenth of the server's own time on the
 * exam's key call).
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { headers }: { headers: Record<string, string> }) => {
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
);

/**
 * The headers Helmet sets, worked out once at start-up: none of them depends on the request (the policy has
 * no nonce), so every response gets the same list without running Helmet's thirteen middlewares again.
 */
function headersOf(setHeaders: ReturnType<typeof helmet>): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let finished = false;
  setHeaders({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished || headers.size === 0) throw new Error('Helmet did not set its headers at once');
  return Object.fromEntries(headers);
}
