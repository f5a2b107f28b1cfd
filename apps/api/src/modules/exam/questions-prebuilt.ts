import { createHash } from 'node:crypto';
import type { Category } from '@ngso/shared/constants';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { type PrebuiltJson, prebuildJson } from '../../lib/prebuilt-json.ts';
import type { UserRow } from '../auth/user.ts';
import { toQuestion } from './exam.service.ts';
import type { QuestionWithImages } from './question-images.repo.ts';
import { studentExam } from './student-exam.ts';

/**
 * GET questions as every student of a category reads it (the fallback of a page without the paper, and every
 * reload): serialised and compressed once per version of the questions, with an ETag, instead of once per
 * call (decision 071). The version is a hash of exactly the bytes sent: any change an organiser makes to
 * what the students read is a new ETag.
 */

/** The answer for one cached list of questions (exam-cache.ts gives a new list every few seconds). */
const builtFor = new WeakMap<readonly QuestionWithImages[], Promise<PrebuiltJson>>();
/** The answers built, by ETag: a list read again with the same content reuses its compressed bytes. */
const byEtag = new Map<string, Promise<PrebuiltJson>>();
/** Versions kept at once (a few categories, each with its current version and perhaps the one before). */
const VERSIONS_KEPT = 32;

export function prebuiltQuestions(questions: readonly QuestionWithImages[]): Promise<PrebuiltJson> {
  const known = builtFor.get(questions);
  if (known) return known;
  const json = Buffer.from(JSON.stringify({ status: 'success', data: questions.map(toQuestion) }));
  const etag = `"questions-${createHash('sha256').update(json).digest('hex').slice(0, 16)}"`;
  let built = byEtag.get(etag);
  if (!built) {
    built = prebuildJson(json, etag);
    byEtag.set(etag, built);
    if (byEtag.size > VERSIONS_KEPT) byEtag.delete(byEtag.keys().next().value as string);
    built.catch(() => byEtag.delete(etag));
  }
  builtFor.set(questions, built);
  return built;
}

/** Questions are visible only while the student's own category is in its window: the list as it is sent. */
export async function questionsFor(ctx: ServiceContext, code: string, user: UserRow, category: Category) {
  const s = await studentExam(ctx, code, user);
  if (category !== s.category || s.phase !== 'DURING_EXAM') throw new AppError(403, 'exam.notOpen');
  return prebuiltQuestions(s.questions);
}
