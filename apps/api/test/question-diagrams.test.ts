import { createDecipheriv } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, questionImages } from '../src/db/schema.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { storedFileExists } from './helpers/ebooks.ts';
import { registeredStudent, signedInAdmin, signedInGrader } from './helpers/fixtures.ts';
import { sendFiles } from './helpers/multipart.ts';
import { client, createTestApp } from './helpers/test-app.ts';

// Questions' diagrams (docs/decisions/040-question-diagrams.md).
// The seeded exams: 2025-01-14 11:00 to 12:00 UTC; the paper from 10:45.
const clock = fixedClock('2025-01-14T10:00:00Z');
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

/** A wide diagram with camera metadata, as a phone's photo of a drawing would have. */
const drawing = (width = 3000, height = 1500) =>
  sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><line x1="0" y1="0" x2="${width}" y2="${height}" stroke="black" stroke-width="20"/></svg>`,
        ),
      },
    ])
    .withExif({ IFD0: { Copyright: 'Secret author', Artist: 'Someone' } })
    .jpeg()
    .toBuffer();

const upload = async (browser = admin, data?: Buffer) =>
  sendFiles(browser, '/api/v1/admin/question-images', [
    { name: 'circuit.jpg', data: data ?? (await drawing()), type: 'image/jpeg' },
  ]);

const physics = (images: Array<{ id: string }>) => ({
  category: 'junior',
  marks: 10,
  position: 8,
  questionEnglish: 'Look at the circuit.\n\n[[diagram 1]]\n\nFind the current $I$ through $R_1$.',
  questionBangla: 'বর্তনীটি দেখো।\n\n[[চিত্র ১]]\n\n$R_1$ দিয়ে প্রবাহ $I$ বের করো।',
  images: images.map(({ id }) => ({ id, alt_en: 'A cell and two resistors', alt_bn: 'একটি কোষ ও দুটি রোধ' })),
});

describe('uploading a diagram', () => {
  it('processes it at once into a phone size and a zoom size, upright, without metadata', async () => {
    const response = await upload();
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ width: 2000, height: 1000 });
    expect(data.url).toBe(`/api/v1/question-images/${data.id}/phone`);
    expect(data.zoom_url).toBe(`/api/v1/question-images/${data.id}/zoom`);
    const phone = await admin.get(data.url);
    expect([phone.statusCode, phone.headers['content-type']]).toEqual([200, 'image/jpeg']);
    const phoneMeta = await sharp(phone.rawPayload).metadata();
    expect([phoneMeta.width, phoneMeta.height, phoneMeta.exif]).toEqual([960, 480, undefined]);
    const zoomMeta = await sharp((await admin.get(data.zoom_url)).rawPayload).metadata();
    expect([zoomMeta.width, zoomMeta.exif]).toEqual([2000, undefined]);
  });

  it('is for admins only, and refuses what is not an image', async () => {
    expect((await upload(client(t.app))).statusCode).toBe(401);
    const { browser } = await registeredStudent(t, 'approved');
    expect((await upload(browser)).statusCode).toBe(403);
    const grader = await signedInGrader(t, 'grader@example.com', clock.now());
    expect((await upload(grader)).statusCode).toBe(403);
    const notImage = await upload(admin, Buffer.from('%PDF-1.4 not a picture'));
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().message).toBe('circuit.jpg is not an image');
  });
});

describe('a question with a diagram', () => {
  it('places it where the marker is, in both languages, with its alternative texts', async () => {
    const uploaded = (await upload()).json().data;
    const created = await admin.post('/api/v1/admin/questions', physics([uploaded]));
    expect(created.statusCode).toBe(201);
    const saved = created.json().data;
    expect(saved.questionEnglishHtml).toContain(
      '<p>Look at the circuit.</p>\n<figure data-diagram="1"></figure>',
    );
    expect(saved.questionBanglaHtml).toContain('<figure data-diagram="1"></figure>');
    expect(saved.images).toEqual([
      {
        id: uploaded.id,
        url: uploaded.url,
        zoom_url: uploaded.zoom_url,
        width: 960,
        height: 480,
        alt_en: 'A cell and two resistors',
        alt_bn: 'একটি কোষ ও দুটি রোধ',
      },
    ]);
    await admin.delete(`/api/v1/admin/questions/${saved.id}`);
  });

  it('refuses a marker for a diagram the question does not have, an unknown upload, and one another question holds', async () => {
    const uploaded = (await upload()).json().data;
    const missing = await admin.post('/api/v1/admin/questions', {
      ...physics([uploaded]),
      questionBangla: 'বর্তনীটি দেখো।\n\n[[চিত্র ২]]',
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      questionBangla: ['The text names diagram 2, but the question has no diagram 2.'],
    });
    const unknown = await admin.post('/api/v1/admin/questions', physics([{ id: crypto.randomUUID() }]));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      images: ['A diagram of this question was not found. Please upload it again.'],
    });
    const first = (await admin.post('/api/v1/admin/questions', physics([uploaded]))).json().data;
    const taken = await admin.post('/api/v1/admin/questions', physics([uploaded]));
    expect(taken.statusCode).toBe(422);
    const preview = await admin.post('/api/v1/admin/questions/preview', {
      questionEnglish: '[[diagram 1]]',
      questionBangla: '',
      diagrams: 0,
    });
    expect(preview.statusCode).toBe(422);
    expect(preview.json().errors.questionEnglish).toEqual([
      'The text names diagram 1, but the question has no diagram 1.',
    ]);
    await admin.delete(`/api/v1/admin/questions/${first.id}`);
  });

  it('an edit that drops a diagram removes its files; deleting the question removes the rest; both audited', async () => {
    const [a, b] = [(await upload()).json().data, (await upload()).json().data];
    const saved = (await admin.post('/api/v1/admin/questions', physics([a, b]))).json().data;
    const [rowA] = await t.db.select().from(questionImages).where(eq(questionImages.id, a.id));
    const [rowB] = await t.db.select().from(questionImages).where(eq(questionImages.id, b.id));
    // Reordered: b first, a dropped.
    const edited = await admin.put(`/api/v1/admin/questions/${saved.id}`, physics([b]));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.images.map((image: { id: string }) => image.id)).toEqual([b.id]);
    expect((await admin.get(a.url)).statusCode).toBe(404);
    expect(storedFileExists(t.dataDir, rowA?.zoomKey ?? '')).toBe(false);
    expect(storedFileExists(t.dataDir, rowB?.zoomKey ?? '')).toBe(true);

    await admin.delete(`/api/v1/admin/questions/${saved.id}`);
    expect((await admin.get(b.url)).statusCode).toBe(404);
    expect(storedFileExists(t.dataDir, rowB?.phoneKey ?? '')).toBe(false);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.targetId, saved.id));
    expect(audits.map((entry) => entry.action).sort()).toEqual([
      'question.create',
      'question.delete',
      'question.update',
    ]);
  });
});

describe("a client of the specification's fields", () => {
  it('edits a question without naming its diagrams, and the diagrams stay', async () => {
    const uploaded = (await upload()).json().data;
    const saved = (await admin.post('/api/v1/admin/questions', physics([uploaded]))).json().data;
    const { images: _images, ...withoutImages } = physics([uploaded]);
    const edited = await admin.put(`/api/v1/admin/questions/${saved.id}`, { ...withoutImages, marks: 9 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.marks).toBe(9);
    expect(edited.json().data.images.map((image: { id: string }) => image.id)).toEqual([uploaded.id]);
    expect((await admin.get(uploaded.url)).statusCode).toBe(200);
    await admin.delete(`/api/v1/admin/questions/${saved.id}`);
  });
});

describe('who sees a diagram, and when', () => {
  it('is private until the window opens; then the entrant of the category sees it, in the paper too', async () => {
    clock.set('2025-01-14T10:00:00Z');
    const uploaded = (await upload()).json().data;
    const saved = (await admin.post('/api/v1/admin/questions', physics([uploaded]))).json().data;
    const { browser: entrant } = await registeredStudent(t, 'approved', 'junior');
    const { browser: otherCategory } = await registeredStudent(t, 'approved', 'senior');
    const { browser: pending } = await registeredStudent(t, 'pending', 'junior');
    const grader = await signedInGrader(t, 'grader@example.com', clock.now());

    expect((await client(t.app).get(uploaded.url)).statusCode).toBe(401);
    for (const browser of [entrant, otherCategory, pending]) {
      const refused = await browser.get(uploaded.zoom_url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('The exam is not open now.');
    }
    expect((await grader.get(uploaded.url)).statusCode).toBe(403);

    // In the paper before the start, the diagram is inside the ciphertext: no request at the start.
    clock.set('2025-01-14T10:50:00Z');
    const paper = (await entrant.get('/api/v1/ngso-1/paper')).json().data;
    expect((await entrant.get(uploaded.url)).statusCode).toBe(403);

    clock.set('2025-01-14T11:00:01Z');
    const { key } = (await client(t.app).get('/api/v1/ngso-1/paper-key/junior')).json().data;
    const bytes = Buffer.from(paper.ciphertext, 'base64');
    const decipher = createDecipheriv(
      'aes-256-gcm',
      Buffer.from(key, 'base64'),
      Buffer.from(paper.iv, 'base64'),
    );
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    const content = JSON.parse(
      Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString(
        'utf8',
      ),
    );
    const inPaper = content.questions.find((q: { id: string }) => q.id === saved.id);
    expect(inPaper.images[0].url).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    expect(inPaper.images[0]).toMatchObject({ zoom_url: uploaded.zoom_url, width: 960, height: 480 });

    const phone = await entrant.get(uploaded.url);
    expect(phone.statusCode).toBe(200);
    expect(Buffer.from(inPaper.images[0].url.split(',')[1], 'base64')).toEqual(phone.rawPayload);
    expect((await entrant.get(uploaded.zoom_url)).statusCode).toBe(200);
    const questions = (await entrant.get('/api/v1/ngso-1/questions?category=junior')).json().data;
    expect(questions.find((q: { id: string }) => q.id === saved.id).images[0].url).toBe(uploaded.url);
    // Another category's student, a pending one, and a grader before grading opens: still refused.
    expect((await otherCategory.get(uploaded.url)).statusCode).toBe(403);
    expect((await pending.get(uploaded.url)).statusCode).toBe(403);
    expect((await grader.get(uploaded.url)).statusCode).toBe(403);

    clock.set('2025-01-14T12:05:00Z');
    expect((await grader.get(uploaded.url)).statusCode).toBe(200);
    expect((await client(t.app).get('/api/v1/question-images/not-an-id/phone')).statusCode).toBe(401);
    expect((await entrant.get('/api/v1/question-images/not-an-id/phone')).statusCode).toBe(404);
    expect((await entrant.get(`/api/v1/question-images/${uploaded.id}/huge`)).statusCode).toBe(422);
  });

  it('an upload no question holds is seen by admins only', async () => {
    const uploaded = (await upload()).json().data;
    const { browser } = await registeredStudent(t, 'approved', 'junior');
    expect((await browser.get(uploaded.url)).statusCode).toBe(404);
    expect((await admin.get(uploaded.url)).statusCode).toBe(200);
  });

  it('is refused to an admin signed in with the password alone, until the second factor', async () => {
    const uploaded = (await upload()).json().data;
    const passwordOnly = client(t.app);
    await passwordOnly.post('/api/v1/login', {
      email: 'organiser@example.com',
      password: 'Organiser-pass-1',
    });
    const refused = await passwordOnly.get(uploaded.url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      "Please confirm your sign-in with the code from your authenticator app to use the organisers' console.",
    );
    expect((await admin.get(uploaded.url)).statusCode).toBe(200);
  });
});
