import type { Page } from '@playwright/test';
import { questionIds } from './exam-answers.ts';
import { approvedStudent, setExamWindow } from './exam-setup.ts';
import { expect } from './fixtures.ts';
import type { OwnServer } from './own-server.ts';

/**
 * An approved junior student signed in on `page`, with the junior exam open (started a minute ago, 30
 * minutes left) on the test's own server; the exam's question ids, in order.
 */
export async function studentInOpenExam(page: Page, own: OwnServer): Promise<[string, string, ...string[]]> {
  const admin = await own.adminApi();
  await setExamWindow(admin, 'junior', Date.now() - 60_000, Date.now() + 30 * 60_000);
  await approvedStudent(page, admin, 'junior');
  await admin.dispose();
  const [q1, q2, ...rest] = await questionIds(page.request, 'junior');
  if (!q1 || !q2) throw new Error('the exam has questions');
  return [q1, q2, ...rest];
}

/**
 * Waits until the service worker has precached the exam pages (downloaded in the background) and controls
 * `page` (docs/decisions/060-offline-exam-pages.md).
 */
export async function controlledByServiceWorker(page: Page, timeout?: number): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      message: 'the page is controlled by the service worker',
      timeout,
    })
    .toBe(true);
}
