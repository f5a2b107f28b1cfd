// npm run lint:openapi: the OpenAPI document the server serves (/api/openapi.json), checked with Redocly's
// rules (redocly.yaml). Offline: the app runs on a throwaway embedded database; Redocly sends nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, run } from './run-server.mjs';

const dir = mkdtempSync(path.join(os.tmpdir(), 'ngso-openapi-lint-'));
const document = path.join(dir, 'openapi.json');
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
try {
  let code = await run('npx', ['tsx', 'apps/api/src/cli/openapi.ts', document], env);
  if (code === 0) {
    code = await run('npx', ['redocly', 'lint', document, '--config', path.join(root, 'redocly.yaml')], env);
  }
  process.exitCode = code;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
