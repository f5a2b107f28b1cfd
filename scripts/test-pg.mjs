// npm run test:pg: the API integration tests on PostgreSQL (DATABASE_URL, or the local test database).
import { run } from './run-server.mjs';

const env = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
};
process.exit(await run('npx', ['vitest', 'run', '--project', 'api (postgres)'], env));
