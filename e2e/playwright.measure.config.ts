import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * Measurements in the browser (`npm run bench:phone`), not tests: one at a time, on servers of their own,
 * never retried. CI does not run them: the numbers depend on the machine. Chromium accepts any certificate here
 * (the measurement's nginx makes its own).
 */
export default defineConfig({
  ...base,
  testDir: './measure',
  globalSetup: undefined,
  webServer: undefined,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  use: {
    ...base.use,
    // SLOW_LINK_HTTP2=1 reaches the site through nginx over TLS on a certificate made for the occasion: the
    // service worker registers only where Chromium itself accepts the certificate.
    ignoreHTTPSErrors: true,
    launchOptions: {
      ...base.use?.launchOptions,
      args: [...(base.use?.launchOptions?.args ?? []), '--ignore-certificate-errors'],
    },
  },
});
