import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/lib/clock.ts';
import { registeredStudent, signedInAdmin } from './helpers/fixtures.ts';
import { client, createTestApp } from './helpers/test-app.ts';

/**
 * GET questions, the call of a page without the paper (and of every reload), built once per version of the
 * category's questions with an ETag (issue 40, decision 071). The seeded junior exam runs 2025-01-14 11:00
 * to 12:00 UTC.
 */
const clock = fixedClock('2025-01-14T11:05:00Z');
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof client>;
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

const QUESTIONS = '/api/v1/ngso-1/questions?category=junior';

type Question = { id: string; marks: number; questionEnglish: string; questionBangla: string };

describe('the questions by version', () => {
  it('sends every student of the category the same list with the same ETag, and 304 to a page that holds it', async () => {
    const [first, second] = [
      (await registeredStudent(t, 'approved')).browser,
      (await registeredStudent(t, 'approved')).browser,
    ];
    const one = await first.get(QUESTIONS);
    const two = await second.get(QUESTIONS);
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(one.headers.etag).toMatch(/^"questions-[0-9a-f]{16}"$/);
    expect(one.headers['cache-control']).toBe('private, no-cache');
    expect(two.headers.etag).toBe(one.headers.etag);
    expect(two.body).toBe(one.body);
    const list = one.json().data as Question[];
    expect(one.json().status).toBe('success');
    expect(list.length).toBeGreaterThan(0);
    expect(Object.keys(list[0] as object).sort()).toEqual([
      'id',
      'images',
      'marks',
      'questionBangla',
      'questionBanglaHtml',
      'questionEnglish',
      'questionEnglishHtml',
    ]);

    const again = await first.get(QUESTIONS, { 'if-none-match': one.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(one.headers.etag);

    // Compressed once, for a phone that accepts brotli: the same list.
    const compressed = await first.request({
      method: 'GET',
      url: QUESTIONS,
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString('utf8'))).toEqual(one.json());
  });

  it('gives a changed question a new ETag, and the new list to a page that held the old one', async () => {
    const { browser } = await registeredStudent(t, 'approved');
    const before = await browser.get(QUESTIONS);
    const [question] = before.json().data as Question[];
    if (!question) throw new Error('no question');
    const { position } = (
      (await admin.get('/api/v1/admin/questions?category=junior')).json().data as Array<{
        id: string;
        position: number;
      }>
    ).find((q) => q.id === question.id) as { position: number };
    const edited = await admin.put(`/api/v1/admin/questions/${question.id}`, {
      category: 'junior',
      marks: question.marks,
      questionEnglish: `${question.questionEnglish} (corrected)`,
      questionBangla: question.questionBangla,
      position,
    });
    expect(edited.statusCode).toBe(200);

    const after = await browser.get(QUESTIONS, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const changed = (after.json().data as Question[]).find((q) => q.id === question.id);
    expect(changed?.questionEnglish).toBe(`${question.questionEnglish} (corrected)`);
  });

  it('still refuses a student of another category, and a stranger, whatever ETag they send', async () => {
    const first = await (await registeredStudent(t, 'approved')).browser.get(QUESTIONS);
    const etag = first.headers.etag as string;
    const senior = (await registeredStudent(t, 'approved', 'senior')).browser;
    const other = await senior.get(QUESTIONS, { 'if-none-match': etag });
    expect(other.statusCode).toBe(403);
    expect(other.headers.etag).toBeUndefined();
    const stranger = await client(t.app).get(QUESTIONS, { 'if-none-match': etag });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.body).not.toContain('questionEnglish');
  });
});
