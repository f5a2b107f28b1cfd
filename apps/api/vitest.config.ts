import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: process.env.DATABASE_URL ? 'api (postgres)' : 'api',
    environment: 'node',
    globalSetup: ['./test/helpers/global-setup.ts'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // PDF rendering tests need Debian's poppler-utils, and the Redis tests a Redis server: they have their own scripts.
    exclude: ['test/pdf/**', 'test/redis/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
