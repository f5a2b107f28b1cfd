import { CATEGORIES } from '@ngso/shared/constants';
import { OkResponseSchema } from '@ngso/shared/schemas/common';
import {
  ClaimInputSchema,
  ClaimKeySchema,
  ClaimResponseSchema,
  DisagreementsResponseSchema,
  GradingProgressResponseSchema,
  HeartbeatResponseSchema,
  RubricItemInputSchema,
  RubricItemResponseSchema,
  RubricResponseSchema,
  SecondClaimResponseSchema,
  SecondMarkInputSchema,
  SecondMarkingSettingsResponseSchema,
  SecondMarkingSettingsSchema,
  SettleInputSchema,
} from '@ngso/shared/schemas/grading';
import {
  MarkInputSchema,
  StandingsResponseSchema,
  SubmissionsQuerySchema,
  SubmissionsResponseSchema,
} from '@ngso/shared/schemas/results';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleRoute, success } from '../../lib/console-route.ts';
import { CompetitionQuerySchema, errorResponses } from '../../lib/route-schemas.ts';
import { signedIn } from '../auth/session-plugin.ts';
import { claimAnswer, gradingProgress, heartbeat, release } from './grading.service.ts';
import { giveMarks, standingsForStaff, submissionsOf } from './marking.service.ts';
import { addRubricItem, changeRubricItem, removeRubricItem, rubricOfQuestion } from './rubric.service.ts';
import {
  changeSecondMarking,
  claimSecond,
  disagreementsOf,
  releaseSecond,
  saveSecondMark,
  secondHeartbeat,
  secondMarkingOf,
  settleDisagreement,
} from './second-marking.service.ts';

const IdParams = z.object({ id: z.string().max(64) });

const errors = errorResponses(401, 403, 404, 409, 422);

/** Grading as a team: holds on answers, taken one at a time, renewed, given back. */
export const gradingRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('admin', 'grader');
  const admin = app.requireRole('admin');

  app.get(
    '/v1/admin/submissions',
    consoleRoute(staff, {
      summary: "A category's answers per student, with marks (graders and admins)",
      description:
        'Graders: 403 until the exam has ended for every student of the category (its end, the most extra ' +
        'time given, and the grace); names are null for graders (the roll number identifies the answer).',
      querystring: SubmissionsQuerySchema,
      response: { 200: SubmissionsResponseSchema, ...errors },
    }),
    async (request) =>
      success(
        await submissionsOf(
          app.services,
          signedIn(request).user,
          request.query.competition,
          request.query.category,
        ),
      ),
  );

  app.put(
    '/v1/admin/submissions/:userId/marks',
    consoleRoute(staff, {
      summary: "Mark one answer (0 to the question's marks) with an optional comment",
      description:
        'Graders: 403 before grading opens and once the category is published. Admins may change marks ' +
        'after publication; each such change is in the audit log as marks.after_publication.',
      params: z.object({ userId: z.string().max(64) }),
      body: MarkInputSchema,
      response: {
        200: z.object({
          status: z.literal('success'),
          data: z.object({ grader_marks: z.number().nullable(), override_marks: z.number().nullable() }),
        }),
        ...errors,
      },
    }),
    async (request) => {
      const row = await giveMarks(app.services, signedIn(request).user, request.params.userId, request.body);
      return success({ grader_marks: row.graderMarks, override_marks: row.overrideMarks });
    },
  );

  app.get(
    '/v1/admin/results/:category',
    consoleRoute(staff, {
      summary:
        "A category's standings: totals, ranks (ties share), awards; and how many answers are ungraded",
      params: z.object({ category: z.enum(CATEGORIES) }),
      querystring: CompetitionQuerySchema,
      response: { 200: StandingsResponseSchema, ...errors },
    }),
    async (request) =>
      success(
        await standingsForStaff(
          app.services,
          signedIn(request).user,
          request.query.competition,
          request.params.category,
        ),
      ),
  );

  app.post(
    '/v1/admin/grading/claim',
    consoleRoute(staff, {
      summary: 'Take the next ungraded answer of a question (or the one named), held for this grader',
      description:
        'The answer is held for 5 minutes, renewed by the heartbeat; nobody else can take it or save marks on ' +
        'it meanwhile. `answer` is null when no answer is free. Graders: 403 before grading opens and once ' +
        'the category is published; 409 when the named answer is held by another grader.',
      body: ClaimInputSchema,
      response: { 200: ClaimResponseSchema, ...errors },
    }),
    async (request) => success(await claimAnswer(app.services, signedIn(request).user, request.body)),
  );

  app.post(
    '/v1/admin/grading/heartbeat',
    consoleRoute(staff, {
      summary: 'Renew the hold on the answer being graded (409 when it went to another grader)',
      body: ClaimKeySchema,
      response: { 200: HeartbeatResponseSchema, ...errors },
    }),
    async (request) => success(await heartbeat(app.services, signedIn(request).user, request.body)),
  );

  app.post(
    '/v1/admin/grading/release',
    consoleRoute(staff, {
      summary: 'Give back the hold on an answer (the grader left it)',
      body: ClaimKeySchema,
      response: { 200: OkResponseSchema, ...errors },
    }),
    async (request) => {
      await release(app.services, signedIn(request).user, request.body);
      return { status: 'success' as const };
    },
  );

  app.get(
    '/v1/admin/questions/:id/rubric',
    consoleRoute(staff, {
      summary: "A question's rubric items, in order (graders: once grading is open)",
      params: IdParams,
      response: { 200: RubricResponseSchema, ...errors },
    }),
    async (request) =>
      success(await rubricOfQuestion(app.services, signedIn(request).user, request.params.id)),
  );

  app.post(
    '/v1/admin/questions/:id/rubric',
    consoleRoute(admin, {
      summary: 'Add a rubric item to a question (admins; audited rubric.add)',
      params: IdParams,
      body: RubricItemInputSchema,
      response: { 200: RubricItemResponseSchema, ...errors },
    }),
    async (request) =>
      success(await addRubricItem(app.services, signedIn(request).user, request.params.id, request.body)),
  );

  app.put(
    '/v1/admin/rubric/:id',
    consoleRoute(admin, {
      summary: 'Change a rubric item; new points regrade every answer that ticked it (one audit entry)',
      description: 'Admins. `regraded` counts the marks recomputed. 409 for new points once published.',
      params: IdParams,
      body: RubricItemInputSchema,
      response: { 200: RubricItemResponseSchema, ...errors },
    }),
    async (request) =>
      success(await changeRubricItem(app.services, signedIn(request).user, request.params.id, request.body)),
  );

  app.delete(
    '/v1/admin/rubric/:id',
    consoleRoute(admin, {
      summary: 'Remove a rubric item no mark used (409 once marks were given with it)',
      params: IdParams,
      response: { 200: OkResponseSchema, ...errors },
    }),
    async (request) => {
      await removeRubricItem(app.services, signedIn(request).user, request.params.id);
      return { status: 'success' as const };
    },
  );

  app.get(
    '/v1/admin/grading/progress/:category',
    consoleRoute(staff, {
      summary: "A category's grading progress per question and (admins) per grader, with the pace",
      description:
        'Per question: graded, held now, waiting for photos, left, answers graded in the last hour and the ' +
        'minutes left at that pace (null with no pace). Per grader (empty for graders): graded, held, pace.',
      params: z.object({ category: z.enum(CATEGORIES) }),
      querystring: CompetitionQuerySchema,
      response: { 200: GradingProgressResponseSchema, ...errors },
    }),
    async (request) =>
      success(
        await gradingProgress(
          app.services,
          signedIn(request).user,
          request.query.competition,
          request.params.category,
        ),
      ),
  );

  app.get(
    '/v1/admin/questions/:id/second-marking',
    consoleRoute(admin, {
      summary: "A question's second marking: sample share, tolerance, margin near cut-offs (admins)",
      description: '`due`: first-marked answers drawn and not second-marked yet; `second_marked`: done.',
      params: IdParams,
      response: { 200: SecondMarkingSettingsResponseSchema, ...errors },
    }),
    async (request) => success(await secondMarkingOf(app.services, request.params.id)),
  );

  app.put(
    '/v1/admin/questions/:id/second-marking',
    consoleRoute(admin, {
      summary: "Set a question's second marking (admins; audited second_marking.change)",
      params: IdParams,
      body: SecondMarkingSettingsSchema,
      response: { 200: SecondMarkingSettingsResponseSchema, ...errors },
    }),
    async (request) =>
      success(
        await changeSecondMarking(app.services, signedIn(request).user, request.params.id, request.body),
      ),
  );

  app.post(
    '/v1/admin/grading/second/claim',
    consoleRoute(staff, {
      summary: 'Take the next answer due for a blind second mark (never one this grader marked first)',
      description:
        'Held for 5 minutes. Blind: no first mark, no first grader, no name. `answer` is null when none is free.',
      body: z.object({ question_id: z.string().max(64) }),
      response: { 200: SecondClaimResponseSchema, ...errors },
    }),
    async (request) =>
      success(await claimSecond(app.services, signedIn(request).user, request.body.question_id)),
  );

  app.post(
    '/v1/admin/grading/second/heartbeat',
    consoleRoute(staff, {
      summary: 'Renew the hold on the answer being second-marked (409 when it went to another grader)',
      body: ClaimKeySchema,
      response: { 200: HeartbeatResponseSchema, ...errors },
    }),
    async (request) => success(await secondHeartbeat(app.services, signedIn(request).user, request.body)),
  );

  app.post(
    '/v1/admin/grading/second/release',
    consoleRoute(staff, {
      summary: 'Give back the hold on an answer being second-marked (the grader left it)',
      body: ClaimKeySchema,
      response: { 200: OkResponseSchema, ...errors },
    }),
    async (request) => {
      await releaseSecond(app.services, signedIn(request).user, request.body);
      return { status: 'success' as const };
    },
  );

  app.put(
    '/v1/admin/grading/second/marks',
    consoleRoute(staff, {
      summary: 'Save a second mark on the answer held (409 when the hold went to another grader)',
      description: 'Kept apart from the first mark, which it never replaces. Audited marks.second.',
      body: SecondMarkInputSchema,
      response: {
        200: z.object({ status: z.literal('success'), data: z.object({ marks: z.number() }) }),
        ...errors,
      },
    }),
    async (request) => success(await saveSecondMark(app.services, signedIn(request).user, request.body)),
  );

  app.get(
    '/v1/admin/grading/disagreements/:category',
    consoleRoute(admin, {
      summary: "A category's first and second marks further apart than the tolerance, not settled (admins)",
      params: z.object({ category: z.enum(CATEGORIES) }),
      querystring: CompetitionQuerySchema,
      response: { 200: DisagreementsResponseSchema, ...errors },
    }),
    async (request) =>
      success(await disagreementsOf(app.services, request.query.competition, request.params.category)),
  );

  app.post(
    '/v1/admin/grading/disagreements/settle',
    consoleRoute(admin, {
      summary: 'Settle a disagreement: the final mark is written as an override (audited marks.settle)',
      description: '409 when the answer has no unsettled disagreement.',
      body: SettleInputSchema,
      response: {
        200: z.object({ status: z.literal('success'), data: z.object({ marks: z.number() }) }),
        ...errors,
      },
    }),
    async (request) => success(await settleDisagreement(app.services, signedIn(request).user, request.body)),
  );
};
