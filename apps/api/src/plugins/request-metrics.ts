import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Metrics, statusClass } from '../lib/metrics.ts';

/** The route label of a request no route matched (a 404 of the router). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The route a request is counted under: the pattern it matched (`/api/v1/:competition/answer-photos/:sha256`),
 * never the address as sent, so a label has as many values as the app has routes, whatever clients send.
 */
export const routeLabel = (request: FastifyRequest) => request.routeOptions.url ?? UNMATCHED_ROUTE;

/** Records every answered request in `http_request_duration_seconds` (lib/metrics.ts). */
export const requestMetricsPlugin = fp(async (app: FastifyInstance, options: { metrics: Metrics }) => {
  const histogram = options.metrics.requestDuration;
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    histogram.observe(
      { method: request.method, route: routeLabel(request), status_class: statusClass(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
});
