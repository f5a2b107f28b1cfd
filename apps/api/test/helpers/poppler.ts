import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs a poppler-utils tool; a missing tool fails the test with how to install it, never skips. */
export async function poppler(tool: 'pdftoppm' | 'pdftotext' | 'pdfimages', args: string[]) {
  try {
    return await run(tool, args, { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`${tool} is missing: install poppler-utils (apt-get install -y poppler-utils)`);
    }
    throw error;
  }
}

/** The text of a PDF as `pdftotext` reads it (UTF-8; Bangla in logical order through ActualText). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pdf-text-'));
  try {
    const file = path.join(dir, 'file.pdf');
    await writeFile(file, pdf);
    const { stdout } = await poppler('pdftotext', ['-enc', 'UTF-8', file, '-']);
    return stdout.toString('utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
