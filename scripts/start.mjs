// npm start: builds the web app if needed, then serves the site and the API.
import { run, tsxArgs, webBuildNeeded } from './run-server.mjs';

if (webBuildNeeded()) {
  console.log('Building the web app...');
  const code = await run('npm', ['run', 'build']);
  if (code !== 0) process.exit(code);
}
process.exit(
  await run(process.execPath, tsxArgs('apps/api/src/server.ts'), { NODE_ENV: 'production', ...process.env }),
);
