import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ebookPages, ebooks } from '../src/db/schema.ts';
import { seedPreparationEbook } from '../src/modules/ebooks/ebook-seed.ts';
import { createEbook, remove, sendFiles, storedFileCount, storedFileExists } from './helpers/ebooks.ts';
import { registeredStudent, signedInAdmin, signedInGrader } from './helpers/fixtures.ts';
import { jpegPhoto, pixelFlood } from './helpers/images.ts';
import { client, createTestApp } from './helpers/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof client>;
let student: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_MAX_MEGABYTES: '2' }, startMailWorker: false });
  admin = await signedInAdmin(t);
  student = (await registeredStudent(t, 'approved')).browser;
});
afterAll(() => t.close());

const pngOf = (color: string, width = 300, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

const studentBooks = async () => {
  const response = await student.get('/api/v1/ebooks');
  expect(response.statusCode).toBe(200);
  return response.json().data as Array<{
    id: string;
    title: string;
    description: string;
    thumbnail: string;
    images: string[];
  }>;
};
const pageRows = (ebookId: string) =>
  t.db.select().from(ebookPages).where(eq(ebookPages.ebookId, ebookId)).orderBy(asc(ebookPages.page));
const auditOf = (ebookId: string, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, ebookId), eq(auditLog.action, action)));
/** The red channel of the middle pixel of an image the server answers (pages are one colour here). */
const redOf = async (browser: ReturnType<typeof client>, url: string) => {
  const response = await browser.get(url);
  expect(response.statusCode, url).toBe(200);
  const { data } = await sharp(response.rawPayload).raw().toBuffer({ resolveWithObject: true });
  return data[0] ?? -1;
};

describe('organisers manage e-books', () => {
  it('creates an e-book, lists it with its page count, and shows students only e-books with pages', async () => {
    const created = await admin.post('/api/v1/admin/ebooks', {
      title: '  Chemistry Basics ',
      description: 'Atoms and bonds',
      position: 5,
    });
    expect(created.statusCode).toBe(201);
    const book = created.json().data;
    expect(book).toMatchObject({
      title: 'Chemistry Basics',
      description: 'Atoms and bonds',
      position: 5,
      page_count: 0,
      thumbnail: null,
      custom_thumbnail: false,
      pages: [],
    });

    const list = await admin.get('/api/v1/admin/ebooks?competition=ngso-1');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toContainEqual(
      expect.objectContaining({ id: book.id, page_count: 0, position: 5 }),
    );
    expect((await studentBooks()).map((b) => b.id)).not.toContain(book.id);

    const [entry] = await auditOf(book.id, 'ebook.create');
    expect(entry?.after).toMatchObject({ title: 'Chemistry Basics', position: 5, page_count: 0 });

    // Without a position, a new e-book goes to the end of the list.
    const next = await admin.post('/api/v1/admin/ebooks', { title: 'Biology', description: '' });
    expect(next.json().data.position).toBe(6);
  });

  it('uploads several page images at once, in order, through the image pipeline', async () => {
    const id = await createEbook(admin, 'Physics Notes');
    const withGps = await jpegPhoto({ gps: true, width: 600, height: 800 });
    const response = await sendFiles(admin, `/api/v1/admin/ebooks/${id}/pages`, [
      { name: 'page-1.jpg', data: withGps, type: 'image/jpeg' },
      { name: 'page-2.png', data: await pngOf('#ff0000'), type: 'image/png' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.added).toBe(2);
    expect(body.data.page_count).toBe(2);
    expect(body.data.pages.map((p: { page: number }) => p.page)).toEqual([1, 2]);

    const first = await admin.get(body.data.pages[0].url);
    expect(first.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(first.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(first.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect(await redOf(admin, body.data.pages[1].url)).toBeGreaterThan(240);

    // The student's list shows it, with page 1 as the thumbnail.
    const seen = (await studentBooks()).find((b) => b.id === id);
    expect(seen?.images).toEqual(body.data.pages.map((p: { url: string }) => p.url));
    expect(seen?.images[0]).toMatch(new RegExp(`^/api/v1/ebooks/${id}/pages/1\\?v=[0-9a-f]{12}$`));
    expect(seen?.thumbnail).toBe(seen?.images[0]);
    expect((await student.get(seen?.images[1] ?? '')).statusCode).toBe(200);

    const [entry] = await auditOf(id, 'ebook.pages.add');
    expect(entry?.before).toEqual({ page_count: 0 });
    expect(entry?.after).toEqual({ page_count: 2, added: 2, files: ['page-1.jpg', 'page-2.png'] });

    // A further upload is appended after the existing pages.
    const more = await sendFiles(admin, `/api/v1/admin/ebooks/${id}/pages`, [
      { name: 'page-3.png', data: await pngOf('#0000ff') },
    ]);
    expect(more.json().data.page_count).toBe(3);
  });

  it('refuses what is not an image (415), too large (413), none or too many files (400): all or none', async () => {
    const id = await createEbook(admin, 'Refusals');
    const url = `/api/v1/admin/ebooks/${id}/pages`;
    const good = await pngOf('#00ff00');
    const rowsBefore = await t.db.select().from(ebookPages);
    const filesBefore = await storedFileCount(t.dataDir);

    const fake = await sendFiles(admin, url, [
      { name: 'ok.png', data: good },
      { name: 'notes.jpg', data: Buffer.from('hello, not an image'), type: 'image/jpeg' },
    ]);
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toEqual({ status: 'error', message: 'notes.jpg is not an image' });

    const huge = await sendFiles(admin, url, [{ name: 'huge.jpg', data: Buffer.alloc(2_100_000, 1) }]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('This file is larger than 2 MB. Please choose a smaller image.');

    const flood = await sendFiles(admin, url, [{ name: 'flood.png', data: await pixelFlood() }]);
    expect(flood.statusCode).toBe(413);

    const none = await admin.request({ method: 'POST', url, payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please choose a file to upload.');

    const tiny = await pngOf('#123456', 20, 20);
    const tooMany = await sendFiles(
      admin,
      url,
      Array.from({ length: 51 }, (_, i) => ({ name: `p${i}.png`, data: tiny })),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Please upload at most 50 files at a time.');

    expect((await admin.get(`/api/v1/admin/ebooks/${id}`)).json().data.page_count).toBe(0);
    expect(await t.db.select().from(ebookPages)).toHaveLength(rowsBefore.length);
    expect(await storedFileCount(t.dataDir)).toBe(filesBefore);
  });

  it('edits title, description and position, with the audit entry before and after', async () => {
    const id = await createEbook(admin, 'Old title', 3);
    await sendFiles(admin, `/api/v1/admin/ebooks/${id}/pages`, [
      { name: 'a.png', data: await pngOf('#fff') },
    ]);
    const edited = await admin.put(`/api/v1/admin/ebooks/${id}`, {
      title: 'New title',
      description: 'New description',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      title: 'New title',
      description: 'New description',
      position: 3,
    });
    const moved = await admin.put(`/api/v1/admin/ebooks/${id}`, { title: 'New title', position: 1 });
    expect(moved.json().data).toMatchObject({ position: 1, description: '' });

    const seen = (await studentBooks()).find((b) => b.id === id);
    expect(seen).toMatchObject({ title: 'New title', description: '' });
    const [first] = await auditOf(id, 'ebook.update');
    expect(first?.before).toMatchObject({ title: 'Old title', position: 3 });
    expect(first?.after).toMatchObject({ title: 'New title', position: 3, description: 'New description' });
  });

  it('moves and removes pages; the student sees the new order and the removed file is gone', async () => {
    const id = await createEbook(admin, 'Reordering');
    await sendFiles(admin, `/api/v1/admin/ebooks/${id}/pages`, [
      { name: 'red.png', data: await pngOf('#ff0000') },
      { name: 'black.png', data: await pngOf('#000000') },
      { name: 'white.png', data: await pngOf('#ffffff') },
    ]);
    const [red, black, white] = await pageRows(id);

    // Move page 3 (white) to the front: white, red, black.
    const moved = await admin.put(`/api/v1/admin/ebooks/${id}/pages/3`, { position: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await pageRows(id)).map((p) => p.sha256)).toEqual([white?.sha256, red?.sha256, black?.sha256]);
    const images = (await studentBooks()).find((b) => b.id === id)?.images ?? [];
    expect(await redOf(student, images[0] ?? '')).toBeGreaterThan(240);
    expect(await redOf(student, images[2] ?? '')).toBeLessThan(20);
    const [move] = await auditOf(id, 'ebook.page.move');
    expect(move?.before).toMatchObject({ page: 3 });
    expect(move?.after).toMatchObject({ page: 1 });

    expect((await admin.put(`/api/v1/admin/ebooks/${id}/pages/3`, { position: 4 })).statusCode).toBe(422);
    expect((await admin.put(`/api/v1/admin/ebooks/${id}/pages/9`, { position: 1 })).statusCode).toBe(404);
    expect((await admin.put(`/api/v1/admin/ebooks/${id}/pages/1`, { position: 0 })).statusCode).toBe(422);

    // Remove page 2 (red): white, black; its file is deleted.
    const removed = await remove(admin, `/api/v1/admin/ebooks/${id}/pages/2`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.page_count).toBe(2);
    expect((await pageRows(id)).map((p) => p.sha256)).toEqual([white?.sha256, black?.sha256]);
    expect(storedFileExists(t.dataDir, red?.storageKey ?? '')).toBe(false);
    expect(storedFileExists(t.dataDir, black?.storageKey ?? '')).toBe(true);
    expect((await studentBooks()).find((b) => b.id === id)?.images).toHaveLength(2);
    expect((await remove(admin, `/api/v1/admin/ebooks/${id}/pages/3`)).statusCode).toBe(404);
    const [deletion] = await auditOf(id, 'ebook.page.delete');
    expect(deletion?.before).toMatchObject({ page: 2, page_count: 3 });
    expect(deletion?.after).toEqual({ page_count: 2 });
  });

  it('sets, replaces and removes the thumbnail; students see it, and page 1 again without it', async () => {
    const id = await createEbook(admin, 'Covers');
    await sendFiles(admin, `/api/v1/admin/ebooks/${id}/pages`, [
      { name: 'p.png', data: await pngOf('#fff') },
    ]);
    const set = await sendFiles(admin, `/api/v1/admin/ebooks/${id}/thumbnail`, [
      { name: 'cover.jpg', data: await jpegPhoto({ gps: true }) },
    ]);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.custom_thumbnail).toBe(true);
    const [first] = await t.db.select().from(ebooks).where(eq(ebooks.id, id));
    const firstKey = first?.thumbnailKey ?? '';
    expect(storedFileExists(t.dataDir, firstKey)).toBe(true);

    const seen = (await studentBooks()).find((b) => b.id === id);
    expect(seen?.thumbnail).toMatch(new RegExp(`^/api/v1/ebooks/${id}/thumbnail\\?v=`));
    const cover = await student.get(seen?.thumbnail ?? '');
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(cover.rawPayload).metadata()).exif).toBeUndefined();
    const again = await student.get(seen?.thumbnail ?? '', { 'if-none-match': String(cover.headers.etag) });
    expect(again.statusCode).toBe(304);
    const outsider = (await registeredStudent(t, 'pending')).browser;
    expect((await outsider.get(seen?.thumbnail ?? '')).statusCode).toBe(403);

    // Replacing deletes the previous file.
    const replaced = await sendFiles(admin, `/api/v1/admin/ebooks/${id}/thumbnail`, [
      { name: 'cover2.png', data: await pngOf('#00f') },
    ]);
    expect(replaced.statusCode).toBe(200);
    expect(storedFileExists(t.dataDir, firstKey)).toBe(false);
    const refused = await sendFiles(admin, `/api/v1/admin/ebooks/${id}/thumbnail`, [
      { name: 'cover.gif', data: Buffer.from('GIF89a not really') },
    ]);
    expect(refused.statusCode).toBe(415);

    const cleared = await remove(admin, `/api/v1/admin/ebooks/${id}/thumbnail`);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.custom_thumbnail).toBe(false);
    const after = (await studentBooks()).find((b) => b.id === id);
    expect(after?.thumbnail).toBe(after?.images[0]);
    expect((await student.get(`/api/v1/ebooks/${id}/thumbnail`)).statusCode).toBe(404);
    expect((await auditOf(id, 'ebook.thumbnail.set')).length).toBe(2);
    expect((await auditOf(id, 'ebook.thumbnail.delete')).length).toBe(1);
  });

  it('removes an e-book with its stored files, reports what it removed, and audits it', async () => {
    const id = await createEbook(admin, 'To remove');
    await sendFiles(admin, `/api/v1/admin/ebooks/${id}/pages`, [
      { name: 'a.png', data: await pngOf('#fff') },
      { name: 'b.png', data: await pngOf('#000') },
    ]);
    await sendFiles(admin, `/api/v1/admin/ebooks/${id}/thumbnail`, [
      { name: 'c.png', data: await pngOf('#f00') },
    ]);
    const keys = [
      ...(await pageRows(id)).map((p) => p.storageKey),
      (await t.db.select().from(ebooks).where(eq(ebooks.id, id)))[0]?.thumbnailKey ?? '',
    ];
    expect(keys.every((key) => storedFileExists(t.dataDir, key))).toBe(true);

    const removed = await remove(admin, `/api/v1/admin/ebooks/${id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ status: 'success', data: { id, title: 'To remove', pages_removed: 2 } });
    expect(keys.some((key) => storedFileExists(t.dataDir, key))).toBe(false);
    expect(await pageRows(id)).toEqual([]);
    expect((await studentBooks()).map((b) => b.id)).not.toContain(id);
    expect((await admin.get(`/api/v1/admin/ebooks/${id}`)).statusCode).toBe(404);
    expect((await remove(admin, `/api/v1/admin/ebooks/${id}`)).statusCode).toBe(404);

    const [entry] = await auditOf(id, 'ebook.delete');
    expect(entry?.before).toMatchObject({ title: 'To remove', page_count: 2, custom_thumbnail: true });
    expect(entry?.after).toBeNull();
  });

  it('answers bad input with the envelope, never a 500', async () => {
    const empty = await admin.post('/api/v1/admin/ebooks', { title: '   ', description: 'x' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.title).toEqual(['This field is required.']);
    const badPosition = await admin.post('/api/v1/admin/ebooks', { title: 'A', position: 0 });
    expect(badPosition.statusCode).toBe(422);
    expect(badPosition.json().errors.position).toEqual(['Position must be a whole number from 1 to 1000.']);
    const long = await admin.post('/api/v1/admin/ebooks', { title: 'x'.repeat(201) });
    expect(long.statusCode).toBe(422);
    expect((await admin.post('/api/v1/admin/ebooks?competition=nope-9', { title: 'A' })).statusCode).toBe(
      404,
    );
    expect(
      (await admin.post('/api/v1/admin/ebooks?competition=NOT%20VALID', { title: 'A' })).statusCode,
    ).toBe(422);
    expect((await admin.get('/api/v1/admin/ebooks/not-a-uuid')).statusCode).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await admin.put(`/api/v1/admin/ebooks/${unknown}`, { title: 'A' })).statusCode).toBe(404);
    expect(
      (
        await sendFiles(admin, `/api/v1/admin/ebooks/${unknown}/pages`, [
          { name: 'a.png', data: await pngOf('#fff') },
        ])
      ).statusCode,
    ).toBe(404);
    expect((await admin.get('/api/v1/admin/ebooks/x/pages/abc')).statusCode).toBe(404);
    expect((await admin.put(`/api/v1/admin/ebooks/${unknown}/pages/abc`, { position: 1 })).statusCode).toBe(
      422,
    );

    const id = await createEbook(admin, 'PDF refusals');
    const notPdf = await sendFiles(admin, `/api/v1/admin/ebooks/${id}/pdf`, [
      { name: 'book.pdf', data: await pngOf('#fff'), type: 'application/pdf' },
    ]);
    expect(notPdf.statusCode).toBe(415);
    expect(notPdf.json()).toEqual({ status: 'error', message: 'book.pdf is not a PDF' });
    const noFile = await admin.request({
      method: 'POST',
      url: `/api/v1/admin/ebooks/${id}/pdf`,
      payload: {},
    });
    expect(noFile.statusCode).toBe(400);
    const twoFiles = await sendFiles(admin, `/api/v1/admin/ebooks/${id}/pdf`, [
      { name: 'a.pdf', data: Buffer.from('%PDF-1.4') },
      { name: 'b.pdf', data: Buffer.from('%PDF-1.4') },
    ]);
    expect(twoFiles.statusCode).toBe(400);
  });

  it('refuses a PDF over the size limit with 413', async () => {
    const id = await createEbook(admin, 'Big PDF');
    const big = Buffer.alloc(50_000_001, 32);
    big.write('%PDF-1.4\n');
    const response = await sendFiles(admin, `/api/v1/admin/ebooks/${id}/pdf`, [
      { name: 'big.pdf', data: big },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(
      'This PDF is larger than 50 MB. Please split it into smaller files.',
    );
  });

  it('is for admins only: 401 signed out, 403 for students and graders', async () => {
    const id = await createEbook(admin, 'Guarded');
    const grader = await signedInGrader(t, 'grader-ebooks@example.com');
    const png = await pngOf('#fff');
    const calls = [
      (b: ReturnType<typeof client>) => b.get('/api/v1/admin/ebooks'),
      (b: ReturnType<typeof client>) => b.post('/api/v1/admin/ebooks', { title: 'Nope' }),
      (b: ReturnType<typeof client>) => b.get(`/api/v1/admin/ebooks/${id}`),
      (b: ReturnType<typeof client>) => b.put(`/api/v1/admin/ebooks/${id}`, { title: 'Nope' }),
      (b: ReturnType<typeof client>) => remove(b, `/api/v1/admin/ebooks/${id}`),
      (b: ReturnType<typeof client>) =>
        sendFiles(b, `/api/v1/admin/ebooks/${id}/pages`, [{ name: 'a.png', data: png }]),
      (b: ReturnType<typeof client>) =>
        sendFiles(b, `/api/v1/admin/ebooks/${id}/pdf`, [{ name: 'a.pdf', data: png }]),
      (b: ReturnType<typeof client>) => b.put(`/api/v1/admin/ebooks/${id}/pages/1`, { position: 1 }),
      (b: ReturnType<typeof client>) => remove(b, `/api/v1/admin/ebooks/${id}/pages/1`),
      (b: ReturnType<typeof client>) =>
        sendFiles(b, `/api/v1/admin/ebooks/${id}/thumbnail`, [{ name: 'a.png', data: png }]),
      (b: ReturnType<typeof client>) => remove(b, `/api/v1/admin/ebooks/${id}/thumbnail`),
    ];
    const seen: number[][] = [];
    for (const call of calls) {
      seen.push([
        (await call(client(t.app))).statusCode,
        (await call(student)).statusCode,
        (await call(grader)).statusCode,
      ]);
    }
    expect(seen).toEqual(calls.map(() => [401, 403, 403]));
    expect((await admin.get(`/api/v1/admin/ebooks/${id}`)).json().data).toMatchObject({
      title: 'Guarded',
      page_count: 0,
    });
  });

  it('does not bring the placeholder e-book back at start once organisers removed e-books', async () => {
    const list = (await admin.get('/api/v1/admin/ebooks')).json().data as Array<{ id: string }>;
    for (const book of list)
      expect((await remove(admin, `/api/v1/admin/ebooks/${book.id}`)).statusCode).toBe(200);
    expect((await admin.get('/api/v1/admin/ebooks')).json().data).toEqual([]);
    expect(await seedPreparationEbook(t.app.services)).toBe(false);
  });
});
