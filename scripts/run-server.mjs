import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** True when the web app has never been built, or its sources changed since. */
export function webBuildNeeded() {
  const index = path.join(root, 'apps/web/dist/index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return [path.join(root, 'apps/web'), path.join(root, 'packages/shared/src')].some(
    (dir) => newestChange(dir) > built,
  );
}

/** Runs a command in the repository, inheriting the terminal; resolves with its exit code. */
export function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** Arguments for node to run a TypeScript file with tsx, reading .env when present. */
export function tsxArgs(file, { watch = false } = {}) {
  const envFile = path.join(root, '.env');
  return [
    ...(existsSync(envFile) ? [`--env-file=${envFile}`] : []),
    '--import',
    'tsx',
    ...(watch ? ['--watch'] : []),
    file,
  ];
}
