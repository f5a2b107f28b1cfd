import { defineProject } from 'vitest/config';

/**
 * Scale-out tests (`npm run test:scale`): Debian's nginx in front of two real server processes on one
 * PostgreSQL cluster of their own, one Redis of their own and one DATA_DIR, over real HTTP; and again with
 * the files in S3 (a Swift of their own) and a separate worker process. They need nginx, redis-server,
 * PostgreSQL's initdb and pg_ctl and Swift (Debian: apt-get install nginx redis-server postgresql swift
 * swift-proxy swift-object swift-container swift-account).
 */
export default defineProject({
  test: {
    name: 'api (scale)',
    environment: 'node',
    include: ['test/scale/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
