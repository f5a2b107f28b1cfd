import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bufferedLogDestination } from './log-destination.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function logFile() {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'ngso-log-'));
  folders.push(folder);
  return path.join(folder, 'server.log');
}

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

async function until(check: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
}

describe('bufferedLogDestination', () => {
  it('keeps short lines for one write, and still writes a quiet server’s line within its flush time', async () => {
    const file = logFile();
    const destination = bufferedLogDestination(file, 300);
    await new Promise((resolve) => destination.once('ready', resolve));
    destination.write('{"msg":"request completed"}\n');
    destination.write('{"msg":"request completed"}\n');
    expect(read(file)).toBe(''); // not one write per line
    expect(await until(() => read(file).split('\n').length === 3, 3_000)).toBe(true);
    destination.end();
  });

  it('writes at once when 4 KB have gathered', async () => {
    const file = logFile();
    const destination = bufferedLogDestination(file, 60_000);
    await new Promise((resolve) => destination.once('ready', resolve));
    const line = `${JSON.stringify({ msg: 'x'.repeat(100) })}\n`;
    for (let i = 0; i < 50; i++) destination.write(line);
    expect(await until(() => read(file).length >= 4096, 2_000)).toBe(true);
    destination.end();
  });
});
