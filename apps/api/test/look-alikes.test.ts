import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, media } from '../src/db/schema.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { registeredStudent, signedInAdmin, signedInGrader } from './helpers/fixtures.ts';
import { forwarded, handwrittenPage } from './helpers/handwritten-page.ts';
import { waitForMedia } from './helpers/media.ts';
import { client, createTestApp } from './helpers/test-app.ts';

// Answer photos of two finalists that look alike (docs/decisions/065-answers-that-look-alike.md).
// The seeded junior exam: 2025-01-14 11:00 to 12:00 UTC.
const clock = fixedClock('2025-01-14T11:05:00Z');
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof client>;
const LIST = '/api/v1/admin/exams/junior/look-alikes';
const decide = (id: string) => `/api/v1/admin/exams/junior/look-alikes/${id}/decision`;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

type Photo = { bytes: Buffer; sha256: string; size: number };
const photoOf = (bytes: Buffer): Photo => ({
  bytes,
  sha256: createHash('sha256').update(bytes).digest('hex'),
  size: bytes.length,
});

async function finalist() {
  const student = await registeredStudent(t, 'approved');
  const questions = (await student.browser.get('/api/v1/ngso-1/questions?category=junior')).json().data;
  return { ...student, questionIds: (questions as Array<{ id: string }>).map((q) => q.id) };
}
type Finalist = Awaited<ReturnType<typeof finalist>>;

/** Commits a photo to an answer (the server knows of it; its bytes have not arrived). */
async function commit(who: Finalist, question: number, photo: Photo) {
  const committed = await who.browser.post('/api/v1/ngso-1/answers', {
    question_id: who.questionIds[question],
    images: [{ sha256: photo.sha256, size: photo.size }],
  });
  expect(committed.statusCode).toBe(200);
}

/** Sends the committed photo's bytes and waits until the image job has processed them. */
async function deliver(who: Finalist, photo: Photo) {
  const delivered = await who.browser.request({
    method: 'PUT',
    url: `/api/v1/ngso-1/answer-photos/${photo.sha256}`,
    payload: photo.bytes,
    headers: { 'content-type': 'image/jpeg' },
  });
  expect(delivered.statusCode).toBe(200);
  return waitForMedia(t.db, delivered.json().data.url as string);
}

type Listed = {
  id: string;
  distance: number;
  same_file: boolean;
  status: string;
  note: string | null;
  first: { user_id: string; roll_number: string; question_position: number; sha256: string; url: string };
  second: { user_id: string; roll_number: string; question_position: number; sha256: string; url: string };
};
const pairsOf = async (query = '') => {
  const listed = await admin.get(`${LIST}${query}`);
  expect(listed.statusCode).toBe(200);
  return listed.json() as { data: Listed[]; meta: { max_distance: number } };
};
const between = (pairs: Listed[], a: Finalist, b: Finalist) =>
  pairs.filter((pair) => {
    const users = [pair.first.user_id, pair.second.user_id];
    return users.includes(a.user.id) && users.includes(b.user.id);
  });

describe('look-alike answer photos of two finalists', () => {
  let original: Finalist;
  let copier: Finalist;
  let sameFile: Finalist;
  let honest: Finalist;
  let page: Photo;

  beforeAll(async () => {
    [original, copier, sameFile, honest] = [
      await finalist(),
      await finalist(),
      await finalist(),
      await finalist(),
    ];
    page = photoOf(await handwrittenPage({ seed: 901 }, 1));
  });

  it('lists a pair once both photos are processed: the finalists, their questions, the distance and both photos', async () => {
    const copy = photoOf(await forwarded(page.bytes));
    await commit(original, 0, page);
    await commit(copier, 2, copy);
    const stored = await deliver(original, page);
    expect(stored.fingerprint).toMatch(/^[0-9a-f]{16}$/);
    // The copy is committed but its bytes have not arrived: nothing to compare it with yet.
    expect(between((await pairsOf()).data, original, copier)).toEqual([]);

    await deliver(copier, copy);
    const { data, meta } = await pairsOf();
    const [pair, ...more] = between(data, original, copier);
    expect(more).toEqual([]);
    expect(meta.max_distance).toBeGreaterThan(0);
    expect(pair).toMatchObject({ same_file: false, status: 'open', note: null });
    // The pair keeps its two photos in an order of its own (by finalist), whichever was processed first.
    const sideOf = (who: Finalist) =>
      [pair?.first, pair?.second].find((side) => side?.user_id === who.user.id);
    expect(sideOf(original)).toMatchObject({ question_position: 1, sha256: page.sha256 });
    expect(sideOf(copier)).toMatchObject({ question_position: 3, sha256: copy.sha256 });
    expect(pair?.distance).toBeLessThanOrEqual(meta.max_distance);
    expect(pair?.first.roll_number).toMatch(/^T/);
    expect(pair?.second.roll_number).toMatch(/^T/);
    // Both photos load for the admin.
    for (const url of [pair?.first.url, pair?.second.url]) {
      const image = await admin.get(url ?? '');
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
    }
    // Listed once however often the list is read.
    expect(between((await pairsOf()).data, original, copier)).toHaveLength(1);
  });

  it('lists the same file sent by two finalists, and not another page or the same finalist’s own pages', async () => {
    await commit(sameFile, 1, page);
    await deliver(sameFile, page);
    const other = photoOf(await handwrittenPage({ seed: 902 }, 1));
    await commit(honest, 0, other);
    await deliver(honest, other);
    // The original finalist's second page: another page of the same hand, paper and light.
    const second = photoOf(await handwrittenPage({ seed: 901 }, 2));
    await commit(original, 1, second);
    await deliver(original, second);

    const { data } = await pairsOf();
    const same = between(data, original, sameFile);
    expect(same).toHaveLength(1);
    expect(same[0]).toMatchObject({ same_file: true, distance: 0 });
    expect(between(data, copier, sameFile)).toHaveLength(1);
    expect(data.filter((pair) => [pair.first.user_id, pair.second.user_id].includes(honest.user.id))).toEqual(
      [],
    );
    expect(data.filter((pair) => pair.first.user_id === pair.second.user_id)).toEqual([]);
    expect(data.filter((pair) => [pair.first.sha256, pair.second.sha256].includes(second.sha256))).toEqual(
      [],
    );
    // Same files come first.
    expect(data[0]?.same_file).toBe(true);
  });

  it('dismisses and refers a pair with a note, each audited, and lists by status', async () => {
    const { data } = await pairsOf();
    const [referred, dismissed] = [between(data, original, copier)[0], between(data, original, sameFile)[0]];
    const noNote = await admin.post(decide(referred?.id ?? ''), { decision: 'referred' });
    expect(noNote.statusCode).toBe(422);
    expect(noNote.json().errors.note).toEqual(['Write a note saying why you refer this pair.']);

    const refer = await admin.post(decide(referred?.id ?? ''), {
      decision: 'referred',
      note: 'Same page as roll 1, question 3: ask both to explain.',
    });
    expect(refer.statusCode).toBe(200);
    expect(refer.json().data).toMatchObject({
      id: referred?.id,
      status: 'referred',
      note: 'Same page as roll 1, question 3: ask both to explain.',
      decided_at: '2025-01-14T17:05:00+06:00',
    });
    const dismiss = await admin.post(decide(dismissed?.id ?? ''), { decision: 'dismissed' });
    expect(dismiss.json().data).toMatchObject({ status: 'dismissed', note: null });

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetType, 'look_alike'));
    expect(audit.map((entry) => [entry.action, entry.targetId]).sort()).toEqual(
      [
        ['lookAlike.dismiss', dismissed?.id],
        ['lookAlike.refer', referred?.id],
      ].sort(),
    );
    const referAudit = audit.find((entry) => entry.action === 'lookAlike.refer');
    expect(referAudit?.before).toMatchObject({ status: 'open' });
    expect(referAudit?.after).toMatchObject({ status: 'referred' });

    const onlyReferred = (await pairsOf('?status=referred')).data;
    expect(onlyReferred.map((pair) => pair.id)).toEqual([referred?.id]);
    // A decision is kept when the list is read again (the index finds the pair again, the row stays).
    expect(between((await pairsOf()).data, original, sameFile)[0]?.status).toBe('dismissed');
  });

  it('answers bad input with a clear message, never 500', async () => {
    const badStatus = await admin.get(`${LIST}?status=maybe`);
    expect(badStatus.statusCode).toBe(422);
    expect(badStatus.json()).toMatchObject({ status: 'error' });
    const badDecision = await admin.post(decide('00000000-0000-4000-8000-000000000000'), {
      decision: 'ignore',
    });
    expect(badDecision.statusCode).toBe(422);
    const unknown = await admin.post(decide('00000000-0000-4000-8000-000000000000'), {
      decision: 'dismissed',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This pair of look-alike photos was not found.');
    const notAnId = await admin.post(decide('not-an-id'), { decision: 'dismissed' });
    expect(notAnId.statusCode).toBe(404);
    const { data } = await pairsOf();
    const otherCategory = await admin.post(`/api/v1/admin/exams/senior/look-alikes/${data[0]?.id}/decision`, {
      decision: 'dismissed',
    });
    expect(otherCategory.statusCode).toBe(404);
    const badCategory = await admin.get('/api/v1/admin/exams/adults/look-alikes');
    expect(badCategory.statusCode).toBe(422);
  });

  it('is for admins only: 401 signed out, 403 to students and graders, who learn nothing', async () => {
    const { data } = await pairsOf();
    const id = data[0]?.id ?? '';
    const grader = await signedInGrader(t);
    for (const [who, status] of [
      [client(t.app), 401],
      [original.browser, 403],
      [grader, 403],
    ] as const) {
      const list = await who.get(LIST);
      expect(list.statusCode).toBe(status);
      expect(list.body).not.toContain(original.user.id);
      const decided = await who.post(decide(id), { decision: 'dismissed' });
      expect(decided.statusCode).toBe(status);
    }
    const [row] = await t.db
      .select()
      .from(media)
      .where(and(eq(media.ownerId, original.user.id)));
    expect(row).toBeDefined();
    expect((await pairsOf()).data.find((pair) => pair.id === id)?.status).not.toBe('open');
  });
  it('records at the next look the pairs of a look whose writes the database refused', async () => {
    const [one, two] = [await finalist(), await finalist()];
    const own = photoOf(await handwrittenPage({ seed: 902 }, 1));
    const copy = photoOf(await forwarded(own.bytes));
    await commit(one, 0, own);
    await commit(two, 1, copy);
    await deliver(one, own);
    await deliver(two, copy);
    await t.db.execute(
      sql.raw(`create function refuse_look_alikes() returns trigger language plpgsql
        as $$ begin raise exception 'refused'; end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger refuse before insert on look_alikes
        for each row execute function refuse_look_alikes()`),
    );
    expect((await admin.get(LIST)).statusCode).toBe(500);
    await t.db.execute(sql.raw('drop trigger refuse on look_alikes'));
    expect(between((await pairsOf()).data, one, two)).toHaveLength(1);
  });
});
