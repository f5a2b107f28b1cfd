import { request } from '@playwright/test';
import { XHR } from '../support/admin.ts';
import { expect, newStudent } from '../support/fixtures.ts';
import { adminOnJuniorGrading, juniorAnswersToGrade, juniorMarksOf } from '../support/grading-setup.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';
import { withServerPerTest } from '../support/own-server.ts';
import { setUpSecondFactor } from '../support/second-factor.ts';

/** Grading as a team: its own server, so the exam window it moves touches no other test. */
const serverTest = withServerPerTest;

serverTest.describe('grading as a team', () => {
  serverTest.setTimeout(120_000);

  serverTest(
    "a grader's session: answers handed out one at a time, rubric items ticked with keys, an adjustment with its comment, and new points regrade",
    async ({ page, own }) => {
      const admin = await own.adminApi();
      const q1 = await juniorAnswersToGrade(own.url, admin, [60, 160]);
      // The organisers' rubric for question 1.
      for (const item of [
        { text: 'Correct formula', points: 3 },
        { text: 'Units given', points: 2 },
      ]) {
        const added = await admin.post(`/api/v1/admin/questions/${q1}/rubric`, { data: item, headers: XHR });
        expect(added.status(), await added.text()).toBe(200);
      }

      await adminOnJuniorGrading(page, own.name);

      const count = page.getByTestId('graded-count');
      await expect(count).toHaveText('Graded 0 of 2');
      await expect(page.getByTestId('held-count')).toHaveText('1 answer is being graded right now.');
      const image = page.getByTestId('answer-image');
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      const firstPhoto = await image.getAttribute('src');
      // The other answer's photo is fetched ahead.
      await expect(page.locator('link[rel="prefetch"]')).toHaveCount(1);
      await expect(page.getByTestId('rubric-item')).toHaveText([
        '1. Correct formula (+3)',
        '2. Units given (+2)',
      ]);
      await expect(page.getByText('1 to 9: tick or untick that rubric item')).toBeVisible();

      // Keys 1 and 2 tick both items: 5 marks; Enter saves and the next answer comes.
      await page.getByRole('heading', { name: 'Grading' }).click();
      await page.keyboard.press('1');
      await page.keyboard.press('2');
      const total = page.getByTestId('rubric-total');
      await expect(total).toHaveText(/^Marks: 5 of \d+$/);
      await expect(page.getByRole('checkbox', { name: '2. Units given (+2)' })).toBeChecked();
      await page.keyboard.press('Enter');
      await expect(count).toHaveText('Graded 1 of 2');
      await expect(page.getByText('Saved 5 marks. Here is the next answer.')).toBeVisible();
      await expect(image).not.toHaveAttribute('src', firstPhoto ?? '');
      await expect(total).toHaveText(/^Marks: 0 of \d+$/);

      // Item 1 and an adjustment of -1: the adjustment needs a comment.
      await page.keyboard.press('1');
      await page.getByLabel('Adjustment (points, optional)').fill('-1');
      await expect(total).toHaveText(/^Marks: 2 of \d+$/);
      await page.getByRole('button', { name: 'Save marks' }).click();
      await expect(page.getByText('Say in the comment why you adjusted the marks.')).toBeVisible();
      await expect(count).toHaveText('Graded 1 of 2');
      await page.getByLabel('Comment (optional)').fill('Sign error in the last line.');
      await page.getByRole('button', { name: 'Save marks' }).click();
      await expect(count).toHaveText('Graded 2 of 2');
      await expect(page.getByText('Every answer to this question is graded.')).toBeVisible();

      // The organiser gives item 1 four points: both answers that ticked it are regraded.
      await page.getByText('Rubric of this question (2 items)').click();
      await page.getByLabel('Points of item 1').fill('4');
      await page.getByRole('button', { name: 'Save item 1' }).click();
      await expect(page.getByText('Saved; 2 answers regraded.')).toBeVisible();
      const marks = await juniorMarksOf(admin, q1);
      expect(marks).toEqual([3, 6]);
      await admin.dispose();
    },
  );

  serverTest(
    'second marking: a blind second mark by another member of staff, and an admin settling the disagreement',
    async ({ page, own }) => {
      const admin = await own.adminApi();
      const q1 = await juniorAnswersToGrade(own.url, admin, [90, 200]);

      // A grader joins by invitation and gives the first marks: 2 and 5.
      const email = newStudent().email;
      const invited = await admin.post('/api/v1/admin/invitations', { data: { email, role: 'grader' } });
      expect(invited.status(), await invited.text()).toBe(201);
      const link = linkIn(
        await waitForMail(email, { containing: '/accept-invitation?' }),
        '/accept-invitation?',
      );
      const token = new URL(link, own.url).searchParams.get('token');
      const grader = await request.newContext({ baseURL: own.url, extraHTTPHeaders: XHR });
      const accepted = await grader.post('/api/v1/invitations/accept', {
        data: { token, name: 'Rafiq Grader', password: 'Grading-weekend-26' },
      });
      expect(accepted.status(), await accepted.text()).toBe(200);
      await setUpSecondFactor(grader, `${own.name} grader`);
      for (const given of [2, 5]) {
        const claimed = await grader.post('/api/v1/admin/grading/claim', { data: { question_id: q1 } });
        expect(claimed.status(), await claimed.text()).toBe(200);
        const userId = ((await claimed.json()) as { data: { answer: { user_id: string } } }).data.answer
          .user_id;
        const saved = await grader.put(`/api/v1/admin/submissions/${userId}/marks`, {
          data: { question_id: q1, marks: given, claimed: true },
        });
        expect(saved.status(), await saved.text()).toBe(200);
      }
      // Every answer of question 1 is second-marked; 1 mark of tolerance.
      const set = await admin.put(`/api/v1/admin/questions/${q1}/second-marking`, {
        data: { sample_percent: 100, tolerance: 1, near_cutoff: 0 },
        headers: XHR,
      });
      expect(set.status(), await set.text()).toBe(200);

      await adminOnJuniorGrading(page, own.name);
      await expect(page.getByTestId('graded-count')).toHaveText('Graded 2 of 2');

      // The admin second-marks both answers blind: 2 each (one agrees with the first mark, one does not).
      await page.getByText('Second marks', { exact: true }).click();
      await page.getByRole('button', { name: 'Take an answer to second-mark' }).click();
      const panel = page.getByTestId('second-marks');
      let previous = '';
      for (let round = 0; round < 2; round += 1) {
        // The next answer, not the one just saved (the form saves nothing until the next one shows).
        const answer = panel.getByTestId('second-answer');
        await expect(answer).toHaveText(/^Roll number /);
        await expect(answer).not.toHaveText(previous || '\u0000');
        previous = (await answer.textContent()) ?? '';
        await expect(panel.getByText(/Rafiq|first mark/i)).toHaveCount(0);
        await panel.getByLabel(/^Marks/).fill('2');
        await panel.getByRole('button', { name: 'Save second mark' }).click();
        await expect(panel.getByText('Second mark saved.')).toBeVisible();
      }
      await expect(panel.getByText('No answer is free for you to second-mark now.')).toBeVisible();

      // The answer marked 5 then 2 is a disagreement: the admin settles it at 4.
      await page.getByText('Disagreements to settle', { exact: true }).click();
      const row = page.getByTestId('disagreement');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('5 (Rafiq Grader)');
      await row.getByLabel('Final marks').fill('4');
      await row.getByLabel('Comment', { exact: true }).fill('Read both; 4 is fair.');
      await row.getByRole('button', { name: 'Settle' }).click();
      await expect(row).toHaveCount(0);
      const marks = await juniorMarksOf(admin, q1);
      expect(marks).toEqual([2, 4]);
      await grader.dispose();
      await admin.dispose();
    },
  );
});
