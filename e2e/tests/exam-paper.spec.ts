import type { Page } from '@playwright/test';
import { approvedStudent, type ExamCategory, setExamWindow } from '../support/exam-setup.ts';
import { expect, test } from '../support/fixtures.ts';
import { OwnServer } from '../support/own-server.ts';

/**
 * The exam's first second (issue 15): the countdown page downloads the encrypted question paper before the
 * start and, at the start, needs only the key. One server per worker of its own, so the windows these tests
 * set touch no other test; each test its own category.
 */
const paperTest = test.extend<object, { own: OwnServer }>({
  own: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const server = await OwnServer.start({ startTimeoutMs: 180_000 });
      try {
        await use(server);
      } finally {
        await server.dispose();
      }
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ own }, use) => use(own.url),
});

/** An approved student of `category` signed in on `page`, the category's exam starting `inMs` from now. */
async function studentBeforeTheStart(page: Page, own: OwnServer, category: ExamCategory, inMs: number) {
  const admin = await own.adminApi();
  await approvedStudent(page, admin, category);
  const start = Date.now() + inMs;
  await setExamWindow(admin, category, start, start + 10 * 60_000);
  await admin.dispose();
}

/** The API calls the page makes from now on, as `METHOD /path`. */
function recordCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}

const PER_STUDENT_AT_START = [
  'GET /api/v1/ngso-1/exam',
  'GET /api/v1/ngso-1/questions',
  'GET /api/v1/ngso-1/answers',
];

paperTest.describe('the question paper before the start', () => {
  paperTest.use({
    viewport: { width: 360, height: 740 },
    // The browser logs the calls the test makes fail (offline, aborted) and the key's 404 before the start.
    allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|ERR_FAILED|status of 404/],
  });
  paperTest.setTimeout(150_000);

  paperTest(
    'downloaded on the countdown, the network cut at T-10 s, opened with the key when it returns',
    async ({ page, context, own }) => {
      await studentBeforeTheStart(page, own, 'junior', 35_000);
      const calls = recordCalls(page);
      await page.goto('/exam-countdown');
      const status = page.getByTestId('paper-status');
      await expect(status).toHaveText('Question paper downloaded to this device. It opens at the start.', {
        timeout: 30_000,
      });
      expect(calls.filter((call) => call === 'GET /api/v1/ngso-1/paper')).toHaveLength(1);

      // A reload finds it on the device: nothing is downloaded again.
      await page.reload();
      await expect(status).toHaveText('Question paper downloaded to this device. It opens at the start.');
      expect(calls.filter((call) => call === 'GET /api/v1/ngso-1/paper')).toHaveLength(1);

      // Ten seconds before the start the connection goes.
      await expect(page.getByTestId('countdown-seconds')).toHaveText(/^(10|0\d)$/, { timeout: 40_000 });
      await context.setOffline(true);
      const fromTheCut = calls.length;

      // Zero passes without a connection: the page says it waits for one.
      await expect(status).toHaveText(
        'Waiting for the connection: the question paper opens as soon as it is back.',
        { timeout: 30_000 },
      );
      await context.setOffline(false);
      await expect(page.getByText('The exam has started!')).toBeVisible({ timeout: 30_000 });
      await page.getByRole('link', { name: 'Go to Exam' }).click();
      await expect(page).toHaveURL(/\/final-exam$/);
      await expect(page.getByRole('heading', { name: 'Question 1 of 6' })).toBeVisible();
      await expect(page.getByTestId('exam-clock')).toHaveText(/^\d{1,2}:\d{2}$/);

      const afterTheCut = calls.slice(fromTheCut);
      expect(afterTheCut).toContain('GET /api/v1/ngso-1/paper-key/junior');
      for (const call of PER_STUDENT_AT_START) {
        expect(afterTheCut, `${call} is not asked for at the start`).not.toContain(call);
      }
    },
  );

  paperTest('a page whose paper never arrived opens the exam the ordinary way', async ({ page, own }) => {
    await studentBeforeTheStart(page, own, 'senior', 20_000);
    let refused = 0;
    await page.route('**/api/v1/ngso-1/paper', (route) => {
      refused += 1;
      return route.abort('failed');
    });
    const calls = recordCalls(page);
    await page.goto('/exam-countdown');
    await expect(page.getByTestId('countdown')).toBeVisible();

    await expect(page.getByText('The exam has started!')).toBeVisible({ timeout: 40_000 });
    expect(refused, 'the page tried to download the paper').toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Go to Exam' }).click();
    await expect(page.getByRole('heading', { name: 'Question 1 of 6' })).toBeVisible();
    expect(calls).toContain('GET /api/v1/ngso-1/questions');
    expect(calls).not.toContain('GET /api/v1/ngso-1/paper-key/senior');
  });
});
