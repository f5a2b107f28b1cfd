import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { client } from './test-app.ts';

type Browser = ReturnType<typeof client>;

export { sendFiles } from './multipart.ts';

export const remove = (browser: Browser, url: string) => browser.request({ method: 'DELETE', url });

/** Creates an e-book in ngso-1 as `admin`; answers its id. */
export async function createEbook(admin: Browser, title = 'Physics Notes', position?: number) {
  const response = await admin.post('/api/v1/admin/ebooks', {
    title,
    description: 'Chapter summaries',
    ...(position ? { position } : {}),
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json().data.id as string;
}

/** A PDF of `pages` pages, each with its number written large (made with pdfkit, as the admit card is). */
export function tinyPdf(pages: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A5', autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (let page = 1; page <= pages; page++) {
      doc.addPage();
      doc.fontSize(72).text(String(page), 100, 200);
    }
    doc.end();
  });
}

/** Whether a stored file exists in the test app's data folder (disk storage's layout). */
export const storedFileExists = (dataDir: string, key: string) =>
  existsSync(path.join(dataDir, 'uploads', key.slice(0, 2), key.slice(2, 4), key));

/** How many files the test app has stored. */
export async function storedFileCount(dataDir: string) {
  const files = await readdir(path.join(dataDir, 'uploads'), { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return files.filter((entry) => entry.isFile()).length;
}
