import { defineProject } from 'vitest/config';

/** Tests that read rendered PDFs with poppler (pdftoppm, pdftotext): `npm run test:pdf`. */
export default defineProject({
  test: {
    name: 'api (pdf)',
    environment: 'node',
    include: ['test/pdf/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
