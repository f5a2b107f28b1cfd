import { CATEGORIES, type Category } from '@ngso/shared/constants';
import { OkResponseSchema } from '@ngso/shared/schemas/common';
import {
  AdminExamResponseSchema,
  AdminQuestionResponseSchema,
  AdminQuestionsResponseSchema,
  ExamWindowSchema,
  ExtensionSchema,
  LiveExamSchema,
  QuestionInputSchema,
  QuestionPreviewInputSchema,
  QuestionPreviewResponseSchema,
} from '@ngso/shared/schemas/exam';
import {
  FinalRoundDetailsInputSchema,
  FinalRoundDetailsResponseSchema,
} from '@ngso/shared/schemas/registration';
import {
  AdminLatePhotosResponseSchema,
  LatePhotoDecisionResponseSchema,
  LatePhotoDecisionSchema,
} from '@ngso/shared/schemas/results';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../lib/attachment.ts';
import { consoleRoute, success } from '../../lib/console-route.ts';
import { CompetitionQuerySchema, errorResponses } from '../../lib/route-schemas.ts';
import { signedIn } from '../auth/session-plugin.ts';
import { changeFinalRoundDetails, finalRoundDetailsOf } from '../competitions/final-round.service.ts';
import {
  addQuestion,
  changeExamWindow,
  editQuestion,
  examWindowOf,
  giveExtraTime,
  questionsForAdmin,
  removeQuestion,
  renderQuestionTexts,
} from './exam-admin.service.ts';
import { liveExam } from './exam-live.service.ts';
import { decideOnLatePhoto, latePhotosFor } from './late-photos.service.ts';
import { questionPaperFor } from './question-paper.service.ts';

const errors = errorResponses(401, 403, 404, 422);
const CategoryParams = z.object({ category: z.enum(CATEGORIES) });
const QuestionParams = z.object({ id: z.string().max(64) });

/** The competition and the category a call on `/:category` names (the competition: ngso-1 unless another). */
const categoryOf = (request: { query: { competition: string }; params: { category: Category } }) =>
  [request.query.competition, request.params.category] as const;

/** Organisers run the exam: each category's window, extra time for one student, the questions. */
export const adminExamRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireRole('admin');
  const staff = app.requireRole('admin', 'grader');
  const ctx = app.services;

  app.get(
    '/v1/admin/exams/:category',
    consoleRoute(admin, {
      summary: "A category's exam window",
      params: CategoryParams,
      querystring: CompetitionQuerySchema,
      response: { 200: AdminExamResponseSchema, ...errors },
    }),
    async (request) => success(await examWindowOf(ctx, ...categoryOf(request))),
  );

  app.put(
    '/v1/admin/exams/:category',
    consoleRoute(admin, {
      summary: "Change a category's exam window (ISO 8601 with offset)",
      params: CategoryParams,
      querystring: CompetitionQuerySchema,
      body: ExamWindowSchema,
      response: { 200: AdminExamResponseSchema, ...errors },
    }),
    async (request) =>
      success(await changeExamWindow(ctx, signedIn(request).user, ...categoryOf(request), request.body)),
  );

  app.get(
    '/v1/admin/exams/:category/live',
    consoleRoute(admin, {
      summary:
        "A category's exam as it happens: each approved student's answered count, last save, own end, submission",
      params: CategoryParams,
      querystring: CompetitionQuerySchema,
      response: { 200: z.object({ status: z.literal('success'), data: LiveExamSchema }), ...errors },
    }),
    async (request) => success(await liveExam(ctx, ...categoryOf(request))),
  );

  app.post(
    '/v1/admin/exams/:category/extensions',
    consoleRoute(admin, {
      summary: "Give one student extra minutes (moves that student's end only)",
      params: CategoryParams,
      querystring: CompetitionQuerySchema,
      body: ExtensionSchema,
      response: { 200: OkResponseSchema, ...errors },
    }),
    async (request) => {
      await giveExtraTime(ctx, signedIn(request).user, ...categoryOf(request), request.body);
      return { status: 'success' as const };
    },
  );

  app.get(
    '/v1/admin/final-round/:category',
    consoleRoute(admin, {
      summary: "A category's in-person final round: date, reporting time, time, venue, session, departure",
      params: CategoryParams,
      querystring: CompetitionQuerySchema,
      response: { 200: FinalRoundDetailsResponseSchema, ...errors },
    }),
    async (request) => success(await finalRoundDetailsOf(ctx, ...categoryOf(request))),
  );

  app.put(
    '/v1/admin/final-round/:category',
    consoleRoute(admin, {
      summary: "Change a category's final-round details (they show on the approved card and the admit card)",
      params: CategoryParams,
      querystring: CompetitionQuerySchema,
      body: FinalRoundDetailsInputSchema,
      response: { 200: FinalRoundDetailsResponseSchema, ...errors },
    }),
    async (request) =>
      success(
        await changeFinalRoundDetails(ctx, signedIn(request).user, ...categoryOf(request), request.body),
      ),
  );

  app.get(
    '/v1/admin/exams/:category/paper.pdf',
    consoleRoute(staff, {
      summary: "A category's questions as a printable question paper (PDF; audited)",
      description:
        'Answers application/pdf: each question with its marks, English then Bangla, formulas as text and ' +
        'diagrams as images. Admins at any time; graders once grading of the category is open (403 ' +
        'grading.notOpen before). 401 signed out, 403 for a student, 404 for a category without an ' +
        'exam, 503 with Retry-After while too many PDFs are being made.',
      params: CategoryParams,
      querystring: CompetitionQuerySchema,
    }),
    async (request, reply) => {
      const paper = await questionPaperFor(ctx, signedIn(request).user, ...categoryOf(request));
      return reply
        .type('application/pdf')
        .header('Content-Disposition', attachment(paper.fileName))
        .header('Cache-Control', 'no-store')
        .send(paper.pdf);
    },
  );

  app.get(
    '/v1/admin/questions',
    // graders read the question they grade, once grading is open
    consoleRoute(staff, {
      summary: "A category's questions, in order",
      description:
        'Graders: 403 until the exam has ended for every student of the category (its end, the most extra ' +
        'time given, and the grace).',
      querystring: CompetitionQuerySchema.extend({ category: z.enum(CATEGORIES) }),
      response: { 200: AdminQuestionsResponseSchema, ...errors },
    }),
    async (request) =>
      success(
        await questionsForAdmin(
          ctx,
          signedIn(request).user,
          request.query.competition,
          request.query.category,
        ),
      ),
  );

  app.post(
    '/v1/admin/questions',
    consoleRoute(admin, {
      summary: 'Add a question',
      querystring: CompetitionQuerySchema,
      body: QuestionInputSchema,
      response: { 201: AdminQuestionResponseSchema, ...errors },
    }),
    async (request, reply) => {
      const data = await addQuestion(ctx, signedIn(request).user, request.query.competition, request.body);
      reply.status(201);
      return success(data);
    },
  );

  app.post(
    '/v1/admin/questions/preview',
    consoleRoute(admin, {
      summary: "A question's texts as students will see them (the editor's preview; nothing is stored)",
      description:
        'The same renderer as a save: Markdown with TeX formulas to sanitised HTML with MathML. A formula ' +
        'that does not parse is a 422 naming the field and the character where it went wrong.',
      body: QuestionPreviewInputSchema,
      response: { 200: QuestionPreviewResponseSchema, ...errors },
    }),
    async (request) => success(renderQuestionTexts(request.body, request.body.diagrams)),
  );

  app.put(
    '/v1/admin/questions/:id',
    consoleRoute(admin, {
      summary: 'Edit a question',
      params: QuestionParams,
      body: QuestionInputSchema,
      response: { 200: AdminQuestionResponseSchema, ...errors },
    }),
    async (request) =>
      success(await editQuestion(ctx, signedIn(request).user, request.params.id, request.body)),
  );

  app.delete(
    '/v1/admin/questions/:id',
    consoleRoute(admin, {
      summary: 'Remove a question',
      params: QuestionParams,
      response: { 200: OkResponseSchema, ...errors },
    }),
    async (request) => {
      await removeQuestion(ctx, signedIn(request).user, request.params.id);
      return { status: 'success' as const };
    },
  );

  app.get(
    '/v1/admin/late-photos/:category',
    consoleRoute(admin, {
      summary: "A page of a category's late photos (sent after the window and its grace), for a decision",
      description:
        'By roll number, then question. `meta` counts them all (`total`) and the undecided (`pending`). ' +
        'A student sends at most as many late photos for a question as an answer holds.',
      params: CategoryParams,
      querystring: CompetitionQuerySchema.extend({
        page: z.coerce.number().int().min(1).max(100_000).default(1),
        per_page: z.coerce.number().int().min(1).max(100).default(50),
      }),
      response: { 200: AdminLatePhotosResponseSchema, ...errors },
    }),
    async (request) => ({
      status: 'success' as const,
      ...(await latePhotosFor(ctx, ...categoryOf(request), request.query.page, request.query.per_page)),
    }),
  );

  app.post(
    '/v1/admin/late-photos/decision',
    consoleRoute(admin, {
      summary: 'Accept a late photo (it joins the answer and is graded) or reject it; audited',
      querystring: CompetitionQuerySchema,
      body: LatePhotoDecisionSchema,
      response: { 200: LatePhotoDecisionResponseSchema, ...errors },
    }),
    async (request) =>
      success(await decideOnLatePhoto(ctx, signedIn(request).user, request.query.competition, request.body)),
  );
};
