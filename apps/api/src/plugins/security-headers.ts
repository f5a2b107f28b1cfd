import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Helmet's headers on every response: a strict Content-Security-Policy for the built app, HSTS when the
 * site is served over https, nosniff, no referrer, COOP and the rest of Helmet's defaults.
 *
 * Helmet is built once here: building it parses and checks the policy, and doing that for every request
 * (as the Fastify wrapper does) cost a fifth of the event loop in the exam's start minute.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const https = app.config.BASE_URL.startsWith('https://');
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
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
});
