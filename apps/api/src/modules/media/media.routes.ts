import { ErrorResponseSchema } from '@ngso/shared/schemas/common';
import { UploadResponseSchema } from '@ngso/shared/schemas/media';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendStoredImage } from '../../lib/send-stored-image.ts';
import { signedIn } from '../../plugins/session.ts';
import { assertMayUploadAnswerPhotos } from '../exam/exam-uploads.ts';
import { mediaUrl, servableMedia, storeImage } from './media.service.ts';
import { readUpload } from './read-upload.ts';
import { admitAnswerUpload, refuseAnswerUploadWhenFull } from './upload-gate.ts';

const uploadErrors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  413: ErrorResponseSchema,
  415: ErrorResponseSchema,
  429: ErrorResponseSchema,
  503: ErrorResponseSchema,
};

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/upload',
    {
      schema: {
        tags: ['media'],
        summary: 'Upload one answer photo (multipart field `file`); answers its address',
        description:
          "For staff, and for an approved entrant from their window's start until their delivery deadline " +
          '(403 otherwise). Answered once the bytes are stored; the photo is processed in the background ' +
          '(its address answers 409 until then). Two uploads in flight per account (429), 503 when the ' +
          'server is full; both with Retry-After.',
        consumes: ['multipart/form-data'],
        response: { 200: UploadResponseSchema, ...uploadErrors },
      },
      // The session first, then the door (upload-gate.ts): a stranger never moves the students' moments.
      preValidation: [app.requireUser, refuseAnswerUploadWhenFull],
    },
    async (request) => {
      const user = signedIn(request).user;
      await assertMayUploadAnswerPhotos(app.services, user);
      // The body is read only when the upload's turn comes (upload-gate.ts).
      const declared = Number(request.headers['content-length']);
      const row = await admitAnswerUpload(
        user.id,
        async () => {
          const upload = await readUpload(request, app.config.UPLOAD_MAX_MEGABYTES);
          return storeImage(app.services, user, upload, 'upload');
        },
        declared > 0 ? declared : undefined,
      );
      return { status: 'success' as const, url: mediaUrl(row.id) };
    },
  );

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
