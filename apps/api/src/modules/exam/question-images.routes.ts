import { UploadedDiagramResponseSchema } from '@ngso/shared/schemas/exam';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { sendStoredImage } from '../../lib/send-stored-image.ts';
import { signedIn } from '../auth/session-plugin.ts';
import { readUpload } from '../media/read-upload.ts';
import { readableDiagram, uploadDiagram } from './question-images.service.ts';

/** Questions' diagrams: uploaded by organisers in the editor, read by whoever may read the question. */
export const questionImagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/admin/question-images',
    {
      schema: {
        tags: ['admin'],
        summary: 'Upload a diagram for a question (multipart field `file`); a save of the question names it',
        description:
          'Processed at once (upright, metadata stripped, a phone size and a zoom size). It becomes part of a ' +
          "question when the question's save lists its id in `images`; an upload no save names is removed " +
          'after a day.',
        consumes: ['multipart/form-data'],
        response: { 200: UploadedDiagramResponseSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
      preValidation: app.requireRole('admin'),
    },
    async (request) => {
      const upload = await readUpload(request, app.config.UPLOAD_MAX_MEGABYTES);
      const data = await uploadDiagram(app.services, signedIn(request).user, upload);
      return { status: 'success' as const, data };
    },
  );

  app.get(
    '/v1/question-images/:id/:size',
    {
      schema: {
        tags: ['exam'],
        summary: "A question's diagram, at a phone's size or the zoom size",
        description:
          'For admins; for a grader once grading of the category is open; for an approved entrant of the ' +
          "category from their window's start (before it the diagram reaches them only inside the encrypted " +
          'paper). 403 otherwise; 404 for what does not exist. Answers image/jpeg with an ETag.',
        params: z.object({ id: z.string().max(64), size: z.enum(['phone', 'zoom']) }),
      },
      preValidation: app.requireUser,
    },
    async (request, reply) => {
      const image = await readableDiagram(app.services, signedIn(request), request.params.id);
      const phone = request.params.size === 'phone';
      return sendStoredImage(request, reply, app.services.storage, {
        key: phone ? image.phoneKey : image.zoomKey,
        etag: phone ? image.phoneSha256 : image.zoomSha256,
        sizeBytes: phone ? image.phoneSizeBytes : image.zoomSizeBytes,
        contentType: 'image/jpeg',
        cacheControl: 'private, max-age=3600',
      });
    },
  );
};
