// npm run demo: the site on a fresh temporary data directory with demo accounts.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run, tsxArgs, webBuildNeeded } from './run-server.mjs';

if (webBuildNeeded()) {
  const code = await run('npm', ['run', 'build']);
  if (code !== 0) process.exit(code);
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ngso-demo-'));
// A demo on this machine: served over http on purpose.
const env = { ...process.env, NODE_ENV: 'production', ALLOW_HTTP_BASE_URL: 'true', DATA_DIR: dataDir };
delete env.DATABASE_URL;
console.log(`Demo data directory: ${dataDir}`);
const seeded = await run(process.execPath, tsxArgs('apps/api/src/cli/demo-seed.ts'), env);
if (seeded !== 0) process.exit(seeded);
process.exit(await run(process.execPath, tsxArgs('apps/api/src/server.ts'), env));
