import type { Readable } from 'node:stream';
import { CATEGORIES } from '@ngso/shared/constants';
import {
  AnswersResponseSchema,
  DeliveredPhotoResponseSchema,
  ExamResponseSchema,
  LatePhotoInputSchema,
  LatePhotoResponseSchema,
  PaperKeyResponseSchema,
  PaperResponseSchema,
  QuestionsQuerySchema,
  QuestionsResponseSchema,
  SaveAnswerResponseSchema,
  SaveAnswerSchema,
  Sha256Schema,
  SubmitResponseSchema,
} from '@ngso/shared/schemas/exam';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { servedFirst } from '../../lib/commitments-first.ts';
import { sessionRequired } from '../../lib/openapi.ts';
import { sendPrebuilt } from '../../lib/prebuilt-json.ts';
import { CompetitionParamsSchema, errorResponses } from '../../lib/route-schemas.ts';
import { signedIn } from '../auth/session-plugin.ts';
import { deliverPhoto, sendLatePhoto } from './answer-photos.service.ts';
import { refuseAnswerUploadWhenFull } from './answer-upload-gate.ts';
import { answersFor, examFor, saveAnswer, submitExam } from './exam.service.ts';
import { cachedCompetition } from './exam-cache.ts';
import { paperFor, paperKeyFor } from './paper.service.ts';
import { questionsFor } from './questions-prebuilt.ts';
import { sessionWithEntrant } from './student-exam.ts';

const errors = errorResponses(401, 403, 404, 409, 422);

export const examRoutes: FastifyPluginAsyncZod = async (app) => {
  // requireUser, reading the student's registration and attempt in the session's query. For an
  // unknown competition: 401 for a stranger, then the handler's 404.
  const guard = {
    preValidation: sessionRequired(async (request: FastifyRequest, reply: FastifyReply) => {
      const { competition: code } = request.params as { competition: string };
      const competition = await cachedCompetition(app.db, code).catch(() => undefined);
      if (!competition) return app.requireUser(request, reply);
      return app.requireUserWith(request, reply, sessionWithEntrant(app.db, competition.id));
    }),
  };

  app.get(
    '/v1/:competition/exam',
    {
      schema: {
        tags: ['exam'],
        summary: "The signed-in student's exam: window, phase (decided on the server), submission",
        params: CompetitionParamsSchema,
        response: { 200: ExamResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => ({
      status: 'success' as const,
      data: await examFor(app.services, request.params.competition, signedIn(request).user),
    }),
  );

  app.get(
    '/v1/:competition/questions',
    {
      schema: {
        tags: ['exam'],
        summary: "The exam's questions: only during the student's own category's window",
        params: CompetitionParamsSchema,
        querystring: QuestionsQuerySchema,
        response: { 200: QuestionsResponseSchema, ...errors },
        description:
          'The same bytes for every student of the category, built once per version of the questions, with ' +
          'an ETag: a page that already holds this version gets 304.',
      },
      ...guard,
    },
    async (request, typedReply) => {
      // The body is sent as built (JSON bytes, pre-compressed), not serialised again.
      const reply = typedReply as FastifyReply;
      const built = await questionsFor(
        app.services,
        request.params.competition,
        signedIn(request).user,
        request.query.category,
      );
      sendPrebuilt(request, reply, built);
      return reply;
    },
  );

  app.get(
    '/v1/:competition/paper',
    {
      schema: {
        tags: ['exam'],
        summary: "The student's question paper, encrypted, from EXAM_PAPER_LEAD_MINUTES before the start",
        description:
          'AES-256-GCM; the key comes at the start from GET /v1/{competition}/paper-key/{category}. ' +
          'Pre-compressed (br, gzip) with an ETag: a page that already holds this version gets 304.',
        params: CompetitionParamsSchema,
        response: { 200: PaperResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request, typedReply) => {
      // The body is sent as built (pre-compressed JSON bytes), not serialised again.
      const reply = typedReply as FastifyReply;
      const built = await paperFor(app.services, request.params.competition, signedIn(request).user);
      app.services.metrics.paperDownloads.inc({ result: sendPrebuilt(request, reply, built) });
      return reply;
    },
  );

  app.get(
    '/v1/:competition/paper-key/:category',
    {
      schema: {
        tags: ['exam'],
        summary: "The question paper's key: 404 before the category's start, the key from the start on",
        description:
          'Holds nothing personal and needs no session; answered from memory, cacheable by a proxy ' +
          '(Cache-Control public). Useless without the paper, which only the entrants of the category can read.',
        params: CompetitionParamsSchema.extend({ category: z.enum(CATEGORIES) }),
        response: { 200: PaperKeyResponseSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      try {
        const data = await paperKeyFor(app.services, request.params.competition, request.params.category);
        reply.header('Cache-Control', 'public, max-age=60');
        app.services.metrics.paperKeysServed.inc({ category: request.params.category });
        return { status: 'success' as const, data };
      } catch (err) {
        // A refusal before the start may be cached only for a moment: the key is due at the start.
        reply.header('Cache-Control', 'public, max-age=1');
        throw err;
      }
    },
  );

  app.get(
    '/v1/:competition/answers',
    {
      schema: {
        tags: ['exam'],
        summary: "The student's saved answers",
        params: CompetitionParamsSchema,
        response: { 200: AnswersResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => ({
      status: 'success' as const,
      data: await answersFor(app.services, request.params.competition, signedIn(request).user),
    }),
  );

  app.post(
    '/v1/:competition/answers',
    {
      schema: {
        tags: ['exam'],
        summary: "Replace one question's answer: its photos by hash and size (`images`), or `image_urls`",
        description:
          'Commits the photos the moment they are taken: accepted during the window and the grace after it. ' +
          'The bytes of each committed photo follow with PUT /v1/{competition}/answer-photos/{sha256}, until ' +
          'the delivery deadline (`delivery_ends_at` of the exam). Send `version` to refuse a stale write (409).',
        params: CompetitionParamsSchema,
        body: SaveAnswerSchema,
        response: { 200: SaveAnswerResponseSchema, ...errors },
      },
      ...guard,
      // Served first: the photos' gate admits no new photo while a commitment is being served.
      ...servedFirst,
    },
    async (request) => ({
      status: 'success' as const,
      data: await saveAnswer(app.services, request.params.competition, signedIn(request).user, request.body),
    }),
  );

  app.post(
    '/v1/:competition/exam/submit',
    {
      schema: {
        tags: ['exam'],
        summary: 'Submit the exam; records the server time once (idempotent)',
        params: CompetitionParamsSchema,
        response: { 200: SubmitResponseSchema, ...errors },
      },
      ...guard,
      ...servedFirst,
    },
    async (request) => ({
      status: 'success' as const,
      data: await submitExam(app.services, request.params.competition, signedIn(request).user),
    }),
  );

  app.post(
    '/v1/:competition/late-photos',
    {
      schema: {
        tags: ['exam'],
        summary: 'Send a photo that could not be committed in time: kept as late, for organisers to decide',
        description:
          'After the window and its grace, until the delivery deadline. The bytes follow with ' +
          'PUT /v1/{competition}/answer-photos/{sha256}. A late photo never counts by itself.',
        params: CompetitionParamsSchema,
        body: LatePhotoInputSchema,
        response: { 200: LatePhotoResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => ({
      status: 'success' as const,
      data: await sendLatePhoto(
        app.services,
        request.params.competition,
        signedIn(request).user,
        request.body,
      ),
    }),
  );

  // The bytes of a photo arrive as the request body itself (no multipart to parse), read only once the
  // upload's turn has come (exam/answer-upload-gate.ts). Only an image's type is taken, or octet-stream (what the
  // page sends for a photo whose type the phone did not name): any other (JSON, text, a form) is a 415,
  // never parsed as something else.
  await app.register(async (scope) => {
    const photos = scope.withTypeProvider<ZodTypeProvider>();
    photos.removeAllContentTypeParsers();
    const passBytes = (_request: unknown, payload: Readable, done: (error: null, body: Readable) => void) =>
      done(null, payload);
    photos.addContentTypeParser(/^image\/[\w.+-]+$/, passBytes);
    photos.addContentTypeParser('application/octet-stream', passBytes);
    photos.put(
      '/v1/:competition/answer-photos/:sha256',
      {
        schema: {
          tags: ['exam'],
          summary: 'Deliver the bytes of a committed (or late) photo; the body is the image itself',
          description:
            'Checked against the commitment (SHA-256 and size): 404 when no answer of yours committed this ' +
            'photo, 422 when the bytes do not match, 409 after the delivery deadline or once results are ' +
            'published, 415 when the body is not sent as an image (image/*, or application/octet-stream), ' +
            '429 or 503 with Retry-After when the server is busy. Sending a photo again is harmless.',
          params: CompetitionParamsSchema.extend({ sha256: Sha256Schema }),
          response: {
            200: DeliveredPhotoResponseSchema,
            ...errorResponses(401, 403, 404, 409, 415, 422, 429, 503),
          },
        },
        // The session first (one batched query), then the door: a stranger's junk with made-up hashes is
        // a 401 that neither moves the students' moments to come back nor takes their kept places.
        preValidation: [guard.preValidation, refuseAnswerUploadWhenFull],
      },
      async (request) => ({
        status: 'success' as const,
        data: await deliverPhoto(
          app.services,
          request.params.competition,
          signedIn(request).user,
          request.params.sha256,
          request.body as Readable,
        ),
      }),
    );
  });
};
