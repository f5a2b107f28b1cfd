import {
  type Answer,
  type CommittedImage,
  type Exam,
  imageUrlsOf,
  type Question,
  type SaveAnswerSchema,
} from '@ngso/shared/schemas/exam';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { batchLoader } from '../../lib/batch-loader.ts';
import { batchWriter } from '../../lib/batch-writer.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { perDatabase } from '../../lib/per-database.ts';
import { toDhakaIso } from '../../lib/time.ts';
import type { UserRow } from '../auth/auth.repo.ts';
import { studentReceipts } from '../receipts/receipts.service.ts';
import { type PhotoWithFile, photosOfUsers } from './answer-photos.repo.ts';
import { answerImage, latePhotoOf } from './answer-photos.service.ts';
import {
  type AnswerRow,
  type AnswerSaveInput,
  answersOfUsers,
  ownUploadsByIds,
  recordSubmissions,
  type SubmissionInput,
  saveAnswers,
} from './exam.repo.ts';
import type { QuestionWithImages } from './question-images.repo.ts';
import { toQuestionImage } from './question-images.service.ts';
import { storedQuestionHtml } from './question-text.ts';
import { deliveryEnd, graceEnd, paperFrom, type StudentExam, studentExam } from './student-exam.ts';

export async function examFor(ctx: ServiceContext, code: string, user: UserRow): Promise<Exam> {
  const s = await studentExam(ctx, code, user);
  return {
    category: s.category,
    starts_at: toDhakaIso(s.window.start),
    ends_at: toDhakaIso(s.window.end),
    duration_minutes: Math.round((s.window.end.getTime() - s.window.start.getTime()) / 60_000),
    total_questions: s.questions.length,
    total_marks: s.questions.reduce((sum, question) => sum + question.marks, 0),
    phase: s.phase,
    submitted_at: s.attempt.submittedAt ? toDhakaIso(s.attempt.submittedAt) : null,
    delivery_ends_at: toDhakaIso(deliveryEnd(ctx, s)),
    paper_from: toDhakaIso(paperFrom(ctx, s)),
  };
}

export const toQuestion = (row: QuestionWithImages): Question => ({
  id: row.id,
  marks: row.marks,
  questionEnglish: row.questionEnglish,
  questionBangla: row.questionBangla,
  questionEnglishHtml: storedQuestionHtml(row.questionEnglishHtml, row.questionEnglish),
  questionBanglaHtml: storedQuestionHtml(row.questionBanglaHtml, row.questionBangla),
  images: row.images.map(toQuestionImage),
});

type PhotoOf = (sha256: string) => Pick<PhotoWithFile, 'mediaId' | 'committedAt'> | undefined;

/** The receipts of the student's committed photos (decision 062). */
const receiptsOf = (ctx: ServiceContext, s: StudentExam) =>
  studentReceipts(ctx, { competition: s.competition.code, rollNumber: s.rollNumber, questions: s.questions });

type Receipts = ReturnType<typeof receiptsOf>;

/**
 * An answer with each photo's delivery state (`photoOf` finds the student's photo by hash) and its
 * receipt.
 */
function toAnswer(row: AnswerRow, photoOf: PhotoOf, receipts: Receipts): Answer {
  const images = row.images.map((image) => {
    const photo = photoOf(image.sha256);
    return { ...answerImage(image, photo), ...receipts(row.questionId, image, photo?.committedAt) };
  });
  return {
    question_id: row.questionId,
    image_urls: imageUrlsOf(images),
    images,
    version: row.version,
    saved_at: toDhakaIso(row.savedAt),
  };
}

type StudentAnswers = { answers: AnswerRow[]; photos: PhotoWithFile[] };

/**
 * A student's answers and photos; the reads of students who ask together are two queries
 * (lib/batch-loader.ts).
 */
const answersLoaderOf = perDatabase((db: Database) =>
  batchLoader(async (userIds: string[]) => {
    const [answers, photos] = await Promise.all([answersOfUsers(db, userIds), photosOfUsers(db, userIds)]);
    const byUser = new Map<string, StudentAnswers>();
    const entry = (id: string) => {
      let found = byUser.get(id);
      if (!found) {
        found = { answers: [], photos: [] };
        byUser.set(id, found);
      }
      return found;
    };
    for (const [id, rows] of answers) entry(id).answers.push(...rows);
    for (const photo of photos) entry(photo.userId).photos.push(photo);
    return byUser;
  }),
);

const loadAnswers = (db: Database, userId: string) => answersLoaderOf(db)(userId);

const finder = (photos: PhotoWithFile[]) => {
  const bySha = new Map(photos.map((photo) => [photo.sha256, photo]));
  return (sha256: string) => bySha.get(sha256);
};

/** The student's answers to their exam's questions, and the photos they sent late. */
export async function answersFor(ctx: ServiceContext, code: string, user: UserRow) {
  return answersInExam(ctx, await studentExam(ctx, code, user), user.id);
}

/** A student's answers (each photo with its receipt) and late photos, in an exam already read. */
export async function answersInExam(ctx: ServiceContext, s: StudentExam, userId: string) {
  const ids = new Set(s.questions.map((question) => question.id));
  const { answers, photos } = (await loadAnswers(ctx.db, userId)) ?? { answers: [], photos: [] };
  const photoOf = finder(photos);
  const receipts = receiptsOf(ctx, s);
  return {
    data: answers.filter((row) => ids.has(row.questionId)).map((row) => toAnswer(row, photoOf, receipts)),
    late_photos: photos
      .filter((photo) => photo.late && ids.has(photo.questionId))
      .sort((a, b) => a.committedAt.getTime() - b.committedAt.getTime())
      .map(latePhotoOf),
  };
}

const MEDIA_URL = /^\/api\/v1\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * The photos an answer names: the committed ones as sent (`images`), or, for a client of the spec's fields
 * only, the student's own uploads by address (`image_urls`), which are delivered already.
 */
async function committedImages(
  ctx: ServiceContext,
  user: UserRow,
  input: z.output<typeof SaveAnswerSchema>,
): Promise<{ images: CommittedImage[]; delivered: Map<string, string> }> {
  if (input.images) {
    const seen = new Set<string>();
    const images = input.images.filter((image) => !seen.has(image.sha256) && seen.add(image.sha256));
    return { images, delivered: new Map() };
  }
  const mediaIds = input.image_urls.map((url) => MEDIA_URL.exec(url)?.[1]?.toLowerCase());
  if (mediaIds.some((id) => !id)) throw new AppError(403, 'answer.foreignImage');
  const ids = [...new Set(mediaIds as string[])];
  const uploads = await ownUploadsByIds(ctx.db, user.id, ids);
  if (uploads.size !== ids.length) throw new AppError(403, 'answer.foreignImage');
  const images: CommittedImage[] = [];
  const delivered = new Map<string, string>();
  for (const id of ids) {
    const upload = uploads.get(id);
    if (!upload) throw new AppError(403, 'answer.foreignImage');
    images.push({ sha256: upload.sha256, size: upload.size });
    delivered.set(upload.sha256, id);
  }
  return { images, delivered };
}

/** Saves written together, a few statements at a time (lib/batch-writer.ts, decision 057). */
const ANSWER_SAVES_AT_ONCE = 4;

const saveAnswerOf = perDatabase((db: Database) =>
  batchWriter((saves: AnswerSaveInput[]) => saveAnswers(db, saves), {
    atOnce: ANSWER_SAVES_AT_ONCE,
    maxBatch: 50,
  }),
);

/**
 * Replaces one question's answer with the photos sent, by hash and size: the commitment. Accepted during
 * the window and for a short grace after it, never after submission; the photos' bytes may come later
 * (answer-photos.service.ts). A save that names the version it read is refused when another save came
 * between (409), so two tabs cannot silently drop each other's photos; one without a version (a client of
 * the spec's fields only) replaces the answer.
 */
export async function saveAnswer(
  ctx: ServiceContext,
  code: string,
  user: UserRow,
  input: z.output<typeof SaveAnswerSchema>,
) {
  const s = await studentExam(ctx, code, user);
  if (s.attempt.submittedAt) throw new AppError(409, 'exam.submitted');
  if (s.phase === 'BEFORE_EXAM') throw new AppError(403, 'exam.notOpen');
  if (s.now >= graceEnd(ctx, s)) throw new AppError(409, 'exam.ended');
  if (!s.questions.some((question) => question.id === input.question_id))
    throw new AppError(404, 'answer.question');
  const { images, delivered } = await committedImages(ctx, user, input);
  const { saved, current, photos, recorded } = await saveAnswerOf(ctx.db)({
    userId: user.id,
    questionId: input.question_id,
    images,
    expectedVersion: input.version,
    savedAt: s.now,
    delivered,
  });
  const answer = saved ?? unchanged(current, input.version, images);
  if (recorded > 0) ctx.metrics.photoCommitments.inc({ category: s.category }, recorded);
  return toAnswer(answer, (sha256) => photos.get(sha256), receiptsOf(ctx, s));
}

/**
 * The answer a save left as it was: the same photos at the version the page read (sent again after a lost
 * reply), or else a stale save (another save came between the page's read and this one): 409.
 */
function unchanged(current: AnswerRow | undefined, version: number | undefined, images: CommittedImage[]) {
  if (
    !current ||
    (version !== undefined && version !== current.version) ||
    !sameList(current.images, images)
  ) {
    throw new AppError(409, 'answer.stale');
  }
  return current;
}

const sameList = (a: CommittedImage[], b: CommittedImage[]) =>
  a.length === b.length && a.every((image, i) => image.sha256 === b[i]?.sha256 && image.size === b[i]?.size);

/** Submissions recorded together, a few statements at a time, as the saves are (decision 058). */
const SUBMISSIONS_AT_ONCE = 2;

const recordSubmissionOf = perDatabase((db: Database) =>
  batchWriter((submissions: SubmissionInput[]) => recordSubmissions(db, submissions), {
    atOnce: SUBMISSIONS_AT_ONCE,
    maxBatch: 100,
  }),
);

/** Records the submission on the server's clock; idempotent. After the end, answers stand as submitted. */
export async function submitExam(ctx: ServiceContext, code: string, user: UserRow) {
  const s = await studentExam(ctx, code, user);
  if (s.phase === 'BEFORE_EXAM') throw new AppError(409, 'exam.notStarted');
  const at = s.phase === 'AFTER_EXAM' ? s.window.end : s.now;
  const { submittedAt, answered } = await recordSubmissionOf(ctx.db)({
    competitionId: s.competition.id,
    userId: user.id,
    at,
    questionIds: s.questions.map((question) => question.id),
  });
  return {
    submitted_at: toDhakaIso(submittedAt),
    answered,
    total: s.questions.length,
  };
}
