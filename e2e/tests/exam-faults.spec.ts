import type { Page } from '@playwright/test';
import { examOf, expectImagesServed, smallAnswerPhoto, storedAnswers } from '../support/exam-answers.ts';
import { expect, test } from '../support/fixtures.ts';
import { studentInOpenExam } from '../support/open-exam.ts';
import { OwnPostgres } from '../support/own-postgres.ts';
import { OwnServer, withServerPerTest } from '../support/own-server.ts';

/**
 * The timed exam when things go wrong: the server killed (SIGKILL) and restarted mid-exam, the server
 * dying as the exam page opens, a slow mobile network through a whole exam, the database stopped
 * under a running server. Each test runs its own server (a child process of the test on a free port,
 * with a fresh data folder), so it can kill it, and so the exam windows it sets touch no other test.
 * With the embedded database (PGlite, in the data folder) the server is killed only after the page
 * has shown the saves as done, and the test then checks that the restarted server still has them.
 */
const serverTest = withServerPerTest;

/**
 * The same on PostgreSQL: a throwaway cluster of the test's own (never the machine's shared one),
 * which the test stops and starts under the running server. Skipped where PostgreSQL is not installed.
 */
const postgresTest = test.extend<{ postgres: OwnPostgres; own: OwnServer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
  postgres: async ({}, use, testInfo) => {
    const unavailable = await OwnPostgres.unavailable();
    testInfo.skip(unavailable !== null, unavailable ?? '');
    const cluster = await OwnPostgres.create();
    try {
      await use(cluster);
    } finally {
      await cluster.dispose();
    }
  },
  own: async ({ postgres }, use) => {
    const server = await OwnServer.start({ databaseUrl: postgres.url });
    try {
      await use(server);
    } finally {
      await server.dispose();
    }
  },
  baseURL: async ({ own }, use) => use(own.url),
});

const savedMarks = (page: Page) => page.getByTestId('saved-mark');
const banner = (page: Page) => page.getByTestId('save-banner');

serverTest.describe('the timed exam under faults', () => {
  serverTest.use({ viewport: { width: 360, height: 740 } });

  serverTest.describe('the server killed mid-exam', () => {
    serverTest.use({
      // The page's calls while the server is down are refused, and Chromium logs each; the trace
      // recorder's blob: fetches of the photo previews are refused by the site's CSP (see timed-exam).
      allowedConsoleErrors: [/ERR_CONNECTION_REFUSED|^Connecting to 'blob:.*connect-src/s],
    });
    serverTest.setTimeout(120_000);

    serverTest(
      'SIGKILL and restart: nothing saved is lost, the photo taken meanwhile is saved by itself',
      async ({ page, own }) => {
        const [q1, q2] = await studentInOpenExam(page, own);

        // Two photos saved on question 1: the page says so and the server has both.
        await page.goto('/final-exam');
        await expect(page.getByRole('heading', { name: 'Question 1 of 6' })).toBeVisible();
        await page
          .getByTestId('images-input')
          .setInputFiles([await smallAnswerPhoto('q1-a.jpg', 60), await smallAnswerPhoto('q1-b.jpg', 160)]);
        await expect(savedMarks(page)).toHaveCount(2, { timeout: 30_000 });
        await expect(banner(page)).toBeHidden();
        const before = await storedAnswers(page.request);
        const q1Urls = before.get(q1)?.image_urls ?? [];
        expect(q1Urls).toHaveLength(2);

        // The server dies on the spot (no graceful shutdown) while the student is on question 2.
        await page.getByRole('button', { name: 'Next' }).click();
        await expect(page.getByRole('heading', { name: 'Question 2 of 6' })).toBeVisible();
        await own.kill();
        expect(await own.healthy(), 'the server is down').toBe(false);

        // A photo to question 2 meanwhile: kept on the phone, shown as waiting, its commitment tried
        // again and again.
        const failedCommits: string[] = [];
        page.on('requestfailed', (request) => {
          if (request.url().endsWith('/api/v1/ngso-1/answers') && request.method() === 'POST')
            failedCommits.push(request.failure()?.errorText ?? '');
        });
        await page.getByTestId('images-input').setInputFiles([await smallAnswerPhoto('q2.jpg', 100)]);
        await expect(banner(page)).toHaveText('You are offline. 1 answer is waiting to be saved.', {
          timeout: 20_000,
        });
        await expect(page.getByTestId('waiting-mark')).toBeVisible();
        await expect
          .poll(() => failedCommits.length, { message: 'the commitment is retried while the server is down' })
          .toBeGreaterThanOrEqual(2);
        expect(failedCommits.every((error) => error.includes('ERR_CONNECTION_REFUSED'))).toBe(true);

        // The server comes back on the same data: the queued photo is saved without the student doing
        // anything (no reload, no click, and the browser never went offline, so no 'online' event).
        await own.spawn();
        await expect(savedMarks(page)).toHaveCount(1, { timeout: 45_000 });
        await expect(banner(page)).toBeHidden();
        await expect(page.getByRole('button', { name: 'Question 2, answered' })).toBeVisible();

        // A reload finds both questions' photos on the server.
        await page.reload();
        await expect(page.getByRole('heading', { name: 'Question 1 of 6' })).toBeVisible();
        await expect(savedMarks(page)).toHaveCount(2);
        await page.getByRole('button', { name: 'Question 2, answered' }).click();
        await expect(page.getByRole('heading', { name: 'Question 2 of 6' })).toBeVisible();
        await expect(savedMarks(page)).toHaveCount(1);
        await expect(page.getByTestId('waiting-mark')).toHaveCount(0);
        await expect(banner(page)).toBeHidden();

        // The server: question 1 exactly as before the kill, question 2 saved, every image's file there.
        const after = await storedAnswers(page.request);
        expect(after.get(q1)?.image_urls).toEqual(q1Urls);
        expect(after.get(q1)?.version).toBe(before.get(q1)?.version);
        const q2Urls = after.get(q2)?.image_urls ?? [];
        expect(q2Urls).toHaveLength(1);
        expect([...after.keys()].sort()).toEqual([q1, q2].sort());
        await expectImagesServed(page.request, [...q1Urls, ...q2Urls]);
      },
    );

    serverTest(
      'the server dies as the exam page opens: once it is back, the answers show and a photo is saved by itself',
      async ({ page, own }) => {
        const [q1, q2] = await studentInOpenExam(page, own);

        // An answer saved earlier (another visit) to question 1.
        let reads = 0;
        page.on('response', (response) => {
          if (response.url().endsWith('/api/v1/ngso-1/answers') && response.request().method() === 'GET') {
            reads += 1;
          }
        });
        await page.goto('/final-exam');
        await page.getByTestId('images-input').setInputFiles([await smallAnswerPhoto('earlier.jpg', 90)]);
        await expect(savedMarks(page)).toHaveCount(1, { timeout: 30_000 });
        // The page reads the answers on opening and after the commitment (the delivery's own answer shows
        // the photo stored, with no read after it): then it is quiet.
        await expect.poll(() => reads).toBe(2);
        const earlier = (await storedAnswers(page.request)).get(q1)?.image_urls ?? [];
        expect(earlier).toHaveLength(1);

        // The page is opened again; the exam and its questions load, and the server dies just before
        // the page reads the saved answers: that read is held back until the server is gone, then goes
        // on to the dead server and fails.
        const held: { read?: () => Promise<void> } = {};
        await page.route('**/api/v1/ngso-1/answers', async (route) => {
          if (route.request().method() === 'GET' && !held.read) {
            held.read = () => route.continue();
            return;
          }
          await route.continue();
        });
        await page.reload();
        await expect(page.getByRole('heading', { name: 'Question 1 of 6' })).toBeVisible();
        await expect.poll(() => held.read !== undefined, { message: 'the answers are asked for' }).toBe(true);
        await own.kill();
        await held.read?.();
        await page.unroute('**/api/v1/ngso-1/answers');
        // Not even question 1's earlier answer can be shown yet.
        await expect(page.getByRole('button', { name: 'Question 1', exact: true })).toBeVisible();

        // A photo to question 2 meanwhile: kept on the phone, shown as waiting.
        await page.getByRole('button', { name: 'Next' }).click();
        await expect(page.getByRole('heading', { name: 'Question 2 of 6' })).toBeVisible();
        await page.getByTestId('images-input').setInputFiles([await smallAnswerPhoto('q2.jpg', 120)]);
        await expect(banner(page)).toHaveText('You are offline. 1 answer is waiting to be saved.', {
          timeout: 20_000,
        });

        // The server is back: without the student doing anything the photo is saved, the banner goes,
        // and question 1's earlier answer is on screen again.
        await own.spawn();
        await expect(savedMarks(page)).toHaveCount(1, { timeout: 45_000 });
        await expect(banner(page)).toBeHidden();
        await expect(page.getByRole('button', { name: 'Question 1, answered' })).toBeVisible();
        await page.getByRole('button', { name: 'Question 1, answered' }).click();
        await expect(savedMarks(page)).toHaveCount(1);

        const after = await storedAnswers(page.request);
        expect(after.get(q1)?.image_urls).toEqual(earlier);
        const q2Urls = after.get(q2)?.image_urls ?? [];
        expect(q2Urls).toHaveLength(1);
        await expectImagesServed(page.request, [...earlier, ...q2Urls]);
      },
    );
  });

  serverTest.describe('a slow mobile network', () => {
    serverTest.use({ allowedConsoleErrors: [/^Connecting to 'blob:.*connect-src/s] });
    // About 35 s on a quiet machine (server start, sign-up, then 7 s to open the exam and 15 s from
    // the first photo to the confirmation); room for a busy one.
    serverTest.setTimeout(120_000);

    serverTest(
      '400 kbit/s with 400 ms latency through a whole exam: every answer saved and submitted',
      async ({ page, context, own }) => {
        const questions = await studentInOpenExam(page, own);
        expect(questions).toHaveLength(6);
        const photos = await Promise.all(
          questions.map((_, i) => smallAnswerPhoto(`q${i + 1}.jpg`, 40 + i * 30)),
        );

        // From here the phone's connection: 50,000 bytes/s each way, 400 ms latency, nothing cached.
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 400,
          downloadThroughput: 50_000,
          uploadThroughput: 50_000,
        });

        const started = Date.now();
        await page.goto('/final-exam');
        await expect(page.getByRole('heading', { name: 'Question 1 of 6' })).toBeVisible({ timeout: 30_000 });
        const opened = Date.now();

        // A photo to each question, moving on at once as a student does; the page keeps up.
        for (const [i, photo] of photos.entries()) {
          await expect(page.getByRole('heading', { name: `Question ${i + 1} of 6` })).toBeVisible();
          await page.getByTestId('images-input').setInputFiles([photo]);
          await expect(page.getByTestId('answer-image')).toHaveCount(1);
          if (i < photos.length - 1) await page.getByRole('button', { name: 'Next' }).click();
        }
        // The slow link shows: answers or their photos are still on their way.
        await expect(banner(page)).toHaveText(
          /^(Saving \d answers?\.\.\.|\d photos? recorded, still sending\.\.\.)$/,
        );
        for (let i = 1; i <= 6; i += 1) {
          await expect(page.getByRole('button', { name: `Question ${i}, answered` })).toBeVisible();
        }

        // Submit: the page waits for what is still on its way, then submits.
        await page.getByRole('button', { name: 'Submit Exam' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Submit', exact: true }).click();
        await expect(page).toHaveURL(/\/submission-success$/, { timeout: 45_000 });
        const submitted = Date.now();
        await expect(page.getByRole('heading', { name: 'Your exam has been submitted!' })).toBeVisible();
        await expect(page.getByTestId('attempted')).toHaveText('6/6');
        await expect(page.getByTestId('total-questions')).toHaveText('6');
        await expect(page.getByTestId('round')).toHaveText('Junior Round');

        // The server has every answer, each with its photo (the last bytes may arrive after the
        // submission, from the success page), and the submission.
        await expect(page.getByTestId('delivery-complete')).toBeVisible({ timeout: 60_000 });
        const stored = await storedAnswers(page.request);
        expect([...stored.keys()].sort()).toEqual([...questions].sort());
        const urls = questions.map((id) => stored.get(id)?.image_urls ?? []);
        for (const list of urls) expect(list).toHaveLength(1);
        await expectImagesServed(page.request, urls.flat());
        expect((await examOf(page.request)).submitted_at).not.toBeNull();

        serverTest.info().annotations.push({
          type: 'timing',
          description: `exam opened in ${opened - started} ms; photos to submitted in ${submitted - opened} ms`,
        });
      },
    );
  });
});

postgresTest.describe('the database down while the exam page is open', () => {
  postgresTest.use({
    viewport: { width: 360, height: 740 },
    // The server answers 503 while its database is down, and Chromium logs each such answer.
    allowedConsoleErrors: [/status of 503|^Connecting to 'blob:.*connect-src/s],
  });
  postgresTest.setTimeout(120_000);

  postgresTest(
    'PostgreSQL stopped and started: the photo waits, is saved by itself, and nothing saved is lost',
    async ({ page, own, postgres }) => {
      const [q1, q2] = await studentInOpenExam(page, own);

      await page.goto('/final-exam');
      await page.getByTestId('images-input').setInputFiles([await smallAnswerPhoto('q1.jpg', 70)]);
      await expect(savedMarks(page)).toHaveCount(1, { timeout: 30_000 });
      const q1Urls = (await storedAnswers(page.request)).get(q1)?.image_urls ?? [];
      expect(q1Urls).toHaveLength(1);

      // The database stops as in a crash (connections cut, no checkpoint); the app server keeps running.
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('heading', { name: 'Question 2 of 6' })).toBeVisible();
      await postgres.stop('immediate');
      const refusedCommits: number[] = [];
      page.on('response', (response) => {
        const commit =
          response.url().endsWith('/api/v1/ngso-1/answers') && response.request().method() === 'POST';
        if (commit && !response.ok()) refusedCommits.push(response.status());
      });
      await page.getByTestId('images-input').setInputFiles([await smallAnswerPhoto('q2.jpg', 130)]);
      await expect(banner(page)).toHaveText('You are offline. 1 answer is waiting to be saved.', {
        timeout: 20_000,
      });
      await expect(page.getByTestId('waiting-mark')).toBeVisible();
      await expect
        .poll(() => refusedCommits.length, {
          message: 'the commitment is retried while the database is down',
        })
        .toBeGreaterThanOrEqual(2);
      expect(new Set(refusedCommits), 'the server says it is briefly unavailable').toEqual(new Set([503]));

      // The database is back: the photo is saved without the student doing anything.
      await postgres.start();
      await expect(savedMarks(page)).toHaveCount(1, { timeout: 45_000 });
      await expect(banner(page)).toBeHidden();
      expect(own.running, 'the app server did not crash').toBe(true);

      await page.reload();
      await expect(savedMarks(page)).toHaveCount(1);
      await expect(page.getByRole('button', { name: 'Question 2, answered' })).toBeVisible();
      const after = await storedAnswers(page.request);
      expect(after.get(q1)?.image_urls).toEqual(q1Urls);
      const q2Urls = after.get(q2)?.image_urls ?? [];
      expect(q2Urls).toHaveLength(1);
      await expectImagesServed(page.request, [...q1Urls, ...q2Urls]);
    },
  );
});
