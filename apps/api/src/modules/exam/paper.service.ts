import { createCipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { Category } from '@ngso/shared/constants';
import type { Paper, PaperContent, PaperKey } from '@ngso/shared/schemas/exam';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { perDatabase } from '../../lib/per-database.ts';
import { type PrebuiltJson, prebuildJson } from '../../lib/prebuilt-json.ts';
import { toDhakaIso } from '../../lib/time.ts';
import type { UserRow } from '../auth/user.ts';
import { setPaperKeyOnce } from './exam.repo.ts';
import { toQuestion } from './exam.service.ts';
import {
  cachedCompetition,
  cachedExamDefinition,
  type ExamDefinition,
  forgetExamDefinition,
} from './exam-cache.ts';
import { inlinedImages } from './question-images.service.ts';
import { paperFrom, studentExam } from './student-exam.ts';

/**
 * The question paper before the start (docs/decisions/022-exam-paper-before-the-start.md). An entrant's
 * countdown page downloads its category's paper, encrypted with AES-256-GCM, in the minutes before the
 * start; at the start it needs only the key, one small call that is the same for everyone of the category:
 * no session, answered from memory, cacheable by a proxy. The key is random per exam and category, kept in
 * the database (every process serves the same one).
 */

/** A built paper: its JSON as sent, and the same pre-compressed. */
type BuiltPaper = PrebuiltJson & { paper: Paper };

/** The last paper built per category (a new version replaces it). Per database: tests run many apps. */
const papersOf = perDatabase((_db: Database) => new Map<string, Promise<BuiltPaper>>());

/** The version of a paper: a short hash of exactly what the students will read. */
export function paperVersion(definition: ExamDefinition) {
  // Once per cached definition: the key call of every page at the start asks for it.
  let version = versions.get(definition);
  if (!version) {
    const hash = createHash('sha256');
    hash.update(JSON.stringify(definition.questions.map(toQuestion)));
    version = hash.digest('hex').slice(0, 16);
    versions.set(definition, version);
  }
  return version;
}
const versions = new WeakMap<ExamDefinition, string>();

/**
 * The key of the paper's current version. The exam keeps one random secret, made once (the first process
 * to ask writes it; every other reads the same); each version's key is derived from it (HKDF-SHA-256 with
 * the version), so a key released at the start, public and cached from then on, opens that version only:
 * a paper changed afterwards (an exam moved and given new questions) needs its own key, released at its
 * own start.
 */
async function keyOf(db: Database, competitionId: string, category: string, definition: ExamDefinition) {
  const known = keys.get(definition);
  if (known) return known;
  const stored = definition.exam?.paperKey;
  const secret =
    stored ?? (await setPaperKeyOnce(db, competitionId, category, randomBytes(32).toString('base64')));
  const derived = Buffer.from(
    hkdfSync('sha256', Buffer.from(secret, 'base64'), '', `ngso paper ${paperVersion(definition)}`, 32),
  );
  // Kept with the cached definition that holds the secret (every key call at the start reads it).
  if (stored) keys.set(definition, derived);
  else forgetExamDefinition(db, competitionId, category);
  return derived;
}
const keys = new WeakMap<ExamDefinition, Buffer>();

async function buildPaper(
  { db, storage }: Pick<ServiceContext, 'db' | 'storage'>,
  competitionId: string,
  category: Category,
  definition: ExamDefinition,
): Promise<BuiltPaper> {
  const exam = definition.exam;
  if (!exam) throw new AppError(404, 'notFound');
  const version = paperVersion(definition);
  // Diagrams travel inside the paper (a phone's size), so the start second asks for none of them.
  const questions = await Promise.all(
    definition.questions.map(async (row) => ({
      ...toQuestion(row),
      images: await inlinedImages({ storage }, row.images),
    })),
  );
  const content: PaperContent = { category, version, questions };
  const key = await keyOf(db, competitionId, category, definition);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const encrypted = Buffer.concat([
    cipher.update(JSON.stringify(content)),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const paper: Paper = {
    category,
    version,
    starts_at: toDhakaIso(exam.startsAt),
    iv: iv.toString('base64'),
    ciphertext: encrypted.toString('base64'),
  };
  const json = Buffer.from(JSON.stringify({ status: 'success', data: paper }));
  return { paper, ...(await prebuildJson(json, `"paper-${version}"`)) };
}

/** The category's paper as built for its current version (built once per process and version). */
async function currentPaper(ctx: ServiceContext, competitionId: string, category: Category) {
  const { db } = ctx;
  const definition = await cachedExamDefinition(db, competitionId, category);
  const version = paperVersion(definition);
  const papers = papersOf(db);
  const slot = `${competitionId}/${category}`;
  const cached = papers.get(slot);
  if (cached && (await cached.catch(() => undefined))?.paper.version === version) return cached;
  const building = buildPaper(ctx, competitionId, category, definition);
  papers.set(slot, building);
  building.catch(() => {
    if (papers.get(slot) === building) papers.delete(slot);
  });
  return building;
}

/**
 * The paper for an approved entrant of the category, from EXAM_PAPER_LEAD_MINUTES before their start until
 * their end; anyone else is refused as for the questions themselves.
 */
export async function paperFor(ctx: ServiceContext, code: string, user: UserRow) {
  const s = await studentExam(ctx, code, user);
  if (s.now < paperFrom(ctx, s)) {
    throw new AppError(403, 'paper.notYet', { params: { minutes: ctx.config.EXAM_PAPER_LEAD_MINUTES } });
  }
  if (s.phase === 'AFTER_EXAM') throw new AppError(403, 'exam.notOpen');
  return currentPaper(ctx, s.competition.id, s.category);
}

/**
 * The paper's key: 404 before the category's start, the key from the start on. Nothing personal, so no
 * session: the window and the key come from this process's memory (exam-cache.ts).
 */
export async function paperKeyFor(ctx: ServiceContext, code: string, category: Category): Promise<PaperKey> {
  const competition = await cachedCompetition(ctx.db, code);
  if (!(competition.categories as string[]).includes(category)) throw new AppError(404, 'notFound');
  const definition = await cachedExamDefinition(ctx.db, competition.id, category);
  if (!definition.exam) throw new AppError(404, 'notFound');
  if (ctx.clock.now() < definition.exam.startsAt) throw new AppError(404, 'exam.notStarted');
  const key = await keyOf(ctx.db, competition.id, category, definition);
  return { category, version: paperVersion(definition), key: key.toString('base64') };
}
