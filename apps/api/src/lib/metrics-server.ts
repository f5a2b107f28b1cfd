import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, type Registry } from 'prom-client';

type Log = {
  info: (obj: object, message: string) => void;
  error: (obj: object, message: string) => void;
};

export type MetricsListener = { port: number; close: () => Promise<void> };

/** Registries that have the process and Node.js metrics already (prom-client refuses them twice). */
const withProcessMetrics = new WeakSet<Registry>();

/**
 * Serves `GET /metrics` (Prometheus's text format) on a listener of its own, never on the site's port:
 * what it shows (queues, routes, the process's memory) is for the operators' Prometheus, bound to
 * 127.0.0.1 unless METRICS_HOST says otherwise. Adds prom-client's process and Node.js metrics (event-loop
 * lag, heap, garbage collection) to the registry.
 *
 * A port already taken is logged and the process goes on without metrics: the site is for the students
 * and must not stop because its monitoring cannot listen (docs/decisions/064-metrics.md).
 */
export async function serveMetrics(
  registry: Registry,
  options: { host: string; port: number | 'off' },
  log: Log,
): Promise<MetricsListener | undefined> {
  if (options.port === 'off') return undefined;
  if (!withProcessMetrics.has(registry)) {
    collectDefaultMetrics({ register: registry });
    withProcessMetrics.add(registry);
  }
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      (err: unknown) => {
        log.error({ err }, 'metrics: the registry could not be read');
        response.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics unavailable\n');
      },
    );
  });
  const listening = await listen(server, options.host, options.port).catch((err: NodeJS.ErrnoException) => {
    log.error(
      { err, host: options.host, port: options.port },
      'metrics: could not listen; the process runs without its metrics (set METRICS_PORT to a free port)',
    );
    return undefined;
  });
  if (!listening) return undefined;
  const port = (server.address() as AddressInfo).port;
  log.info({ host: options.host, port }, 'metrics served at /metrics');
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const listen = (server: Server, host: string, port: number) =>
  new Promise<Server>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
