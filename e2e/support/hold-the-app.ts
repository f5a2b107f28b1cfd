import type { Page } from '@playwright/test';

/**
 * A pre-rendered page is on screen before its app has started (docs/decisions/013-first-load.md). Holds the
 * app's main chunk back until the returned function lets it go, to look at the page in between.
 */
export async function holdTheApp(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
