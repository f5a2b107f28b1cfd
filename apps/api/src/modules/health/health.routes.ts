import { ErrorResponseSchema, OkResponseSchema } from '@ngso/shared/schemas/common';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storeUnavailable } from '../../lib/storage.ts';
import { toDhakaIso } from '../../lib/time.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';

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
