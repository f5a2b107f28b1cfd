import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { adminApi } from '../support/admin.ts';
import { approvedStudent, setExamWindow } from '../support/exam-setup.ts';
import { expect, test } from '../support/fixtures.ts';

/** A phone photo of a handwritten page: a JPEG with noise (so it does not compress to nothing). */
async function answerPhoto(name: string, shade: number) {
  const buffer = await sharp({
    create: {
      width: 1800,
      height: 2400,
      channels: 3,
      background: { r: shade, g: 200, b: 220 },
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

const savedMarks = (page: Page) => page.getByTestId('saved-mark');

test.describe('the timed final exam', () => {
  test.use({
    viewport: { width: 360, height: 740 },
    // Requests made while the test has the browser offline fail, and Chromium logs them; and the trace
    // recorder's blob: fetches of the photo previews are refused by the site's CSP (see profile-photo).
    allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|^Connecting to 'blob:.*connect-src/s],
  });
  test.setTimeout(180_000);

  test('countdown, exam, photos saved through a dropped connection and a reload, auto-submit at 0', async ({
    page,
    context,
  }) => {
    const admin = await adminApi();
    await approvedStudent(page, admin, 'junior');
    const start = Date.now() + 20_000;
    await setExamWindow(admin, 'junior', start, start + 3 * 60_000);

    // Before the start: the countdown, the details, the disabled button.
    await page.goto('/exam-countdown');
    await expect(page.getByTestId('category-badge')).toHaveText('Junior category');
    await expect(page.getByTestId('countdown')).toBeVisible();
    await expect(page.getByText('Total Questions')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Exam Not Started Yet' })).toBeDisabled();
    const seconds = Number(await page.getByTestId('countdown-seconds').textContent());
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(20);
    // Before the start, /final-exam sends the student back to the countdown.
    await page.goto('/final-exam');
    await expect(page).toHaveURL(/\/exam-countdown$/);

    // At the start the exam opens.
    await expect(page.getByText('The exam has started!')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Go to Exam' }).click();
    await expect(page).toHaveURL(/\/final-exam$/);
    await expect(page.getByRole('heading', { name: 'Question 1 of 6' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '1st Final Exam' })).toBeVisible();
    await expect(page.getByTestId('exam-clock')).toHaveText(/^\d{1,2}:\d{2}$/);
    await expect(page.getByTestId('camera-input')).toHaveAttribute('capture', 'environment');

    // Two photos to question 1: each recorded at once, then its bytes sent.
    await page
      .getByTestId('images-input')
      .setInputFiles([await answerPhoto('page-1.jpg', 60), await answerPhoto('page-2.jpg', 160)]);
    await expect(savedMarks(page)).toHaveCount(2, { timeout: 30_000 });
    await expect(savedMarks(page).first()).toHaveText('Sent');
    await expect(page.getByRole('button', { name: 'Question 1, answered' })).toBeVisible();

    // Question 2 while the connection is gone: the photo waits on the phone, the banner says so.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Question 2 of 6' })).toBeVisible();
    await context.setOffline(true);
    await page.getByTestId('images-input').setInputFiles([await answerPhoto('page-3.jpg', 100)]);
    await expect(page.getByTestId('save-banner')).toHaveText(
      'You are offline. 1 answer is waiting to be saved.',
      { timeout: 20_000 },
    );
    await expect(page.getByTestId('waiting-mark')).toBeVisible();

    // The connection returns: it is saved without the student doing anything.
    await context.setOffline(false);
    await expect(savedMarks(page)).toHaveCount(1, { timeout: 30_000 });
    await expect(page.getByTestId('save-banner')).toBeHidden();

    // The organisers end the exam sooner; a reload finds every answer on the server.
    await setExamWindow(admin, 'junior', start, Date.now() + 15_000);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Question 1 of 6' })).toBeVisible();
    await expect(savedMarks(page)).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Question 2, answered' })).toBeVisible();
    await page.getByRole('button', { name: 'Question 2, answered' }).click();
    await expect(savedMarks(page)).toHaveCount(1);

    // The clock reaches 0: submitted by itself, with the right counts.
    await expect(page).toHaveURL(/\/submission-success$/, { timeout: 55_000 });
    await expect(page.getByRole('heading', { name: 'Your exam has been submitted!' })).toBeVisible();
    await expect(page.getByTestId('attempted')).toHaveText('2/6');
    await expect(page.getByTestId('total-questions')).toHaveText('6');
    await expect(page.getByTestId('round')).toHaveText('Junior Round');
    await expect(page.getByRole('link', { name: 'Return to Profile' })).toBeVisible();

    // Submitting ended the attempt: the exam page now leads here.
    await page.goto('/final-exam');
    await expect(page).toHaveURL(/\/submission-success$/);
    await admin.dispose();
  });
});
