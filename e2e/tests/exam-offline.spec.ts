import type { Page } from '@playwright/test';
import { addCircuitDiagram } from '../support/diagrams.ts';
import { smallAnswerPhoto, storedAnswers } from '../support/exam-answers.ts';
import { approvedStudent, setExamWindow } from '../support/exam-setup.ts';
import { expect } from '../support/fixtures.ts';
import { controlledByServiceWorker, studentInOpenExam } from '../support/open-exam.ts';
import { withServerPerTest } from '../support/own-server.ts';

/**
 * The exam page with no connection (docs/decisions/060-offline-exam-pages.md), on a 360 px phone: once
 * visited, the page opens again offline from the service worker's cache and the device's storage, and
 * what the student photographed meanwhile reaches the server when the connection returns. Each test runs
 * its own server (the exam's window is moved, a question is given a diagram).
 */
const offlineTest = withServerPerTest;

const heading = (page: Page, n: number) => page.getByRole('heading', { name: `Question ${n} of 6` });
const clock = (page: Page) => page.getByTestId('exam-clock');

/** Whether the service worker keeps `address` (a question's diagram) for an offline reload. */
const diagramKept = (page: Page, address: string) =>
  page.evaluate(
    async (url) => (await (await caches.open('question-diagrams')).match(url)) !== undefined,
    address,
  );

/** The width in pixels of the image a question's diagram shows (0 when it did not load). */
const diagramWidth = (page: Page) =>
  page
    .getByTestId('question-diagram')
    .locator('img')
    .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));

/** The addresses of the console's chunks the page asks for (there must be none). */
function consoleChunksRequested(page: Page): string[] {
  const found: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/admin[^/]*\.js$/.test(new URL(request.url()).pathname)) found.push(request.url());
  });
  return found;
}

/** The scripts the page requests from now on, by path. */
function scriptsRequested(page: Page): string[] {
  const found: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') found.push(new URL(request.url()).pathname);
  });
  return found;
}

/** The scripts a page's HTML names: its own, and the chunks it announces (decision 073). */
async function scriptsAnnounced(page: Page, address: string): Promise<Set<string>> {
  const html = await (await page.request.get(address)).text();
  return new Set(
    [
      ...html.matchAll(
        /<(?:script type="module" crossorigin src|link rel="modulepreload" crossorigin href)="([^"]+)"/g,
      ),
    ].map((match) => match[1] ?? ''),
  );
}

offlineTest.describe('the exam page with no connection', () => {
  offlineTest.use({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    // Chromium logs every call the page makes while offline or while a delivery is held back; the
    // trace recorder's blob: fetches of the photo previews are refused by the site's CSP (see timed-exam).
    allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|ERR_FAILED|^Connecting to 'blob:.*connect-src/s],
  });
  offlineTest.setTimeout(300_000);

  offlineTest(
    'reloaded offline with a photo on its way: the question, its diagram, the timer and the photo are there; online again, the photo arrives',
    async ({ page, own }) => {
      const [q1, q2] = await studentInOpenExam(page, own);
      // The second question has a diagram (served by the server from the start, not inside a paper).
      const admin = await own.adminApi();
      const diagram = await addCircuitDiagram(admin, 'junior', q2);
      await admin.dispose();
      const consoleChunks = consoleChunksRequested(page);
      // A reload with work not yet on the server asks before leaving: the test stays.
      page.on('dialog', (dialog) => void dialog.accept());

      // A first visit, as a phone that never opened the site: every script the page needs before its first
      // question is named by its HTML, so a slow link fetches them all at once (decision 073).
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      const scripts = scriptsRequested(page);
      await page.goto('/final-exam');
      await expect(heading(page, 1)).toBeVisible();
      const announced = await scriptsAnnounced(page, '/final-exam');
      expect(scripts.length).toBeGreaterThan(10);
      expect(scripts.filter((script) => !announced.has(script))).toEqual([]);
      await controlledByServiceWorker(page);
      // The diagram of a question not opened yet is kept as soon as the page has the questions.
      await expect
        .poll(() => diagramKept(page, diagram), { message: 'the diagram is kept', timeout: 30_000 })
        .toBe(true);

      // A photo committed, its bytes held back (the link drops before they go).
      await page.route('**/api/v1/ngso-1/answer-photos/**', (route) => route.abort());
      await page.getByTestId('images-input').setInputFiles([await smallAnswerPhoto('q1.jpg', 80)]);
      await expect(page.getByTestId('recorded-mark')).toBeVisible({ timeout: 30_000 });
      expect((await storedAnswers(page.request)).get(q1)?.images).toMatchObject([{ status: 'pending' }]);

      // No connection, and the page is reloaded (as Android does to a tab it dropped).
      await page.context().setOffline(true);
      await page.reload();
      await expect(heading(page, 1)).toBeVisible();
      await expect(page.getByTestId('recorded-mark')).toBeVisible();
      // The timer runs, on the server's clock as last measured (30 minutes from a minute ago).
      await expect(clock(page)).toHaveText(/^2\d:\d\d$/);
      const shown = await clock(page).textContent();
      await expect.poll(() => clock(page).textContent(), { message: 'the timer runs' }).not.toBe(shown);
      // The second question, never opened online, shows its diagram.
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(heading(page, 2)).toBeVisible();
      await expect.poll(() => diagramWidth(page), { message: 'the diagram shows offline' }).toBe(960);
      await page.getByRole('button', { name: 'Previous' }).click();
      await expect(heading(page, 1)).toBeVisible();

      // The connection returns: the photo's bytes go without the student doing anything.
      await page.unroute('**/api/v1/ngso-1/answer-photos/**');
      await page.context().setOffline(false);
      await expect(page.getByTestId('saved-mark')).toHaveCount(1, { timeout: 45_000 });
      expect((await storedAnswers(page.request)).get(q1)?.images).toMatchObject([{ status: 'stored' }]);
      expect(consoleChunks, "the exam page loads none of the console's code").toEqual([]);
    },
  );

  offlineTest(
    "signing out forgets the questions' diagrams the service worker kept, and keeps the pages' code",
    async ({ page, own }) => {
      const [, q2] = await studentInOpenExam(page, own);
      const admin = await own.adminApi();
      const diagram = await addCircuitDiagram(admin, 'junior', q2);
      await admin.dispose();

      await page.goto('/final-exam');
      await expect(heading(page, 1)).toBeVisible();
      await controlledByServiceWorker(page);
      await expect
        .poll(() => diagramKept(page, diagram), { message: 'the diagram is kept', timeout: 30_000 })
        .toBe(true);

      // Signed out from the phone's menu (the next person on the phone must not find this student's diagrams).
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.locator('#mobile-menu').getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/$/);
      const caches = await page.evaluate(() => globalThis.caches.keys());
      expect(caches, 'the diagrams are forgotten').not.toContain('question-diagrams');
      expect(
        caches.some((name) => name.includes('precache')),
        "the pages' code stays",
      ).toBe(true);
    },
  );

  offlineTest('a photo taken offline is committed when the connection returns', async ({ page, own }) => {
    const [q1, q2] = await studentInOpenExam(page, own);
    await page.goto('/final-exam');
    await expect(heading(page, 1)).toBeVisible();
    await controlledByServiceWorker(page);

    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(heading(page, 2)).toBeVisible();
    await page.getByTestId('images-input').setInputFiles([await smallAnswerPhoto('q2.jpg', 140)]);
    await expect(page.getByTestId('save-banner')).toHaveText(
      'You are offline. 1 answer is waiting to be saved.',
      {
        timeout: 20_000,
      },
    );
    await expect(page.getByTestId('waiting-mark')).toBeVisible();

    await page.context().setOffline(false);
    await expect(page.getByTestId('saved-mark')).toHaveCount(1, { timeout: 45_000 });
    await expect(page.getByTestId('save-banner')).toBeHidden();
    const stored = await storedAnswers(page.request);
    expect(stored.get(q2)?.images).toHaveLength(1);
    expect(stored.has(q1)).toBe(false);
  });

  offlineTest(
    'the countdown, once visited, opens with no connection and counts down',
    async ({ page, own }) => {
      const admin = await own.adminApi();
      const start = Date.now() + 10 * 60_000;
      await setExamWindow(admin, 'junior', start, start + 30 * 60_000);
      await approvedStudent(page, admin, 'junior');
      await admin.dispose();
      await page.goto('/exam-countdown');
      await expect(page.getByTestId('countdown')).toBeVisible();
      await controlledByServiceWorker(page);

      await page.context().setOffline(true);
      await page.reload();
      await expect(page.getByTestId('category-badge')).toHaveText('Junior category');
      await expect(page.getByTestId('countdown-minutes')).toHaveText(/^0[89]$/);
      const seconds = await page.getByTestId('countdown-seconds').textContent();
      await expect
        .poll(() => page.getByTestId('countdown-seconds').textContent(), { message: 'it counts down' })
        .not.toBe(seconds);
      await expect(page.getByRole('button', { name: 'Exam Not Started Yet' })).toBeDisabled();
    },
  );

  offlineTest(
    'the success page, once visited, opens with no connection and lists the receipts and where each photo is',
    async ({ page, own }) => {
      await studentInOpenExam(page, own);
      await page.goto('/final-exam');
      await expect(heading(page, 1)).toBeVisible();
      await page.getByTestId('images-input').setInputFiles([await smallAnswerPhoto('q1.jpg', 60)]);
      await expect(page.getByTestId('saved-mark')).toHaveCount(1, { timeout: 30_000 });
      await page.getByRole('button', { name: 'Submit Exam' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Submit', exact: true }).click();
      await expect(page).toHaveURL(/\/submission-success$/, { timeout: 45_000 });
      const submitted = page.getByRole('region', { name: 'Your exam has been submitted!' });
      await expect(submitted).toBeVisible();
      const submittedAt = await submitted.getByRole('definition').first().textContent();
      const code = page.getByTestId('receipt-row-code');
      await expect(code).toHaveText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      const shownOnline = await code.textContent();
      await controlledByServiceWorker(page);

      await page.context().setOffline(true);
      await page.reload();
      await expect(submitted).toBeVisible();
      // The submission as the server last told this device: its time and the exam's questions.
      await expect(submitted.getByRole('definition').first()).toHaveText(submittedAt ?? '');
      await expect(submitted.getByRole('definition').nth(2)).toHaveText('6');
      // The receipts as the page last showed them, each with its check (which needs the connection).
      await expect(page.getByTestId('receipt-row')).toHaveCount(1);
      await expect(code).toHaveText(shownOnline ?? '');
      // Where each question's photos are, as the server last told this device (not an empty list).
      await expect(page.getByTestId('delivery-row')).toHaveText([/^Question 1\s*1 photo stored$/]);
      await expect(page.getByTestId('delivery-complete')).toBeVisible();
    },
  );
});
