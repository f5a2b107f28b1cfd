import type { Page } from '@playwright/test';

/** The page has hydrated: React has attached to the pre-rendered HTML. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}
