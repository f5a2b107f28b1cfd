// npm start: builds the web app if needed, then serves the site and the API.
import { run, tsxArgs, webBuildNeeded } from './run-server.mjs';

if (webBuildNeeded()) {
  console.log('Building the web app...');
  const code = await run('npm', ['run', 'build']);
  if (code !== 0) process.exit(code);
}
// Production insists on an https BASE_URL. Without any BASE_URL, `npm start` is the quick start: a trial on
// this machine at http://localhost, allowed over http on purpose (a real site sets BASE_URL).
const trial = !process.env.BASE_URL;
if (trial) console.log('No BASE_URL set: a trial on this machine, served over http at http://localhost.');
const env = { NODE_ENV: 'production', ...(trial ? { ALLOW_HTTP_BASE_URL: 'true' } : {}), ...process.env };
process.exit(await run(process.execPath, tsxArgs('apps/api/src/server.ts'), env));
