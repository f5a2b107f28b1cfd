import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { runTool } from './open-for-tool.ts';

/**
 * Writes the OpenAPI document the server serves at /api/openapi.json to a file (the first argument, else
 * stdout), for a linter or a client generator. The app runs on a throwaway embedded database, offline.
 */
runTool(async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ngso-openapi-'));
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      BASE_URL: 'http://localhost:3000',
      WEB_DIST: path.join(dataDir, 'no-web'),
    });
    const database = await openDatabase({ dataDir: config.DATA_DIR });
    const app = await buildApp(config, { database, startMailWorker: false });
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    await app.close();
    await database.close();
    if (response.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${response.statusCode}`);
    const document = `${JSON.stringify(response.json(), null, 2)}\n`;
    const target = process.argv[2];
    if (target) await writeFile(target, document);
    else process.stdout.write(document);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
