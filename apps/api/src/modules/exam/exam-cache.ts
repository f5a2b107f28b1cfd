import type { Database } from '../../db/client.ts';
import { perDatabase } from '../../lib/per-database.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { CompetitionRow } from '../competitions/competitions.repo.ts';
import { competitionByCodeOr404 } from '../competitions/competitions.service.ts';
import { findPublication } from '../results/results.repo.ts';
import { type ExamRow, findExam, questionsOf } from './exam.repo.ts';
import { type QuestionWithImages, withImages } from './question-images.repo.ts';

/**
 * How long a process reuses a category's exam window and question list for the students' exam calls
 * (docs/decisions/014-exam-start-minute.md). An organiser's change is seen at once by the process that made
 * it (it forgets the entry) and within this time by every other process.
 */
export const EXAM_CACHE_TTL_MS = 3_000;

/**
 * What every student of one category reads at the same instant: the window, the questions, and whether its
 * results are out (a photo's delivery ends then: read here, not once per photo, during the exam's last burst).
 */
export type ExamDefinition = {
  exam: ExamRow | undefined;
  questions: readonly QuestionWithImages[];
  published: boolean;
};

type Caches = { competitions: TtlCache<CompetitionRow>; exams: TtlCache<ExamDefinition> };

const cachesOf = perDatabase(
  (_db: Database): Caches => ({
    competitions: new TtlCache(EXAM_CACHE_TTL_MS),
    exams: new TtlCache(EXAM_CACHE_TTL_MS),
  }),
);

const examKey = (competitionId: string, category: string) => `${competitionId}/${category}`;

/** The competition named by its code (a code never changes); 404 when there is none (not cached). */
export const cachedCompetition = (db: Database, code: string) =>
  cachesOf(db).competitions.get(code, () => competitionByCodeOr404(db, code));

/** The category's exam window and questions, read once per process every few seconds. */
export const cachedExamDefinition = (db: Database, competitionId: string, category: string) =>
  cachesOf(db).exams.get(examKey(competitionId, category), async () => {
    const [exam, questions, publication] = await Promise.all([
      findExam(db, competitionId, category),
      questionsOf(db, competitionId, category).then((rows) => withImages(db, rows)),
      findPublication(db, competitionId, category),
    ]);
    return { exam, questions, published: publication !== undefined };
  });

type DefinitionForgotten = (db: Database, competitionId: string, category: string) => void;

const definitionForgotten = new Set<DefinitionForgotten>();

/**
 * Calls `listener` whenever a category's definition is forgotten. app.ts has the published results' sheet
 * (results/sheet-cache.ts), which shows the questions, go with it: results sits above the exam and the exam
 * does not import it (decision 070). The same listener given twice is called once.
 */
export function onExamDefinitionForgotten(listener: DefinitionForgotten) {
  definitionForgotten.add(listener);
}

/** Call after an organiser's change to a window, a question or the results' publication has committed. */
export function forgetExamDefinition(db: Database, competitionId: string, category: string) {
  cachesOf(db).exams.delete(examKey(competitionId, category));
  for (const listener of definitionForgotten) listener(db, competitionId, category);
}
