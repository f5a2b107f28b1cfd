import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: process.env.DATABASE_URL ? 'api (postgres)' : 'api',
    environment: 'node',
    globalSetup: ['./test/helpers/global-setup.ts'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // PDF rendering tests need Debian's poppler-utils: `npm run test:pdf` runs them.
    exclude: ['test/pdf/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
