// npm run dev: the API with reload on change, and Vite's dev server (hot reload) proxying /api to it.
import { spawn } from 'node:child_process';
import { root, tsxArgs } from './run-server.mjs';

const children = [
  spawn(process.execPath, tsxArgs('apps/api/src/server.ts', { watch: true }), {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'development',
      BASE_URL: process.env.BASE_URL ?? 'http://localhost:5173',
    },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
