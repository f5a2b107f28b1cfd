import { ErrorResponseSchema } from '@ngso/shared/schemas/common';
import { UploadResponseSchema } from '@ngso/shared/schemas/media';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mediaUrl } from '../../lib/media-url.ts';
import { signedIn } from '../auth/session-plugin.ts';
import { readUpload } from '../media/read-upload.ts';
import { admitAnswerUpload, refuseAnswerUploadWhenFull } from './answer-upload-gate.ts';
import { assertMayUploadAnswerPhotos, storeAnswerUpload } from './exam-uploads.ts';

const uploadErrors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  413: ErrorResponseSchema,
  415: ErrorResponseSchema,
  429: ErrorResponseSchema,
  503: ErrorResponseSchema,
};

/** POST /v1/upload: one answer photo as a multipart file, for the clients that send URLs in their answers. */
export const answerUploadRoutes: FastifyPluginAsyncZod = async (app) => {
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
      // The session first, then the door (answer-upload-gate.ts): a stranger never moves the students' moments.
      preValidation: [app.requireUser, refuseAnswerUploadWhenFull],
    },
    async (request) => {
      const user = signedIn(request).user;
      await assertMayUploadAnswerPhotos(app.services, user);
      // The body is read only when the upload's turn comes (answer-upload-gate.ts).
      const declared = Number(request.headers['content-length']);
      const row = await admitAnswerUpload(
        user.id,
        async () =>
          storeAnswerUpload(app.services, user, await readUpload(request, app.config.UPLOAD_MAX_MEGABYTES)),
        declared > 0 ? declared : undefined,
      );
      return { status: 'success' as const, url: mediaUrl(row.id) };
    },
  );
};
