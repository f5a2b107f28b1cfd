import { defineProject } from 'vitest/config';

/**
 * Scale-out tests (`npm run test:scale`): Debian's nginx in front of two real server processes on one
 * PostgreSQL cluster of their own, one Redis of their own and one DATA_DIR, over real HTTP. They need nginx,
 * redis-server and PostgreSQL's initdb and pg_ctl (Debian: apt-get install nginx redis-server postgresql).
 */
export default defineProject({
  test: {
    name: 'api (scale)',
    environment: 'node',
    include: ['test/scale/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
