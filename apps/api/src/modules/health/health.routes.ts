import { ErrorResponseSchema, OkResponseSchema } from '@ngso/shared/schemas/common';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { storeUnavailable } from '../../lib/storage.ts';
import { toDhakaIso } from '../../lib/time.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { readinessChecks } from './readiness.ts';

/** Seconds a prober is told to wait before asking a server that is not ready again. */
const NOT_READY_RETRY_AFTER_SECONDS = 5;

/**
 * How long a good answer of the database (or of the file store) stands for health checks: a load balancer's probes, however many,
 * cost the database one query a second. A failed check is not kept: while the database is away every probe
 * sees it.
 */
const HEALTHY_FOR_MS = 1000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const databaseCheck = new TtlCache<void>(HEALTHY_FOR_MS);
  const storageCheck = new TtlCache<void>(HEALTHY_FOR_MS);
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary:
          'The server, its database and its file store answer (each asked at most once a second); 503 when one does not',
        response: { 200: OkResponseSchema, 503: ErrorResponseSchema },
      },
    },
    async (_request, reply) => {
      await databaseCheck.get('database', async () => {
        await app.db.execute(sql`select 1`);
      });
      await storageCheck
        .get('storage', () => app.services.storage.check())
        .catch((err: unknown) => {
          throw storeUnavailable(err);
        });
      reply.header('Cache-Control', 'no-store');
      return { status: 'success' as const };
    },
  );

  const failingParts = readinessChecks({ db: app.db, storage: app.services.storage });
  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary:
          'Readiness: the database answers, its migrations are applied and the file store accepts a write; ' +
          '503 naming the parts that fail',
        description:
          'For a load balancer or a restart script to send requests to this process only once it can serve ' +
          'them (/api/health is liveness). Passed checks stand for a second.',
        response: { 200: OkResponseSchema, 503: ErrorResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const failing = await failingParts();
      if (failing.length > 0) {
        throw new AppError(503, 'server.notReady', {
          headers: { 'Retry-After': String(NOT_READY_RETRY_AFTER_SECONDS) },
          fieldErrors: Object.fromEntries(
            failing.map((part) => [part, [`server.notReady.${part}` as const]]),
          ),
        });
      }
      return { status: 'success' as const };
    },
  );

  app.get(
    '/v1/time',
    {
      schema: {
        tags: ['system'],
        summary: "The server's time, for the exam clock",
        response: { 200: z.object({ status: z.literal('success'), now: z.string() }) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { status: 'success' as const, now: toDhakaIso(app.clock.now()) };
    },
  );
};
