import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendStoredImage } from '../../lib/send-stored-image.ts';
import { signedIn } from '../auth/session-plugin.ts';
import { servableMedia } from './media.service.ts';

/** GET /v1/media/:id: a stored image, for who may see it. */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/media/:id',
    {
      schema: {
        tags: ['media'],
        summary: 'A stored image, for its owner and admins; for graders, answer photos only',
        description:
          'Answers the image bytes (image/jpeg) with an ETag; 304 when If-None-Match matches. A photo still ' +
          'being processed is 409 with Retry-After (its bytes as received are never served). A grader is ' +
          'served a photo of an answer once grading of its category is open; anything else (a profile ' +
          'photo, an answer before then) is 404 to them.',
        params: z.object({ id: z.string().max(64) }),
      },
      preValidation: app.requireUser,
    },
    async (request, reply) => {
      const row = await servableMedia(app.services, signedIn(request), request.params.id);
      return sendStoredImage(request, reply, app.services.storage, {
        key: row.storageKey,
        etag: row.sha256,
        sizeBytes: row.sizeBytes,
        contentType: row.contentType,
        cacheControl: 'private, max-age=3600',
        disposition: 'inline',
      });
    },
  );
};
