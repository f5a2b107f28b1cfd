import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type HttpClient,
  httpClient,
  type ServerProcess,
  startServerProcess,
} from '../helpers/server-process.ts';
import { accountOf, newStudent } from './support.ts';

/**
 * The embedded database (PGlite, no DATABASE_URL) under kill -9 of the server: what a process kill does
 * to it. A power cut or an operating system crash is another matter (docs/operations.md, "Faults").
 */
const PORT = 4623;
let dataDir = '';
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.kill();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('kill -9 of the server on the embedded database', () => {
  it('opens again after the kill, with every acknowledged account', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ngso-faults-embedded-'));
    const env = { DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web'), RATE_LIMITS: 'off' };
    server = await startServerProcess({ port: PORT, env });
    const running = server;

    const acked: HttpClient[] = [];
    let killed = false;
    const registrar = async () => {
      while (!killed) {
        const browser = httpClient(running.baseUrl);
        const response = await browser
          .post('/api/v1/register', accountOf(newStudent('embedded')))
          .catch(() => null);
        if (!response) return;
        expect(response.status, response.text).toBe(201);
        acked.push(browser);
      }
    };
    const writers = Array.from({ length: 6 }, registrar);
    while (acked.length < 30) await new Promise((resolve) => setTimeout(resolve, 50));
    killed = true;
    await running.kill();
    await Promise.all(writers);

    server = await startServerProcess({ port: PORT, env });
    for (const browser of acked) expect((await browser.get('/api/v1/user')).status).toBe(200);
  });
});
