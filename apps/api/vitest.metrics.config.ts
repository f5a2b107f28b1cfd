import { defineProject } from 'vitest/config';

/**
 * The metrics as operators read them (`npm run test:metrics`): promtool checks the shipped alert rules, and
 * a real Prometheus (Debian's `prometheus`, which gives /usr/bin/prometheus and promtool) scrapes a real
 * server process on a PostgreSQL cluster of its own (PostgreSQL's initdb and pg_ctl) through a short exam.
 */
export default defineProject({
  test: {
    name: 'api (metrics)',
    environment: 'node',
    include: ['test/metrics/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
