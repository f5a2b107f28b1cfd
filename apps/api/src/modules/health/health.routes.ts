import { ErrorResponseSchema, OkResponseSchema } from '@ngso/shared/schemas/common';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toDhakaIso } from '../../lib/time.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'The server and its database answer',
        response: { 200: OkResponseSchema, 503: ErrorResponseSchema },
      },
    },
    async (_request, reply) => {
      await app.db.execute(sql`select 1`);
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
