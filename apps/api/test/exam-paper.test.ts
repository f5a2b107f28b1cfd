import { createDecipheriv, randomBytes } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/lib/clock.ts';
import { registeredStudent, signedInAdmin } from './helpers/fixtures.ts';
import { client, createTestApp } from './helpers/test-app.ts';

// The question paper before the start (docs/decisions/022-exam-paper-before-the-start.md).
// The seeded exams: 2025-01-14 11:00 to 12:00 UTC; the paper from 10:45 (EXAM_PAPER_LEAD_MINUTES = 15).
const START = '2025-01-14T11:00:00Z';
const clock = fixedClock('2025-01-14T10:00:00Z');
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

const at = (iso: string) => clock.set(iso);
const later = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();

type Paper = { category: string; version: string; starts_at: string; iv: string; ciphertext: string };

/** An organiser edits the category's first question: ` (mark)` is added to its English text. */
async function editFirstQuestion(category: string, mark: string) {
  const questions = (await admin.get(`/api/v1/admin/questions?category=${category}`)).json().data;
  const [first] = questions as Array<{
    id: string;
    marks: number;
    questionEnglish: string;
    questionBangla: string;
    position: number;
  }>;
  if (!first) throw new Error('no question');
  const edited = await admin.put(`/api/v1/admin/questions/${first.id}`, {
    category,
    marks: first.marks,
    questionEnglish: `${first.questionEnglish} (${mark})`,
    questionBangla: first.questionBangla,
    position: first.position,
  });
  expect(edited.statusCode).toBe(200);
}

/** What a page does with Web Crypto: AES-256-GCM, the tag at the end of the ciphertext. */
function decrypt(paper: Paper, key: Buffer) {
  const bytes = Buffer.from(paper.ciphertext, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(paper.iv, 'base64'));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  const plain = Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]);
  return JSON.parse(plain.toString('utf8'));
}

describe('the question paper before the start', () => {
  it('goes to an approved entrant from 15 minutes before the start, and only with the key can it be read', async () => {
    const { browser } = await registeredStudent(t, 'approved');
    at(later(START, -16 * 60));
    const early = await browser.get('/api/v1/ngso-1/paper');
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(
      'The question paper is not available yet. It can be downloaded from 15 minutes before the start.',
    );

    at(later(START, -10 * 60));
    const response = await browser.get('/api/v1/ngso-1/paper');
    expect(response.statusCode).toBe(200);
    const paper = response.json().data as Paper;
    expect(paper).toMatchObject({ category: 'junior', starts_at: '2025-01-14T17:00:00+06:00' });
    // Without the key, nothing of the questions shows.
    expect(response.body).not.toContain('spoon');
    expect(Buffer.from(paper.ciphertext, 'base64').toString('utf8')).not.toContain('spoon');
    expect(() => decrypt(paper, randomBytes(32))).toThrow();

    at(later(START, -1));
    const tooSoon = await client(t.app).get('/api/v1/ngso-1/paper-key/junior');
    expect(tooSoon.statusCode).toBe(404);
    expect(tooSoon.headers['cache-control']).toBe('public, max-age=1');

    at(later(START, 1));
    const keyResponse = await client(t.app).get('/api/v1/ngso-1/paper-key/junior'); // no session
    expect(keyResponse.statusCode).toBe(200);
    expect(keyResponse.headers['cache-control']).toBe('public, max-age=60');
    const { key, version } = keyResponse.json().data;
    expect(version).toBe(paper.version);
    const content = decrypt(paper, Buffer.from(key, 'base64'));
    const questions = (await browser.get('/api/v1/ngso-1/questions?category=junior')).json().data;
    expect(content).toEqual({ category: 'junior', version: paper.version, questions });
  });

  it('is cheap to ask again: an ETag, 304, and pre-compressed bodies', async () => {
    const { browser } = await registeredStudent(t, 'approved');
    at(later(START, -5 * 60));
    const first = await browser.get('/api/v1/ngso-1/paper');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"paper-[0-9a-f]{16}"$/);
    expect((await browser.get('/api/v1/ngso-1/paper', { 'if-none-match': etag })).statusCode).toBe(304);
    const brotli = await browser.get('/api/v1/ngso-1/paper', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toEqual(first.json());
  });

  it("gives each entrant their own category's paper only, and nothing to others", async () => {
    const senior = await registeredStudent(t, 'approved', 'senior');
    const pending = await registeredStudent(t, 'pending');
    at(later(START, -5 * 60));
    const seniorPaper = (await senior.browser.get('/api/v1/ngso-1/paper')).json().data as Paper;
    expect(seniorPaper.category).toBe('senior');
    expect((await pending.browser.get('/api/v1/ngso-1/paper')).statusCode).toBe(403);
    expect((await client(t.app).get('/api/v1/ngso-1/paper')).statusCode).toBe(401);
    at(later(START, 1));
    const juniorKey = (await client(t.app).get('/api/v1/ngso-1/paper-key/junior')).json().data.key;
    expect(() => decrypt(seniorPaper, Buffer.from(juniorKey, 'base64'))).toThrow();
  });

  it('changes version when an organiser edits a question after it went out, so pages fetch it again', async () => {
    const { browser } = await registeredStudent(t, 'approved', 'secondary');
    at(later(START, -5 * 60));
    const before = await browser.get('/api/v1/ngso-1/paper');
    await editFirstQuestion('secondary', 'corrected');
    const again = await browser.get('/api/v1/ngso-1/paper', {
      'if-none-match': before.headers.etag as string,
    });
    expect(again.statusCode).toBe(200);
    const paper = again.json().data as Paper;
    expect(paper.version).not.toBe(before.json().data.version);
    at(later(START, 1));
    const { key, version } = (await client(t.app).get('/api/v1/ngso-1/paper-key/secondary')).json().data;
    expect(version).toBe(paper.version);
    expect(decrypt(paper, Buffer.from(key, 'base64')).questions[0].questionEnglish).toContain('(corrected)');
  });

  it('gives a paper changed after its key went out a key of its own: the released key does not open it', async () => {
    const { browser } = await registeredStudent(t, 'approved', 'senior');
    at(later(START, 2));
    const released = (await client(t.app).get('/api/v1/ngso-1/paper-key/senior')).json().data;
    await editFirstQuestion('senior', 'new');
    const changed = (await browser.get('/api/v1/ngso-1/paper')).json().data as Paper;
    expect(changed.version).not.toBe(released.version);
    expect(() => decrypt(changed, Buffer.from(released.key, 'base64'))).toThrow();
    at(later(START, 200)); // past the key answer's cache time
    const own = (await client(t.app).get('/api/v1/ngso-1/paper-key/senior')).json().data;
    expect(own.version).toBe(changed.version);
    expect(own.key).not.toBe(released.key);
    expect(decrypt(changed, Buffer.from(own.key, 'base64')).questions[0].questionEnglish).toContain('(new)');
  });
});
