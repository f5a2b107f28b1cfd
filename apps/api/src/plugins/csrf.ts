import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The route the router matched, not the raw URL: `/%61pi/...` and `/api/...` reach the same handler, so
 * only the matched pattern decides whether the request is an API call.
 */
const reachesApi = (request: FastifyRequest) => request.routeOptions.url?.startsWith('/api/') === true;

/** The origin the request was sent to, as the browser spells it in Origin. */
const addressedOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * Cross-site request forgery guard for the API: a state-changing request must carry
 * X-Requested-With: XMLHttpRequest (which a cross-site form cannot set without CORS, and we allow none),
 * and when the browser says where it comes from (Origin, Sec-Fetch-Site), it must be this site.
 *
 * With BASE_URL set, this site is that address alone. Without it (the default), a page served by this
 * server at whatever address it was opened (127.0.0.1 or localhost, a LAN name) is this site.
 */
export const csrfPlugin = fp(async (app: FastifyInstance) => {
  const ownOrigin = new URL(app.config.BASE_URL).origin;
  const isOwnOrigin = (origin: string, request: FastifyRequest) =>
    origin === ownOrigin || (!app.config.BASE_URL_EXPLICIT && origin === addressedOrigin(request));

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !reachesApi(request)) return;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    if (origin !== undefined && !isOwnOrigin(origin, request)) {
      // Opened at another address of this very server: say where the site lives.
      if (origin === addressedOrigin(request)) {
        throw new AppError(403, 'csrf.otherAddress', { params: { address: ownOrigin } });
      }
      throw new AppError(403, 'csrf.refused');
    }
    const refused =
      request.headers['x-requested-with'] !== 'XMLHttpRequest' ||
      (site !== undefined && site !== 'same-origin');
    if (refused) throw new AppError(403, 'csrf.refused');
  });
});
