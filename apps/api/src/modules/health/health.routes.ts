import { ErrorResponseSchema, OkResponseSchema } from '@ngso/shared/schemas/common';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toDhakaIso } from '../../lib/time.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';

/**
 * How long a good answer of the database stands for health checks: a load balancer's probes, however many,
 * cost the database one query a second. A failed check is not kept: while the database is away every probe
 * sees it.
 */
const HEALTHY_FOR_MS = 1000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const databaseCheck = new TtlCache<void>(HEALTHY_FOR_MS);
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'The server and its database answer (the database asked at most once a second)',
        response: { 200: OkResponseSchema, 503: ErrorResponseSchema },
      },
    },
    async (_request, reply) => {
      await databaseCheck.get('database', async () => {
        await app.db.execute(sql`select 1`);
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
