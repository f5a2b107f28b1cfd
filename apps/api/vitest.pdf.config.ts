import { defineProject } from 'vitest/config';

/** Tests that read rendered PDFs with poppler (pdftoppm, pdftotext): `npm run test:pdf`. */
export default defineProject({
  test: {
    name: 'api (pdf)',
    environment: 'node',
    include: ['test/pdf/**/*.test.ts'],
    // The e-book PDF test runs the app on a test database, as the main suite does.
    globalSetup: ['./test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
