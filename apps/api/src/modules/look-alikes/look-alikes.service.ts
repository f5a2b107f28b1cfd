import type { Category } from '@ngso/shared/constants';
import type { LookAlike, LookAlikeDecisionSchema, LookAlikeStatus } from '@ngso/shared/schemas/look-alikes';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { toDhakaIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { UserRow } from '../auth/user.ts';
import { competitionByCodeOr404 } from '../competitions/competitions.service.ts';
import { photoKey } from '../exam/public.ts';
import { mediaUrl } from '../media/media.service.ts';
import { type FoundPair, type IndexedPhoto, LookAlikeIndex } from './look-alike-index.ts';
import {
  decideLookAlike,
  findLookAlike,
  fingerprintedPhotos,
  insertLookAlikes,
  lookAlikesOfCategory,
  type NewLookAlikeRow,
} from './look-alikes.repo.ts';

/**
 * Two fingerprints at most this many bits apart are listed: measured on generated photos of handwritten
 * pages (test/look-alike-fingerprint.test.ts; docs/decisions/065-answers-that-look-alike.md).
 */
export const LOOK_ALIKE_MAX_DISTANCE = 12;

type Finder = { index: LookAlikeIndex; last: Promise<unknown> };

/** Each database's indexes, one per competition and category, kept by this process. */
const finders = new WeakMap<Database, Map<string, Finder>>();

function forgetFinder(db: Database, competitionId: string, category: Category) {
  finders.get(db)?.delete(`${competitionId}/${category}`);
}

/**
 * A pair's row, its photos in one order (by finalist, then file) whichever was indexed first: the row's
 * unique key, so that an index rebuilt in another order (after a restart, in a second process) finds the
 * row it recorded, with its decision, instead of adding the pair again reversed.
 */
export function lookAlikeRow(competitionId: string, category: Category, pair: FoundPair): NewLookAlikeRow {
  const inOrder = (a: IndexedPhoto, b: IndexedPhoto) =>
    a.owner < b.owner || (a.owner === b.owner && a.sha256 < b.sha256);
  const [first, second] = inOrder(pair.first, pair.second)
    ? [pair.first, pair.second]
    : [pair.second, pair.first];
  return {
    competitionId,
    category,
    firstUserId: first.owner,
    firstSha256: first.sha256,
    secondUserId: second.owner,
    secondSha256: second.sha256,
    distance: pair.distance,
    sameFile: pair.sameFile,
  };
}

function finderOf(db: Database, competitionId: string, category: Category): Finder {
  let ofDb = finders.get(db);
  if (!ofDb) {
    ofDb = new Map();
    finders.set(db, ofDb);
  }
  const key = `${competitionId}/${category}`;
  let finder = ofDb.get(key);
  if (!finder) {
    finder = { index: new LookAlikeIndex(LOOK_ALIKE_MAX_DISTANCE), last: Promise.resolve() };
    ofDb.set(key, finder);
  }
  return finder;
}

/**
 * Adds a category's photos processed since the last look to the index, and records the pairs they make
 * (a pair already recorded keeps its decision). One look at a time per category in this process; another
 * process (a second server) keeps its own index and records the same pairs, each under one order of its two
 * photos whichever was indexed first, which changes nothing. After a restart the first look indexes every
 * photo again (60,000 in about a second: npm run bench:look-alikes). A look whose pairs could not be recorded
 * forgets the index, so that the next look finds them again.
 */
export function refreshLookAlikes(db: Database, competitionId: string, category: Category): Promise<void> {
  const finder = finderOf(db, competitionId, category);
  const run = finder.last
    .catch(() => undefined)
    .then(async () => {
      const photos = await fingerprintedPhotos(db, competitionId, category);
      const found: NewLookAlikeRow[] = [];
      for (const photo of photos) {
        const key = photoKey(photo.userId, photo.sha256);
        if (finder.index.has(key)) continue;
        const pairs = finder.index.add({
          key,
          owner: photo.userId,
          sha256: photo.sha256,
          fingerprint: photo.fingerprint ?? '',
        });
        for (const pair of pairs) found.push(lookAlikeRow(competitionId, category, pair));
      }
      await insertLookAlikes(db, found).catch((err: unknown) => {
        forgetFinder(db, competitionId, category);
        throw err;
      });
    });
  finder.last = run;
  return run;
}

type ListedRow = Awaited<ReturnType<typeof lookAlikesOfCategory>>[number];

const side = (photo: ListedRow['first']) => ({
  user_id: photo.userId,
  name: photo.name,
  roll_number: photo.rollNumber,
  question_id: photo.questionId,
  question_position: photo.position,
  sha256: photo.sha256,
  url: mediaUrl(photo.mediaId ?? ''),
});

const listed = ({ pair, first, second }: ListedRow): LookAlike => ({
  id: pair.id,
  distance: pair.distance,
  same_file: pair.sameFile,
  status: pair.status,
  note: pair.note,
  found_at: toDhakaIso(pair.foundAt),
  decided_at: pair.decidedAt ? toDhakaIso(pair.decidedAt) : null,
  first: side(first),
  second: side(second),
});

/** A category's look-alike pairs (of one status when asked), the photos processed so far included. */
export async function lookAlikesFor(
  ctx: ServiceContext,
  code: string,
  category: Category,
  status: LookAlikeStatus | undefined,
) {
  const competition = await competitionByCodeOr404(ctx.db, code);
  await refreshLookAlikes(ctx.db, competition.id, category);
  const rows = await lookAlikesOfCategory(ctx.db, { competitionId: competition.id, category, status });
  return { data: rows.map(listed), meta: { max_distance: LOOK_ALIKE_MAX_DISTANCE } };
}

/** Dismisses or refers a pair (a referred pair needs a note); audited. Changing one's mind is allowed. */
export async function decideOnLookAlike(
  ctx: ServiceContext,
  admin: UserRow,
  code: string,
  category: Category,
  id: string,
  input: z.output<typeof LookAlikeDecisionSchema>,
): Promise<LookAlike> {
  const competition = await competitionByCodeOr404(ctx.db, code);
  if (!isUuid(id)) throw new AppError(404, 'lookAlike.notFound');
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const before = await findLookAlike(tx, id);
    if (!before || before.competitionId !== competition.id || before.category !== category) {
      throw new AppError(404, 'lookAlike.notFound');
    }
    const after = await decideLookAlike(tx, id, {
      status: input.decision,
      note: input.note || null,
      decidedBy: admin.id,
      decidedAt: now,
    });
    await recordAudit(tx, {
      actorId: admin.id,
      action: input.decision === 'referred' ? 'lookAlike.refer' : 'lookAlike.dismiss',
      targetType: 'look_alike',
      targetId: id,
      before,
      after,
      at: now,
    });
  });
  const [row] = await lookAlikesOfCategory(ctx.db, { competitionId: competition.id, category, id });
  if (!row) throw new AppError(404, 'lookAlike.notFound');
  return listed(row);
}
