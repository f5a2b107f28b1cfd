import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import { AppError } from '../../lib/app-error.ts';

/**
 * PDF to page images with Poppler's pdfinfo and pdftoppm, as child processes
 * (docs/decisions/011-ebook-pdf-rendering.md): a damaged or hostile PDF can crash or stall only them,
 * and they are killed at the time limit. One PDF is rendered at a time; a few more may wait.
 */
const renders = pLimit(1);
const MAX_WAITING = 2;

/** The longest side of a rendered page, in pixels, whatever the PDF's page size says. */
export const RENDER_LONGEST_SIDE_PX = 1600;
export const DEFAULT_RENDER_SECONDS = 120;

export type RenderOptions = {
  /** More pages than this: 422, before anything is rendered. */
  maxPages: number;
  /** The whole conversion (reading and rendering) must end within this many milliseconds. */
  timeoutMs?: number;
  fileName?: string;
};

/** The rendered pages as PNG files in a temporary folder; `cleanup` removes it. */
export type RenderedPdf = { pages: string[]; cleanup: () => Promise<void> };

/** Whether the bytes are a PDF: the header must appear in the first kilobyte (as readers accept). */
export const looksLikePdf = (data: Buffer) => data.subarray(0, 1024).includes('%PDF-');

type RunFailure = Error & { code?: string | number; killed?: boolean; signal?: string };

function run(command: string, args: string[], timeoutMs: number) {
  return new Promise<string>((resolve, reject) => {
    execFile(
      command,
      args,
      { timeout: Math.max(1, timeoutMs), killSignal: 'SIGKILL', maxBuffer: 1_000_000, windowsHide: true },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
  });
}

/** Why a Poppler run failed; one that ended past the deadline was too slow, however it ended. */
function failure(err: unknown, deadline: number): AppError {
  const error = err as RunFailure;
  if (error.code === 'ENOENT') return new AppError(503, 'ebook.pdfUnavailable');
  if (error.killed || error.signal === 'SIGKILL' || Date.now() >= deadline) {
    return new AppError(422, 'ebook.pdfTooSlow');
  }
  return new AppError(422, 'ebook.pdfUnreadable');
}

/**
 * Renders every page of a PDF to a PNG (longest side 1600 px) in a temporary folder. Refuses bytes that
 * are not a PDF (415), a PDF it cannot read (422), one of more than `maxPages` pages (422), one that
 * takes longer than the time limit (422; the process is killed), and answers 503 when Poppler is not
 * installed and 429 when too many PDFs wait already.
 */
export async function renderPdf(data: Buffer, options: RenderOptions): Promise<RenderedPdf> {
  const fileName = options.fileName ?? 'file.pdf';
  if (!looksLikePdf(data)) throw new AppError(415, 'ebook.notPdf', { params: { file: fileName } });
  if (renders.activeCount + renders.pendingCount > MAX_WAITING) {
    throw new AppError(429, 'ebook.pdfBusy', { headers: { 'Retry-After': '60' } });
  }
  return renders(async () => {
    const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_RENDER_SECONDS * 1000);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ngso-pdf-'));
    const cleanup = () => rm(dir, { recursive: true, force: true });
    try {
      const input = path.join(dir, 'input.pdf');
      await writeFile(input, data);

      const info = await run('pdfinfo', [input], deadline - Date.now()).catch((err) => {
        throw failure(err, deadline);
      });
      const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
      if (pages < 1) throw new AppError(422, 'ebook.pdfUnreadable');
      if (pages > options.maxPages) {
        throw new AppError(422, 'ebook.pdfTooManyPages', { params: { pages, max: options.maxPages } });
      }

      // -scale-to bounds the pixels of every page, so a PDF declaring a huge page cannot flood memory.
      const args = ['-png', '-scale-to', String(RENDER_LONGEST_SIDE_PX), '-f', '1', '-l', String(pages)];
      await run('pdftoppm', [...args, input, path.join(dir, 'page')], deadline - Date.now()).catch((err) => {
        throw failure(err, deadline);
      });
      // pdftoppm names pages page-1.png or page-001.png (zero-padded to the page count's digits).
      const files = (await readdir(dir))
        .filter((name) => /^page-\d+\.png$/.test(name))
        .sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]))
        .map((name) => path.join(dir, name));
      if (files.length === 0) throw new AppError(422, 'ebook.pdfUnreadable');
      return { pages: files, cleanup };
    } catch (err) {
      await cleanup();
      throw err;
    }
  });
}
