import { createHash } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_ADMIN, XHR } from '../support/admin.ts';
import { questionIds, smallAnswerPhoto } from '../support/exam-answers.ts';
import { approvedStudent, dhakaIso, setExamWindow } from '../support/exam-setup.ts';
import { expect } from '../support/fixtures.ts';
import { withServerPerTest } from '../support/own-server.ts';
import { confirmSecondFactorInPage } from '../support/second-factor.ts';

type Photo = { buffer: Buffer; sha256: string; size: number };

async function photo(shade: number): Promise<Photo> {
  const { buffer } = await smallAnswerPhoto(`answer-${shade}.jpg`, shade);
  return { buffer, sha256: createHash('sha256').update(buffer).digest('hex'), size: buffer.length };
}

/** The bytes of a committed (or late) photo, as the exam page sends them (the student's session). */
async function deliver(student: APIRequestContext, { buffer, sha256 }: Photo) {
  const response = await student.put(`/api/v1/ngso-1/answer-photos/${sha256}`, {
    data: buffer,
    headers: { ...XHR, 'Content-Type': 'image/jpeg' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A photo that could not be committed in time, sent after the end and the grace, then its bytes. */
async function sendLate(student: APIRequestContext, questionId: string, late: Photo, takenAt: number) {
  const response = await student.post('/api/v1/ngso-1/late-photos', {
    data: { question_id: questionId, sha256: late.sha256, size: late.size, taken_at: dhakaIso(takenAt) },
    headers: XHR,
  });
  expect(response.status(), await response.text()).toBe(200);
  await deliver(student, late);
}

const consoleNav = (page: Page) => page.getByRole('navigation', { name: 'Console sections' });

/**
 * Late photos and photos still on their way, from the organisers' side: each test runs its own server,
 * so the exam window it moves touches no other test.
 */
const serverTest = withServerPerTest;

serverTest.describe('late photos in the console', () => {
  serverTest.use({
    viewport: { width: 360, height: 740 },
    // Publishing while a photo is still arriving is refused (409), as it should be; Chromium logs it.
    allowedConsoleErrors: [/status of 409/],
  });
  serverTest.setTimeout(120_000);

  serverTest(
    'an admin accepts one late photo and rejects another; graders see the accepted one and a photo still arriving',
    async ({ page, own }) => {
      const admin = await own.adminApi();
      await setExamWindow(admin, 'junior', Date.now() - 60_000, Date.now() + 30 * 60_000);
      await approvedStudent(page, admin, 'junior');
      const student = page.request;
      const [q1, q2, q3] = await questionIds(student, 'junior');
      if (!q1 || !q2 || !q3) throw new Error('the exam has questions');

      // In time: question 2's answer commits two photos; only the first one's bytes arrive.
      const [delivered, arriving, accepted, rejected] = await Promise.all([
        photo(40),
        photo(90),
        photo(140),
        photo(190),
      ]);
      const committed = await student.post('/api/v1/ngso-1/answers', {
        data: {
          question_id: q2,
          images: [delivered, arriving].map(({ sha256, size }) => ({ sha256, size })),
        },
        headers: XHR,
      });
      expect(committed.status(), await committed.text()).toBe(200);
      await deliver(student, delivered);

      // The exam ended two minutes ago (past the 60 s grace): two photos the phone took 30 s before the
      // end arrive late, for questions 1 and 3.
      const end = Date.now() - 2 * 60_000;
      await setExamWindow(admin, 'junior', end - 60 * 60_000, end);
      await sendLate(student, q1, accepted, end - 30_000);
      await sendLate(student, q3, rejected, end - 30_000);
      await admin.dispose();

      // The admin opens the console's late photos.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.locator('#mobile-menu').getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/$/);
      await page.goto('/login');
      await page.getByLabel('Email').fill(E2E_ADMIN.email);
      await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await page.goto('/admin');
      await confirmSecondFactorInPage(page, own.name);
      await consoleNav(page).getByRole('link', { name: 'Late photos' }).click();
      await expect(page).toHaveURL(/\/admin\/late-photos/);
      await expect(page.getByRole('heading', { name: 'Late photos', level: 1 })).toBeVisible();
      await expect(page.getByTestId('late-pending')).toHaveText('2 late photos wait for a decision.');

      const cards = page.getByTestId('late-photo');
      await expect(cards).toHaveCount(2);
      const forQuestion = (number: number) =>
        cards.filter({ has: page.getByRole('heading', { name: new RegExp(`Question ${number}$`) }) });
      const first = forQuestion(1);
      const third = forQuestion(3);
      await expect(first.getByRole('heading')).toContainText('Nusrat Jahan');
      await expect(first.getByTestId('late-received')).toContainText('after their end');
      await expect(first.getByTestId('late-taken')).toHaveText(
        /^Phone's clock: taken .+, 30 s before their end\.$/,
      );
      // The student's receipt of the late commitment beside it, with the link that checks it (decision 062).
      await expect(first.getByTestId('photo-receipt')).toContainText(
        /^The student's receipt for this photo: [0-9A-Z]{4}-[0-9A-Z]{4}/,
      );
      const check = first.getByRole('link', { name: 'Check the receipt' });
      const receipt = ((await check.getAttribute('href')) ?? '').replace('/verify/receipt#', '');
      const verified = await page.request.post('/api/v1/receipts/verify', {
        data: { receipt },
        headers: XHR,
      });
      expect(verified.status(), await verified.text()).toBe(200);
      expect((await verified.json()).data).toMatchObject({ question_number: 1, sha256: accepted.sha256 });
      // Once processed (the list is read again meanwhile), each shows its photo, which opens larger.
      const image = first.getByRole('img', { name: /^Late photo from Nusrat Jahan for question 1$/ });
      await expect(image).toBeVisible({ timeout: 30_000 });
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expect(third.getByRole('img')).toBeVisible({ timeout: 30_000 });
      await first.getByRole('button', { name: /View larger/ }).click();
      const viewer = page.getByRole('dialog', { name: /^Late photo: Nusrat Jahan, question 1$/ });
      await viewer.getByRole('button', { name: 'Zoom in' }).click();
      await expect(viewer.getByText('125%')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(viewer).toBeHidden();

      // Accept the first with the keyboard, reject the other: each shows its decision.
      const accept = first.getByRole('button', { name: 'Accept' });
      await accept.focus();
      await page.keyboard.press('Enter');
      await expect(first.getByTestId('late-decision')).toHaveText(
        'Accepted: it is part of the answer and will be graded.',
      );
      await expect(accept).toHaveAttribute('aria-pressed', 'true');
      await third.getByRole('button', { name: 'Reject' }).click();
      await expect(third.getByTestId('late-decision')).toHaveText('Rejected: it does not count.');
      await expect(page.getByTestId('late-pending')).toHaveText('0 late photos wait for a decision.');
      // The page fits a 360 px phone: nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      // Grading: question 1 shows the accepted photo, labelled late.
      await consoleNav(page).getByRole('link', { name: 'Grading' }).click();
      await expect(page).toHaveURL(/\/admin\/grading/);
      const question = page.getByRole('combobox', { name: 'Question' });
      await question.selectOption(q1);
      await expect(page.getByTestId('graded-count')).toHaveText('Graded 0 of 1');
      await expect(page.getByText('Late photo, accepted')).toBeVisible();
      const answerImage = page.getByTestId('answer-image');
      await expect
        .poll(() => answerImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      await page.getByRole('heading', { name: 'Grading' }).click();
      await page.keyboard.press('6');
      await expect(page.getByTestId('graded-count')).toHaveText('Graded 1 of 1');

      // Question 2: the delivered photo, and the committed one still arriving.
      await question.selectOption(q2);
      await expect(answerImage).toBeVisible();
      await expect(page.getByTestId('photos-waiting')).toHaveText('1 photo of this answer is not ready yet.');
      await page.getByRole('button', { name: 'Page 2 (still arriving)' }).click();
      await expect(page.getByTestId('photo-placeholder')).toHaveText(
        'Still arriving: the student took this photo in time; it will appear when it reaches the server.',
      );
      await page.getByRole('heading', { name: 'Grading' }).click();
      await page.keyboard.press('4');
      await expect(page.getByTestId('graded-count')).toHaveText('Graded 1 of 1');
      // Question 3 has nothing to grade: the rejected photo stayed out.
      await question.selectOption(q3);
      await expect(page.getByText('Nobody has answered this question yet.')).toBeVisible();

      // Publishing warns while the photo is still arriving, and goes ahead only with the override.
      await consoleNav(page).getByRole('link', { name: 'Results' }).click();
      await expect(page.getByTestId('ungraded-count')).toHaveText('0 answers ungraded');
      await page.getByRole('button', { name: 'Publish results' }).click();
      const dialog = page.getByRole('dialog', { name: 'Publish the Junior results?' });
      await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
      await expect(dialog.getByRole('alert')).toHaveText(
        'Photos still arriving: 1; late photos not decided: 0. Wait for them, or publish with the override.',
      );
      await dialog
        .getByLabel('Publish anyway, without the photos still arriving and the late photos not decided')
        .check();
      await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('Published. 1 participant is being e-mailed.')).toBeVisible();
    },
  );
});
