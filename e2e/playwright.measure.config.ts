import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * Measurements in the browser (`npm run bench:phone`), not tests: one at a time, on servers of their own,
 * never retried. CI does not run them: the numbers depend on the machine.
 */
export default defineConfig({
  ...base,
  testDir: './measure',
  globalSetup: undefined,
  webServer: undefined,
  fullyParallel: false,
  workers: 1,
  retries: 0,
});
