import type { Category, Role } from '@ngso/shared/constants';
import type { Competition } from '@ngso/shared/schemas/competitions';
import type { DashboardStats } from '@ngso/shared/schemas/dashboard';
import type {
  AdminQuestionSchema,
  LiveExam,
  QuestionInputSchema,
  QuestionPreviewInputSchema,
} from '@ngso/shared/schemas/exam';
import type {
  ClaimResult,
  DisagreementSchema,
  GradingProgress,
  RubricItem,
  RubricItemInput,
  SecondClaimResponseSchema,
  SecondMarkingSettings,
} from '@ngso/shared/schemas/grading';
import type {
  AdminRegistration,
  FinalRoundDetails,
  ReconciliationReport,
} from '@ngso/shared/schemas/registration';
import type { StandingSchema, StandingsResponseSchema, Submission } from '@ngso/shared/schemas/results';
import type { z } from 'zod';
import { baseApi } from '../../lib/api.ts';
import { scoped } from './console/current-competition.ts';
import { type RegistrationFilters, registrationListQuery } from './console/filters.ts';

export type ListMeta = { page: number; per_page: number; total: number };

/** An answer held for a grader, for first marks or for a blind second mark (decision 037). */
export type HoldKey = { question_id: string; user_id: string };
export type HoldKind = 'first' | 'second';
/** Where a hold is renewed or given back. */
export const holdPath = (kind: HoldKind, action: 'heartbeat' | 'release') =>
  `v1/admin/grading/${kind === 'second' ? 'second/' : ''}${action}`;
export type Paged<T> = { data: T[]; meta: ListMeta };

export type AdminStats = DashboardStats;

export type Decision = {
  id: string;
  registration_status: 'pending' | 'approved' | 'rejected';
  roll_number: string | null;
  rejection_reason: string | null;
};
export type BulkResult = { approved: string[]; skipped: { id: string; reason: string }[] };

export type ExamWindow = { category: Category; starts_at: string; ends_at: string; duration_minutes: number };
/** A question as the console reads it, from the shared schema (diagrams and rendered texts included). */
export type AdminQuestion = z.infer<typeof AdminQuestionSchema>;
/** A question's save: its texts, marks, position and diagrams (each an upload and its texts). */
export type QuestionInput = z.input<typeof QuestionInputSchema>;
export type QuestionTexts = z.input<typeof QuestionPreviewInputSchema>;
export type RenderedQuestionTexts = Pick<AdminQuestion, 'questionEnglishHtml' | 'questionBanglaHtml'>;

/** A category's standings, from the shared schema (one source for the server and the console). */
export type Standing = z.infer<typeof StandingSchema>;
export type Standings = z.infer<typeof StandingsResponseSchema>['data'];

export type AdminUser = {
  id: string;
  name: string;
  email: string;
  phone_number: string | null;
  role: Role;
  email_verified: boolean;
  two_factor: boolean;
  /** 100 wrong codes in a row locked it (decision 066) until another admin unlocks it. */
  two_factor_locked: boolean;
  created_at: string;
};
export type AuditEntry = {
  id: number;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: unknown;
  after: unknown;
  created_at: string;
};

type Data<T> = { data: T };
const data = <T>(response: Data<T>) => response.data;
const paged = <T>(response: Paged<T>): Paged<T> => ({ data: response.data, meta: response.meta });

export type SecondMarkingState = SecondMarkingSettings & { due: number; second_marked: number };
export type SecondClaim = z.infer<typeof SecondClaimResponseSchema>['data'];
export type Disagreement = z.infer<typeof DisagreementSchema>;

const api = baseApi.enhanceEndpoints({
  addTagTypes: [
    'AdminStats',
    'AdminRegistrations',
    'AdminExam',
    'AdminQuestions',
    'AdminSubmissions',
    'AdminRubric',
    'AdminGradingProgress',
    'AdminSecondMarking',
    'AdminResults',
    'AdminUsers',
    'AdminAudit',
    'AdminCompetitions',
  ],
});

/** Every cached console answer: what switching the competition makes the console fetch again. */
export const COMPETITION_SCOPED_TAGS = [
  'AdminStats',
  'AdminRegistrations',
  'AdminExam',
  'AdminQuestions',
  'AdminSubmissions',
  'AdminResults',
] as const;

export type CompetitionInput = Pick<Competition, 'code' | 'name' | 'fee_bdt' | 'categories'>;
export type CompetitionChanges = Omit<Competition, 'code' | 'created_at'>;

/** The organisers' console calls (api.md, /v1/admin); this module loads only with the console. */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    competitions: build.query<Competition[], void>({
      query: () => 'v1/admin/competitions',
      transformResponse: data<Competition[]>,
      providesTags: ['AdminCompetitions'],
    }),
    createCompetition: build.mutation<Competition, CompetitionInput>({
      query: (body) => ({ url: 'v1/admin/competitions', method: 'POST', body }),
      transformResponse: data<Competition>,
      invalidatesTags: ['AdminCompetitions', 'AdminAudit'],
    }),
    changeCompetition: build.mutation<Competition, CompetitionChanges & { code: string }>({
      query: ({ code, ...body }) => ({
        url: `v1/admin/competitions/${encodeURIComponent(code)}`,
        method: 'PUT',
        body,
      }),
      transformResponse: data<Competition>,
      invalidatesTags: ['AdminCompetitions', 'AdminResults', 'AdminAudit'],
    }),
    adminStats: build.query<AdminStats, void>({
      query: () => scoped('v1/admin/stats'),
      transformResponse: data<AdminStats>,
      providesTags: ['AdminStats'],
    }),
    adminRegistrations: build.query<Paged<AdminRegistration>, RegistrationFilters>({
      query: (filters) => scoped(`v1/admin/registrations?${registrationListQuery(filters)}`),
      transformResponse: paged<AdminRegistration>,
      providesTags: ['AdminRegistrations'],
    }),
    approveRegistration: build.mutation<Decision, string>({
      query: (id) => ({ url: `v1/admin/registrations/${encodeURIComponent(id)}/approve`, method: 'POST' }),
      transformResponse: data<Decision>,
      invalidatesTags: ['AdminRegistrations', 'AdminStats'],
    }),
    rejectRegistration: build.mutation<Decision, { id: string; reason: string }>({
      query: ({ id, reason }) => ({
        url: `v1/admin/registrations/${encodeURIComponent(id)}/reject`,
        method: 'POST',
        body: { reason },
      }),
      transformResponse: data<Decision>,
      invalidatesTags: ['AdminRegistrations', 'AdminStats'],
    }),
    bulkApprove: build.mutation<BulkResult, string[]>({
      query: (ids) => ({ url: 'v1/admin/registrations/bulk-approve', method: 'POST', body: { ids } }),
      transformResponse: data<BulkResult>,
      invalidatesTags: ['AdminRegistrations', 'AdminStats'],
    }),
    reconcilePayments: build.mutation<ReconciliationReport, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return { url: scoped('v1/admin/registrations/reconcile'), method: 'POST', body };
      },
      transformResponse: data<ReconciliationReport>,
      invalidatesTags: ['AdminRegistrations'],
    }),
    examWindow: build.query<ExamWindow, Category>({
      query: (category) => scoped(`v1/admin/exams/${category}`),
      transformResponse: data<ExamWindow>,
      providesTags: (_result, _error, category) => [{ type: 'AdminExam', id: category }],
    }),
    changeExamWindow: build.mutation<ExamWindow, { category: Category; starts_at: string; ends_at: string }>({
      query: ({ category, ...body }) => ({ url: scoped(`v1/admin/exams/${category}`), method: 'PUT', body }),
      transformResponse: data<ExamWindow>,
      invalidatesTags: (_result, _error, { category }) => [{ type: 'AdminExam', id: category }],
    }),
    finalRound: build.query<FinalRoundDetails, Category>({
      query: (category) => scoped(`v1/admin/final-round/${category}`),
      transformResponse: data<FinalRoundDetails>,
      providesTags: (_result, _error, category) => [{ type: 'AdminExam', id: `final-${category}` }],
    }),
    changeFinalRound: build.mutation<FinalRoundDetails, { category: Category } & FinalRoundDetails>({
      query: ({ category, ...body }) => ({
        url: scoped(`v1/admin/final-round/${category}`),
        method: 'PUT',
        body,
      }),
      transformResponse: data<FinalRoundDetails>,
      invalidatesTags: (_result, _error, { category }) => [{ type: 'AdminExam', id: `final-${category}` }],
    }),
    liveExam: build.query<LiveExam, Category>({
      query: (category) => scoped(`v1/admin/exams/${category}/live`),
      transformResponse: data<LiveExam>,
      providesTags: (_result, _error, category) => [{ type: 'AdminExam', id: `live-${category}` }],
    }),
    giveExtraTime: build.mutation<void, { category: Category; user_id: string; minutes: number }>({
      query: ({ category, ...body }) => ({
        url: scoped(`v1/admin/exams/${category}/extensions`),
        method: 'POST',
        body,
      }),
    }),
    adminQuestions: build.query<AdminQuestion[], Category>({
      query: (category) => scoped(`v1/admin/questions?category=${category}`),
      transformResponse: data<AdminQuestion[]>,
      providesTags: (_result, _error, category) => [{ type: 'AdminQuestions', id: category }],
    }),
    addQuestion: build.mutation<AdminQuestion, QuestionInput>({
      query: (body) => ({ url: scoped('v1/admin/questions'), method: 'POST', body }),
      transformResponse: data<AdminQuestion>,
      invalidatesTags: (_result, _error, { category }) => [{ type: 'AdminQuestions', id: category }],
    }),
    editQuestion: build.mutation<AdminQuestion, QuestionInput & { id: string }>({
      query: ({ id, ...body }) => ({
        url: `v1/admin/questions/${encodeURIComponent(id)}`,
        method: 'PUT',
        body,
      }),
      transformResponse: data<AdminQuestion>,
      invalidatesTags: (_result, _error, { category }) => [{ type: 'AdminQuestions', id: category }],
    }),
    /** The editor's preview: the server's renderer, nothing stored (a broken formula is a 422 on its field). */
    previewQuestion: build.mutation<RenderedQuestionTexts, QuestionTexts>({
      query: (body) => ({ url: 'v1/admin/questions/preview', method: 'POST', body }),
      transformResponse: data<RenderedQuestionTexts>,
    }),
    removeQuestion: build.mutation<void, { id: string; category: Category }>({
      query: ({ id }) => ({ url: `v1/admin/questions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { category }) => [{ type: 'AdminQuestions', id: category }],
    }),
    submissions: build.query<Submission[], Category>({
      query: (category) => scoped(`v1/admin/submissions?category=${category}`),
      transformResponse: data<Submission[]>,
      providesTags: (_result, _error, category) => [{ type: 'AdminSubmissions', id: category }],
    }),
    giveMarks: build.mutation<
      { grader_marks: number | null; override_marks: number | null },
      {
        category: Category;
        userId: string;
        question_id: string;
        marks: number;
        comment: string | null;
        /** Saved from a hold on the answer (decision 037): refused once the hold went to someone else. */
        claimed?: boolean;
        /** Marked by the rubric: the items ticked and an adjustment (the server computes the marks). */
        rubric_items?: string[];
        adjustment?: number;
      }
    >({
      query: ({ userId, category: _category, ...body }) => ({
        url: `v1/admin/submissions/${encodeURIComponent(userId)}/marks`,
        method: 'PUT',
        body,
      }),
      transformResponse: data<{ grader_marks: number | null; override_marks: number | null }>,
      invalidatesTags: (_result, _error, { category }) => [
        { type: 'AdminSubmissions', id: category },
        { type: 'AdminResults', id: category },
        'AdminStats',
      ],
    }),
    rubric: build.query<RubricItem[], string>({
      query: (questionId) => `v1/admin/questions/${encodeURIComponent(questionId)}/rubric`,
      transformResponse: data<RubricItem[]>,
      providesTags: (_result, _error, questionId) => [{ type: 'AdminRubric', id: questionId }],
    }),
    addRubricItem: build.mutation<RubricItem, RubricItemInput & { questionId: string }>({
      query: ({ questionId, ...body }) => ({
        url: `v1/admin/questions/${encodeURIComponent(questionId)}/rubric`,
        method: 'POST',
        body,
      }),
      transformResponse: data<RubricItem>,
      invalidatesTags: (_result, _error, { questionId }) => [{ type: 'AdminRubric', id: questionId }],
    }),
    changeRubricItem: build.mutation<
      RubricItem & { regraded: number },
      RubricItemInput & { id: string; questionId: string }
    >({
      query: ({ id, questionId: _questionId, ...body }) => ({
        url: `v1/admin/rubric/${encodeURIComponent(id)}`,
        method: 'PUT',
        body,
      }),
      transformResponse: data<RubricItem & { regraded: number }>,
      invalidatesTags: (_result, _error, { questionId }) => [
        { type: 'AdminRubric', id: questionId },
        'AdminSubmissions',
        'AdminResults',
      ],
    }),
    removeRubricItem: build.mutation<void, { id: string; questionId: string }>({
      query: ({ id }) => ({ url: `v1/admin/rubric/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { questionId }) => [{ type: 'AdminRubric', id: questionId }],
    }),
    claimAnswer: build.mutation<ClaimResult, { question_id: string; user_id?: string; skip?: string[] }>({
      query: (body) => ({ url: 'v1/admin/grading/claim', method: 'POST', body }),
      transformResponse: data<ClaimResult>,
    }),
    gradingProgress: build.query<GradingProgress, Category>({
      query: (category) => scoped(`v1/admin/grading/progress/${category}`),
      transformResponse: data<GradingProgress>,
      providesTags: ['AdminGradingProgress'],
    }),
    secondMarking: build.query<SecondMarkingState, string>({
      query: (questionId) => `v1/admin/questions/${encodeURIComponent(questionId)}/second-marking`,
      transformResponse: data<SecondMarkingState>,
      providesTags: (_result, _error, questionId) => [{ type: 'AdminSecondMarking', id: questionId }],
    }),
    changeSecondMarking: build.mutation<SecondMarkingState, SecondMarkingSettings & { questionId: string }>({
      query: ({ questionId, ...body }) => ({
        url: `v1/admin/questions/${encodeURIComponent(questionId)}/second-marking`,
        method: 'PUT',
        body,
      }),
      transformResponse: data<SecondMarkingState>,
      invalidatesTags: (_result, _error, { questionId }) => [{ type: 'AdminSecondMarking', id: questionId }],
    }),
    claimSecond: build.mutation<SecondClaim, { question_id: string }>({
      query: (body) => ({ url: 'v1/admin/grading/second/claim', method: 'POST', body }),
      transformResponse: data<SecondClaim>,
    }),
    saveSecondMark: build.mutation<
      { marks: number },
      {
        question_id: string;
        user_id: string;
        marks: number;
        comment?: string;
        /** Marked by the rubric: the items ticked and an adjustment (the server computes the marks). */
        rubric_items?: string[];
        adjustment?: number;
      }
    >({
      query: (body) => ({ url: 'v1/admin/grading/second/marks', method: 'PUT', body }),
      transformResponse: data<{ marks: number }>,
      invalidatesTags: ['AdminSecondMarking', 'AdminGradingProgress'],
    }),
    disagreements: build.query<{ disagreements: Disagreement[]; due: number }, Category>({
      query: (category) => scoped(`v1/admin/grading/disagreements/${category}`),
      transformResponse: data<{ disagreements: Disagreement[]; due: number }>,
      providesTags: ['AdminSecondMarking'],
    }),
    settleDisagreement: build.mutation<
      { marks: number },
      { question_id: string; user_id: string; marks: number; comment: string }
    >({
      query: (body) => ({ url: 'v1/admin/grading/disagreements/settle', method: 'POST', body }),
      transformResponse: data<{ marks: number }>,
      invalidatesTags: ['AdminSecondMarking', 'AdminGradingProgress', 'AdminResults'],
    }),
    claimHeartbeat: build.mutation<{ expires_at: string }, HoldKey & { kind?: HoldKind }>({
      query: ({ kind = 'first', ...body }) => ({ url: holdPath(kind, 'heartbeat'), method: 'POST', body }),
      transformResponse: data<{ expires_at: string }>,
    }),
    releaseClaim: build.mutation<void, HoldKey & { kind?: HoldKind }>({
      query: ({ kind = 'first', ...body }) => ({ url: holdPath(kind, 'release'), method: 'POST', body }),
    }),
    standings: build.query<Standings, Category>({
      query: (category) => scoped(`v1/admin/results/${category}`),
      transformResponse: data<Standings>,
      providesTags: (_result, _error, category) => [{ type: 'AdminResults', id: category }],
    }),
    publishResults: build.mutation<
      { published_at: string; participants: number },
      { category: Category; override: boolean }
    >({
      query: ({ category, override }) => ({
        url: scoped(`v1/admin/results/${category}/publish`),
        method: 'POST',
        body: { override },
      }),
      transformResponse: data<{ published_at: string; participants: number }>,
      invalidatesTags: (_result, _error, { category }) => [{ type: 'AdminResults', id: category }],
    }),
    importPreliminary: build.mutation<{ imported: number; qualified: number }, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return { url: scoped('v1/admin/preliminary/import'), method: 'POST', body };
      },
      transformResponse: data<{ imported: number; qualified: number }>,
    }),
    adminUsers: build.query<Paged<AdminUser>, { q: string; page: number }>({
      query: ({ q, page }) =>
        `v1/admin/users?${new URLSearchParams({ q, page: String(page), per_page: '20' })}`,
      transformResponse: paged<AdminUser>,
      providesTags: ['AdminUsers'],
    }),
    changeRole: build.mutation<AdminUser, { id: string; role: Role }>({
      query: ({ id, role }) => ({
        url: `v1/admin/users/${encodeURIComponent(id)}/role`,
        method: 'PUT',
        body: { role },
      }),
      transformResponse: data<AdminUser>,
      invalidatesTags: ['AdminUsers', 'AdminAudit'],
    }),
    endSessions: build.mutation<void, string>({
      query: (id) => ({ url: `v1/admin/users/${encodeURIComponent(id)}/sessions/end`, method: 'POST' }),
      invalidatesTags: ['AdminAudit'],
    }),
    audit: build.query<Paged<AuditEntry>, { action: string; page: number }>({
      query: ({ action, page }) => {
        const search = new URLSearchParams({ page: String(page), per_page: '50' });
        if (action.trim()) search.set('action', action.trim());
        return `v1/admin/audit?${search}`;
      },
      transformResponse: paged<AuditEntry>,
      providesTags: ['AdminAudit'],
    }),
  }),
});

export const {
  useCompetitionsQuery,
  useCreateCompetitionMutation,
  useChangeCompetitionMutation,
  useAdminStatsQuery,
  useAdminRegistrationsQuery,
  useApproveRegistrationMutation,
  useRejectRegistrationMutation,
  useBulkApproveMutation,
  useReconcilePaymentsMutation,
  useExamWindowQuery,
  useFinalRoundQuery,
  useChangeFinalRoundMutation,
  useChangeExamWindowMutation,
  useGiveExtraTimeMutation,
  useLiveExamQuery,
  useAdminQuestionsQuery,
  useAddQuestionMutation,
  useEditQuestionMutation,
  useRemoveQuestionMutation,
  usePreviewQuestionMutation,
  useSubmissionsQuery,
  useGiveMarksMutation,
  useClaimAnswerMutation,
  useClaimHeartbeatMutation,
  useReleaseClaimMutation,
  useRubricQuery,
  useGradingProgressQuery,
  useSecondMarkingQuery,
  useChangeSecondMarkingMutation,
  useClaimSecondMutation,
  useSaveSecondMarkMutation,
  useDisagreementsQuery,
  useSettleDisagreementMutation,
  useAddRubricItemMutation,
  useChangeRubricItemMutation,
  useRemoveRubricItemMutation,
  useStandingsQuery,
  usePublishResultsMutation,
  useImportPreliminaryMutation,
  useAdminUsersQuery,
  useLazyAdminUsersQuery,
  useChangeRoleMutation,
  useEndSessionsMutation,
  useAuditQuery,
} = adminApi;
