import type { APIRequestContext, CDPSession, Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from '../support/admin.ts';
import {
  examOf,
  expectImagesServed,
  questionIds,
  smallAnswerPhoto,
  storedAnswers,
  storedLatePhotos,
} from '../support/exam-answers.ts';
import { approvedStudent, setExamWindow } from '../support/exam-setup.ts';
import { expect, test } from '../support/fixtures.ts';
import { OwnServer } from '../support/own-server.ts';
import { confirmSecondFactorInPage } from '../support/second-factor.ts';

/**
 * The exam's last minutes at national scale (issue 14): a photo is committed (its SHA-256 and size, a
 * small JSON call) the moment it is taken and its bytes are delivered afterwards, also after the end and
 * after submission. Each test runs its own server with a short grace, so the windows it sets touch no
 * other test and the grace passes in seconds.
 */
const GRACE_SECONDS = 10;

const endTest = test.extend<{ own: OwnServer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
  own: async ({}, use) => {
    // A busy machine may take a while to start it.
    const server = await OwnServer.start({
      env: { EXAM_GRACE_SECONDS: String(GRACE_SECONDS) },
      startTimeoutMs: 180_000,
    });
    try {
      await use(server);
    } finally {
      await server.dispose();
    }
  },
  baseURL: async ({ own }, use) => use(own.url),
});

/** A phone photo of a page, several hundred kB even after the page's own compression (noise). */
async function largeAnswerPhoto(name: string, shade: number) {
  const buffer = await sharp({
    create: {
      width: 1500,
      height: 2000,
      channels: 3,
      background: { r: shade, g: 200, b: 220 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 92 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** An approved junior student signed in on `page`, the junior window ending `endsInMs` from now. */
async function studentWithExamEnding(page: Page, own: OwnServer, endsInMs: number) {
  const admin = await own.adminApi();
  await approvedStudent(page, admin, 'junior');
  const endsAt = Date.now() + endsInMs;
  await setExamWindow(admin, 'junior', Date.now() - 60_000, endsAt);
  await admin.dispose();
  const ids = await questionIds(page.request, 'junior');
  return { endsAt, ids };
}

/** The phone's link: JSON calls of a few hundred bytes get through, photos of hundreds of kB do not. */
async function crawl(cdp: CDPSession) {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: 4_000,
    uploadThroughput: 1_500,
  });
}

async function recover(cdp: CDPSession) {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

const question = (page: Page, n: number) => page.getByRole('heading', { name: `Question ${n} of 6` });

/** Every image of every listed question, as the server reports it to the student. */
async function imageStatuses(api: APIRequestContext, ids: string[]) {
  const stored = await storedAnswers(api);
  return ids.map((id) => (stored.get(id)?.images ?? []).map((image) => image.status));
}

endTest.describe('the exam ends while photos are on their way', () => {
  endTest.use({
    viewport: { width: 360, height: 740 },
    // Chromium logs the requests made while the test has the browser offline, the commitment refused
    // after the end (409), and a delivery the server asks to wait (429: an upload cut off by the crawl
    // still counts as in flight for a moment); the trace recorder's blob: fetches are refused by the
    // site's CSP.
    allowedConsoleErrors: [
      /ERR_INTERNET_DISCONNECTED|status of 409|status of 429|^Connecting to 'blob:.*connect-src/s,
    ],
  });
  endTest.setTimeout(300_000);

  endTest(
    'a crawling link in the last minutes: the commitments get through, the exam submits itself, every photo arrives once the link recovers',
    async ({ page, context, own }) => {
      const { ids } = await studentWithExamEnding(page, own, 100_000);
      const [q1, q2, q3] = ids;
      if (!q1 || !q2 || !q3) throw new Error('the exam has questions');
      const photos = await Promise.all([1, 2, 3].map((n) => largeAnswerPhoto(`q${n}.jpg`, 40 + n * 50)));

      await page.goto('/final-exam');
      await expect(question(page, 1)).toBeVisible({ timeout: 30_000 });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await crawl(cdp);

      // A photo to each of three questions: each is recorded by the server within seconds, although
      // its bytes cannot get through.
      for (const [i, photo] of photos.entries()) {
        await expect(question(page, i + 1)).toBeVisible();
        await page.getByTestId('images-input').setInputFiles([photo]);
        await expect(page.getByTestId('recorded-mark')).toBeVisible({ timeout: 30_000 });
        await expect(page.getByTestId('recorded-mark')).toContainText('Recorded, sending...');
        if (i < photos.length - 1) await page.getByRole('button', { name: 'Next' }).click();
      }
      await expect(page.getByTestId('save-banner')).toHaveText('3 photos recorded, still sending...');
      expect(await imageStatuses(page.request, [q1, q2, q3])).toEqual([
        ['pending'],
        ['pending'],
        ['pending'],
      ]);

      // The clock reaches 0: the exam submits itself, and the photos are still on their way.
      await expect(page).toHaveURL(/\/submission-success$/, { timeout: 150_000 });
      await expect(page.getByRole('heading', { name: 'Your exam has been submitted!' })).toBeVisible();
      await expect(page.getByTestId('attempted')).toHaveText('3/6');
      await expect(page.getByTestId('save-banner')).toHaveText(
        '3 photos still sending. Keep this page open, or come back to it later: they were recorded in time.',
      );
      const rows = page.getByTestId('delivery-row');
      await expect(rows).toHaveText([
        'Question 11 photo still sending',
        'Question 21 photo still sending',
        'Question 31 photo still sending',
      ]);
      expect((await examOf(page.request)).submitted_at).not.toBeNull();
      expect((await examOf(page.request)).phase).toBe('AFTER_EXAM');
      expect(await imageStatuses(page.request, [q1, q2, q3])).toEqual([
        ['pending'],
        ['pending'],
        ['pending'],
      ]);

      // The link recovers, well after the end and its grace: every photo arrives, on time, none late.
      await recover(cdp);
      await expect(page.getByTestId('delivery-complete')).toHaveText(
        'Every photo of your answers has arrived.',
        {
          timeout: 90_000,
        },
      );
      await expect(rows).toHaveText([
        'Question 11 photo stored',
        'Question 21 photo stored',
        'Question 31 photo stored',
      ]);
      await expect(page.getByTestId('save-banner')).toBeHidden();
      expect(await imageStatuses(page.request, [q1, q2, q3])).toEqual([['stored'], ['stored'], ['stored']]);
      expect(await storedLatePhotos(page.request)).toEqual([]);
      const stored = await storedAnswers(page.request);
      await expectImagesServed(
        page.request,
        [q1, q2, q3].flatMap((id) => stored.get(id)?.image_urls ?? []),
      );
    },
  );

  endTest(
    'offline through the end and the grace: the photos are sent late, the student is told they will be reviewed, organisers decide',
    async ({ page, context, own, browser }) => {
      const { endsAt, ids } = await studentWithExamEnding(page, own, 50_000);
      const [q1, q2, q3] = ids;
      if (!q1 || !q2 || !q3) throw new Error('the exam has questions');

      // A photo in time, with the connection: recorded and sent.
      await page.goto('/final-exam');
      await expect(question(page, 1)).toBeVisible({ timeout: 30_000 });
      await page.getByTestId('images-input').setInputFiles([await smallAnswerPhoto('q1.jpg', 70)]);
      await expect(page.getByTestId('saved-mark')).toHaveText('Sent', { timeout: 30_000 });

      // The connection goes before the end; photos to questions 2 and 3 wait on the phone.
      await context.setOffline(true);
      for (const [n, shade] of [
        [2, 140],
        [3, 200],
      ] as const) {
        await page.getByRole('button', { name: 'Next' }).click();
        await expect(question(page, n)).toBeVisible();
        await page.getByTestId('images-input').setInputFiles([await smallAnswerPhoto(`q${n}.jpg`, shade)]);
        await expect(page.getByTestId('waiting-mark')).toHaveText('Sending...');
      }
      await expect(page.getByTestId('save-banner')).toHaveText(
        'You are offline. 2 answers are waiting to be saved.',
      );

      // Still offline at the end and through the grace.
      await expect(page.getByText('Time is up. Saving your last answers and submitting...')).toBeVisible({
        timeout: 60_000,
      });
      await page.waitForTimeout(Math.max(0, endsAt + GRACE_SECONDS * 1000 + 3_000 - Date.now()));
      await context.setOffline(false);

      // Back online: the photos could not be recorded in time, so they are sent late; the exam is submitted.
      await expect(page).toHaveURL(/\/submission-success$/, { timeout: 60_000 });
      const rows = page.getByTestId('delivery-row');
      await expect(rows).toHaveText(
        [
          'Question 11 photo stored',
          'Question 21 photo arrived late, will be reviewed',
          'Question 31 photo arrived late, will be reviewed',
        ],
        { timeout: 30_000 },
      );
      await expect(page.getByTestId('attempted')).toHaveText('1/6');

      // The server keeps them apart: late photos, their bytes there, waiting for the organisers; they are
      // not part of the answers.
      const late = await storedLatePhotos(page.request);
      expect(late.map((photo) => photo.question_id).sort()).toEqual([q2, q3].sort());
      for (const photo of late) {
        expect(photo).toMatchObject({ status: 'stored', decision: 'pending' });
        expect(Date.parse(photo.taken_at ?? '')).toBeLessThan(endsAt);
      }
      const stored = await storedAnswers(page.request);
      expect(stored.get(q1)?.images.map((image) => image.status)).toEqual(['stored']);
      expect(stored.get(q2)?.images ?? []).toEqual([]);
      expect(stored.get(q3)?.images ?? []).toEqual([]);

      // An organiser accepts the one of question 2 and rejects the one of question 3 in the console.
      const organiser = await browser.newContext({
        baseURL: own.url,
        viewport: { width: 1280, height: 900 },
      });
      const consolePage = await organiser.newPage();
      await consolePage.goto('/admin/late-photos?category=junior');
      await consolePage.getByLabel('Email').fill(E2E_ADMIN.email);
      await consolePage.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
      await consolePage.getByRole('button', { name: 'Login' }).click();
      await confirmSecondFactorInPage(consolePage, own.name);
      const card = (n: number) => consolePage.getByTestId('late-photo').filter({ hasText: `Question ${n}` });
      await expect(consolePage.getByTestId('late-photo')).toHaveCount(2, { timeout: 30_000 });
      await card(2).getByRole('button', { name: 'Accept' }).click();
      await expect(card(2).getByTestId('late-decision')).toHaveText(
        'Accepted: it is part of the answer and will be graded.',
      );
      await card(3).getByRole('button', { name: 'Reject' }).click();
      await expect(card(3).getByTestId('late-decision')).toHaveText('Rejected: it does not count.');
      await organiser.close();

      // A later visit of the student: the decisions, told plainly.
      await page.reload();
      await expect(rows).toHaveText([
        'Question 11 photo stored',
        'Question 21 photo arrived late, accepted by the organisers',
        'Question 31 photo arrived late, not accepted',
      ]);
      expect(
        Object.fromEntries((await storedLatePhotos(page.request)).map((p) => [p.question_id, p.decision])),
      ).toEqual({
        [q2]: 'accepted',
        [q3]: 'rejected',
      });
    },
  );
});

endTest.describe('the practice exam', () => {
  endTest.use({
    viewport: { width: 360, height: 740 },
    allowedConsoleErrors: [/^Connecting to 'blob:.*connect-src/s],
  });
  endTest.setTimeout(120_000);

  endTest(
    'keeps its photos on the device: nothing goes to the server, and a reload finds them',
    async ({ page, own }) => {
      const admin = await own.adminApi();
      await approvedStudent(page, admin, 'junior');
      await admin.dispose();
      const sent: string[] = [];
      page.on('request', (request) => {
        if (/\/api\/v1\/(upload|ngso-1\/(answers|answer-photos|late-photos))/.test(request.url())) {
          sent.push(`${request.method()} ${request.url()}`);
        }
      });

      await page.goto('/practice-exam');
      await expect(page.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible({ timeout: 30_000 });
      await page.getByTestId('images-input').setInputFiles([await smallAnswerPhoto('practice.jpg', 90)]);
      await expect(page.getByTestId('saved-mark')).toHaveText('Sent', { timeout: 30_000 });
      await expect(page.getByRole('button', { name: 'Question 1, answered' })).toBeVisible();

      await page.reload();
      await expect(page.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('saved-mark')).toHaveCount(1);
      await expect(page.getByRole('img', { name: 'Answer image 1' })).toBeVisible();
      expect(sent, 'the practice sends no answer and no photo').toEqual([]);
    },
  );
});
