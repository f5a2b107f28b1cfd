import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: process.env.DATABASE_URL ? 'api (postgres)' : 'api',
    environment: 'node',
    globalSetup: ['./test/helpers/global-setup.ts'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // PDF rendering tests need Debian's poppler-utils, the Redis tests a Redis server, the fault tests
    // PostgreSQL's own tools, and the scale tests nginx, redis-server and PostgreSQL, the S3 tests Swift, the metrics test
    // Prometheus: they have their own scripts.
    exclude: [
      'test/pdf/**',
      'test/redis/**',
      'test/faults/**',
      'test/scale/**',
      'test/s3/**',
      'test/metrics/**',
    ],
    // Each file builds its own app on its own database, so the files share nothing but loaded modules:
    // run them in one module graph per worker instead of importing the whole server again for every file
    // (measured: half the CPU time of the suite; decision 067).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
