// Starts the real server for the browser tests on a fresh data folder (embedded database, mail as files).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = process.env.E2E_PORT ?? '3100';
const dataDir = path.join(os.tmpdir(), `ngso-e2e-${port}`);
// WEB_DIST lets a run use a build of its own (several runs on one machine do not share apps/web/dist).
const webDist = process.env.WEB_DIST ?? path.join(root, 'apps/web/dist');
if (!existsSync(path.join(webDist, 'index.html'))) {
  console.error('Build the web app first: npm run build');
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const env = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: port,
  DATA_DIR: dataDir,
  WEB_DIST: webDist,
  BASE_URL: `http://localhost:${port}`,
  ALLOW_HTTP_BASE_URL: 'true',
  LOG_LEVEL: 'warn',
  // Engineers' e2e servers run side by side: none listens for metrics.
  METRICS_PORT: 'off',
  ADMIN_EMAIL: 'admin@e2e.test',
  ADMIN_PASSWORD: 'Admin-e2e-pass-1',
};
delete env.DATABASE_URL;
delete env.SMTP_URL;
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
