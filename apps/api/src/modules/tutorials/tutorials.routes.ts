import { OkResponseSchema } from '@ngso/shared/schemas/common';
import {
  AdminTutorialResponseSchema,
  AdminTutorialsResponseSchema,
  TutorialInputSchema,
  TutorialsResponseSchema,
} from '@ngso/shared/schemas/tutorials';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { etagOfKey, sendStoredImage } from '../../lib/send-stored-image.ts';
import { signedIn } from '../auth/session-plugin.ts';
import { readUpload } from '../media/read-upload.ts';
import {
  createTutorial,
  editTutorial,
  listAdminTutorials,
  listPublicTutorials,
  removeTutorial,
  setTutorialThumbnail,
  thumbnailOf,
} from './tutorials.service.ts';

const TutorialParams = z.object({ id: z.string().max(64) });
const errors = errorResponses(401, 403, 404, 422);
const uploadErrors = errorResponses(400, 401, 403, 404, 413, 415, 422);

/**
 * The home page's tutorials, for everyone: the list (titles in both languages, video, thumbnail) and the
 * thumbnails. Organisers change them in the console; a change shows within a minute.
 */
export const tutorialsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/tutorials',
    {
      schema: {
        tags: ['content'],
        summary: "The home page's tutorial videos, in list order (those with a thumbnail)",
        response: { 200: TutorialsResponseSchema },
      },
    },
    async (_request, reply) => {
      // Public content, the same for everyone: a shared cache may keep it a minute.
      reply.header('Cache-Control', 'public, max-age=60');
      return { status: 'success' as const, data: await listPublicTutorials(app.services) };
    },
  );

  app.get(
    '/v1/tutorials/:id/thumbnail',
    {
      schema: {
        tags: ['content'],
        summary: "A tutorial's thumbnail (image/jpeg, 640×360)",
        description: 'Its address changes with each upload (`?v=`), so it is cached for a year.',
        params: TutorialParams,
      },
    },
    async (request, reply) => {
      const storageKey = await thumbnailOf(app.services, request.params.id);
      return sendStoredImage(request, reply, app.services.storage, {
        key: storageKey,
        etag: etagOfKey(storageKey),
        cacheControl: 'public, max-age=31536000, immutable',
      });
    },
  );
};

/** Organisers set the tutorials: titles in both languages, the video's address, the order, the thumbnail. */
export const adminTutorialsRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireRole('admin');
  const ctx = app.services;

  app.get(
    '/v1/admin/tutorials',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every tutorial, in list order, with or without a thumbnail',
        response: { 200: AdminTutorialsResponseSchema, ...errors },
      },
      preValidation: admin,
    },
    async () => ({ status: 'success' as const, data: await listAdminTutorials(ctx) }),
  );

  app.post(
    '/v1/admin/tutorials',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a tutorial (shown on the home page once it has a thumbnail)',
        body: TutorialInputSchema,
        response: { 201: AdminTutorialResponseSchema, ...errors },
      },
      preValidation: admin,
    },
    async (request, reply) => {
      reply.status(201);
      return {
        status: 'success' as const,
        data: await createTutorial(ctx, signedIn(request).user, request.body),
      };
    },
  );

  app.put(
    '/v1/admin/tutorials/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "Change a tutorial's titles, video address or place in the list",
        params: TutorialParams,
        body: TutorialInputSchema,
        response: { 200: AdminTutorialResponseSchema, ...errors },
      },
      preValidation: admin,
    },
    async (request) => ({
      status: 'success' as const,
      data: await editTutorial(ctx, signedIn(request).user, request.params.id, request.body),
    }),
  );

  app.delete(
    '/v1/admin/tutorials/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove a tutorial and its thumbnail',
        params: TutorialParams,
        response: { 200: OkResponseSchema, ...errors },
      },
      preValidation: admin,
    },
    async (request) => {
      await removeTutorial(ctx, signedIn(request).user, request.params.id);
      return { status: 'success' as const };
    },
  );

  app.post(
    '/v1/admin/tutorials/:id/thumbnail',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set or replace the thumbnail (multipart, field `file`, one image)',
        description:
          'Through the site image pipeline (JPEG, PNG, WebP or HEIF; metadata dropped), then cut to 16:9 at 640×360.',
        consumes: ['multipart/form-data'],
        params: TutorialParams,
        response: { 200: AdminTutorialResponseSchema, ...uploadErrors },
      },
      preValidation: admin,
    },
    async (request) => {
      const upload = await readUpload(request, app.config.UPLOAD_MAX_MEGABYTES);
      return {
        status: 'success' as const,
        data: await setTutorialThumbnail(ctx, signedIn(request).user, request.params.id, upload),
      };
    },
  );
};
