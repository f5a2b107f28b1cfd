import { defineProject } from 'vitest/config';

/**
 * Fault tests (`npm run test:faults`): the real server as a child process on a PostgreSQL cluster of their
 * own, killed with SIGKILL, cut off from its database, and from its mail server. They need PostgreSQL's
 * initdb and pg_ctl (Debian: apt-get install postgresql); as root, they run them as the postgres user.
 */
export default defineProject({
  test: {
    name: 'api (faults)',
    environment: 'node',
    include: ['test/faults/**/*.test.ts'],
    // Each file starts a cluster and a server: one at a time on a small machine.
    fileParallelism: false,
    testTimeout: 150_000,
    hookTimeout: 90_000,
  },
});
