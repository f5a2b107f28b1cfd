import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { EBOOK_PDF_MAX_PAGES } from '@ngso/shared/schemas/ebooks';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/app-error.ts';
import { RENDER_LONGEST_SIDE_PX, renderPdf } from '../../src/modules/ebooks/render-pdf.ts';
import { createEbook, sendFiles, storedFileCount, tinyPdf } from '../helpers/ebooks.ts';
import { registeredStudent, signedInAdmin } from '../helpers/fixtures.ts';
import { type client, createTestApp } from '../helpers/test-app.ts';

/** An e-book PDF uploaded by organisers is rendered to page images with Poppler (needs poppler-utils). */
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  try {
    await promisify(execFile)('pdftoppm', ['-v']);
  } catch {
    throw new Error('pdftoppm is missing: install poppler-utils (apt-get install poppler-utils)');
  }
  t = await createTestApp({ startMailWorker: false });
  admin = await signedInAdmin(t);
});
afterAll(() => t?.close());

const uploadPdf = (id: string, data: Buffer, name = 'book.pdf') =>
  sendFiles(admin, `/api/v1/admin/ebooks/${id}/pdf`, [{ name, data, type: 'application/pdf' }]);

describe('an e-book PDF', () => {
  it('is rendered to one page image per PDF page, appended, and the student sees them', async () => {
    const id = await createEbook(admin, 'Rendered from a PDF');
    await sendFiles(admin, `/api/v1/admin/ebooks/${id}/pages`, [
      {
        name: 'cover.png',
        data: await sharp({ create: { width: 100, height: 140, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
      },
    ]);
    const response = await uploadPdf(id, await tinyPdf(3));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.added).toBe(3);
    expect(body.data.page_count).toBe(4);

    // Pages 2 to 4 are the PDF's, A5 portrait: 1600 px high, JPEG.
    const page = await admin.get(body.data.pages[1].url);
    expect(page.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(page.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.height).toBe(RENDER_LONGEST_SIDE_PX);
    expect(meta.width).toBeLessThan(RENDER_LONGEST_SIDE_PX);

    const student = (await registeredStudent(t, 'approved')).browser;
    const book = (await student.get('/api/v1/ebooks')).json().data.find((b: { id: string }) => b.id === id);
    expect(book.images).toHaveLength(4);
    expect((await student.get(book.images[3])).statusCode).toBe(200);
  });

  it('refuses a damaged PDF and one with too many pages (422), storing nothing', async () => {
    const id = await createEbook(admin, 'Refused PDFs');
    const files = await storedFileCount(t.dataDir);
    const damaged = await uploadPdf(id, Buffer.from('%PDF-1.4\nthis is not really a PDF\n%%EOF\n'));
    expect(damaged.statusCode).toBe(422);
    expect(damaged.json().message).toBe(
      'This PDF could not be read. It may be damaged or protected by a password.',
    );

    const long = await uploadPdf(id, await tinyPdf(EBOOK_PDF_MAX_PAGES + 1));
    expect(long.statusCode).toBe(422);
    expect(long.json().message).toBe(
      `This PDF has ${EBOOK_PDF_MAX_PAGES + 1} pages; at most ${EBOOK_PDF_MAX_PAGES} can be converted at a time. Please split it into smaller files.`,
    );
    expect((await admin.get(`/api/v1/admin/ebooks/${id}`)).json().data.page_count).toBe(0);
    expect(await storedFileCount(t.dataDir)).toBe(files);
  });

  it('stops a conversion at the time limit', async () => {
    const error = await renderPdf(await tinyPdf(2), { maxPages: 10, timeoutMs: 1 }).catch((err) => err);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 422, messageKey: 'ebook.pdfTooSlow' });
  });

  it('renders one PDF at a time and refuses more than two waiting (429)', async () => {
    const pdf = await tinyPdf(1);
    const calls = Array.from({ length: 4 }, () =>
      renderPdf(pdf, { maxPages: 10 }).then(
        async (rendered) => {
          await rendered.cleanup();
          return 'rendered';
        },
        (err: AppError) => `${err.statusCode} ${err.messageKey}`,
      ),
    );
    expect(await Promise.all(calls)).toEqual(['rendered', 'rendered', 'rendered', '429 ebook.pdfBusy']);
  });
});
