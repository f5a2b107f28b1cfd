import { createHash } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { forwarded, handwrittenPage } from '../../apps/api/test/helpers/handwritten-page.ts';
import { E2E_ADMIN, XHR } from '../support/admin.ts';
import { questionIds } from '../support/exam-answers.ts';
import { approvedEntrant, setExamWindow } from '../support/exam-setup.ts';
import { expect } from '../support/fixtures.ts';
import { withServerPerTest } from '../support/own-server.ts';
import { confirmSecondFactorInPage } from '../support/second-factor.ts';

/** A photo's bytes as the exam page sends them: committed to an answer, then delivered. */
async function answerWith(student: APIRequestContext, questionId: string, bytes: Buffer) {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const committed = await student.post('/api/v1/ngso-1/answers', {
    data: { question_id: questionId, images: [{ sha256, size: bytes.length }] },
    headers: XHR,
  });
  expect(committed.status(), await committed.text()).toBe(200);
  const delivered = await student.put(`/api/v1/ngso-1/answer-photos/${sha256}`, {
    data: bytes,
    headers: { ...XHR, 'Content-Type': 'image/jpeg' },
  });
  expect(delivered.status(), await delivered.text()).toBe(200);
}

/** Each test runs its own server: the exam window it moves touches no other test. */
const serverTest = withServerPerTest;

serverTest.describe('look-alike answers in the console', () => {
  serverTest.setTimeout(120_000);

  serverTest(
    "an admin reviews two finalists' look-alike photos side by side and refers the pair; the results page lists it",
    async ({ page, own, playwright }) => {
      const admin = await own.adminApi();
      await setExamWindow(admin, 'junior', Date.now() - 60_000, Date.now() + 30 * 60_000);
      const [first, second] = [
        await playwright.request.newContext({ baseURL: own.url }),
        await playwright.request.newContext({ baseURL: own.url }),
      ];
      const { rollNumber: firstRoll } = await approvedEntrant(first, admin, 'junior');
      const { rollNumber: secondRoll } = await approvedEntrant(second, admin, 'junior');
      const [q1] = await questionIds(first, 'junior');
      const [, , q3] = await questionIds(second, 'junior');
      if (!q1 || !q3) throw new Error('the exam has questions');

      // The first finalist photographs a page; the second sends the same page forwarded by a messaging app.
      const page1 = await handwrittenPage({ seed: 4242 }, 1);
      await answerWith(first, q1, page1);
      await answerWith(second, q3, await forwarded(page1));
      await Promise.all([first.dispose(), second.dispose()]);
      // Found once both photos are processed (the image job runs as they arrive).
      await expect
        .poll(
          async () => {
            const listed = await admin.get('/api/v1/admin/exams/junior/look-alikes');
            return ((await listed.json()) as { data: unknown[] }).data.length;
          },
          { timeout: 30_000 },
        )
        .toBe(1);
      await admin.dispose();

      await page.goto('/login');
      await page.getByLabel('Email').fill(E2E_ADMIN.email);
      await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await page.goto('/admin');
      await confirmSecondFactorInPage(page, own.name);
      const consoleNav = page.getByRole('navigation', { name: 'Console sections' });
      await consoleNav.getByRole('link', { name: 'Look-alike answers' }).click();
      await expect(page).toHaveURL(/\/admin\/look-alikes/);
      await expect(page.getByRole('heading', { name: 'Look-alike answers', level: 1 })).toBeVisible();

      // The pair: both photos side by side, each with the finalist's roll number and question.
      const pair = page.getByTestId('look-alike');
      await expect(pair).toHaveCount(1);
      await expect(pair.getByRole('heading')).toHaveText(/^Look alike: fingerprints \d+ bits apart$/);
      await expect(pair.getByText(new RegExp(`^Roll ${firstRoll} \\(.+\\), question 1$`))).toBeVisible();
      await expect(pair.getByText(new RegExp(`^Roll ${secondRoll} \\(.+\\), question 3$`))).toBeVisible();
      for (const [roll, number] of [
        [firstRoll, 1],
        [secondRoll, 3],
      ] as const) {
        const image = pair.getByRole('img', { name: `Answer photo of roll ${roll} for question ${number}` });
        await expect(image).toBeVisible();
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
          .toBeGreaterThan(0);
      }
      // Side by side (in the pair's own order, by finalist, whichever photo came first).
      const [one, other] = await Promise.all(
        [firstRoll, secondRoll].map((roll) =>
          pair.getByRole('img', { name: new RegExp(`roll ${roll} `) }).boundingBox(),
        ),
      );
      expect(Math.abs((other?.x ?? 0) - (one?.x ?? 0))).toBeGreaterThan((one?.width ?? 0) / 2);
      expect(Math.abs((other?.y ?? 0) - (one?.y ?? 0))).toBeLessThan((one?.height ?? 0) / 2);
      await expect(pair.getByTestId('look-alike-status')).toHaveText('Not reviewed yet');

      // Refer it: a note is asked for.
      await pair.getByRole('button', { name: 'Refer' }).click();
      await pair.getByLabel('Note for the referral').fill('Same page as the other finalist: ask both.');
      await pair.getByRole('button', { name: 'Refer this pair' }).click();
      await expect(pair.getByTestId('look-alike-status')).toHaveText(
        'Referred: listed on the results page before publication.',
      );
      await expect(pair.getByText('Note: Same page as the other finalist: ask both.')).toBeVisible();

      // The results page lists the referred pair before publication.
      await consoleNav.getByRole('link', { name: 'Results' }).click();
      await expect(page).toHaveURL(/\/admin\/results/);
      const referred = page.getByTestId('referred-look-alikes');
      await expect(referred.getByRole('heading', { name: 'Referred look-alike answers' })).toBeVisible();
      await expect(referred).toContainText(
        new RegExp(
          `Roll ${firstRoll} \\(question 1\\) and roll ${secondRoll} \\(question 3\\)|Roll ${secondRoll} \\(question 3\\) and roll ${firstRoll} \\(question 1\\)`,
        ),
      );
      await expect(referred).toContainText('Same page as the other finalist: ask both.');

      // Audited.
      await page.goto('/admin/audit');
      await expect(page.getByText('lookAlike.refer').first()).toBeVisible();
    },
  );
});
