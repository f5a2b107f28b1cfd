import { ErrorResponseSchema } from '@ngso/shared/schemas/common';
import { EbooksResponseSchema } from '@ngso/shared/schemas/ebooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { etagOfKey, sendStoredImage } from '../../lib/send-stored-image.ts';
import { signedIn } from '../auth/session-plugin.ts';
import { listEbooks, readablePage, readableThumbnail } from './ebooks.service.ts';

export const ebooksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/ebooks',
    {
      schema: {
        tags: ['ebooks'],
        summary: "The signed-in student's e-books (empty unless approved)",
        response: { 200: EbooksResponseSchema, 401: ErrorResponseSchema },
      },
      preValidation: app.requireUser,
    },
    async (request) => ({
      status: 'success' as const,
      data: await listEbooks(app.services, signedIn(request).user),
    }),
  );

  app.get(
    '/v1/ebooks/:id/pages/:page',
    {
      schema: {
        tags: ['ebooks'],
        summary: 'One page image of an e-book (approved registrants and staff)',
        description: 'Answers image/jpeg with an ETag; 304 when If-None-Match matches.',
        params: z.object({ id: z.string().max(64), page: z.coerce.number().int().min(1).max(10_000) }),
      },
      preValidation: app.requireUser,
    },
    async (request, reply) => {
      const page = await readablePage(
        app.services,
        signedIn(request).user,
        request.params.id,
        request.params.page,
      );
      return sendStoredImage(request, reply, app.services.storage, {
        key: page.storageKey,
        etag: page.sha256,
        sizeBytes: page.sizeBytes,
        cacheControl: 'private, max-age=86400',
      });
    },
  );

  app.get(
    '/v1/ebooks/:id/thumbnail',
    {
      schema: {
        tags: ['ebooks'],
        summary: "An e-book's uploaded thumbnail (approved registrants and staff)",
        description:
          'Answers image/jpeg with an ETag; 304 when If-None-Match matches; 404 when the e-book has no uploaded thumbnail (page 1 is its cover then).',
        params: z.object({ id: z.string().max(64) }),
      },
      preValidation: app.requireUser,
    },
    async (request, reply) => {
      const { storageKey } = await readableThumbnail(app.services, signedIn(request).user, request.params.id);
      return sendStoredImage(request, reply, app.services.storage, {
        key: storageKey,
        etag: etagOfKey(storageKey),
        cacheControl: 'private, max-age=86400',
      });
    },
  );
};
