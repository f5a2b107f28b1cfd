import { circuitDrawing } from '../support/diagrams.ts';
import { smallAnswerPhoto } from '../support/exam-answers.ts';
import { approvedStudent, organiserOnExamPage, setExamWindow } from '../support/exam-setup.ts';
import { expect } from '../support/fixtures.ts';
import { withOwnServer as test } from '../support/own-server.ts';

/**
 * Questions with diagrams (issue 21): an organiser writes a physics question with a diagram and a formula in
 * both languages and previews it at 360 px; a student sees it on the exam page in both languages and
 * enlarges it; the organiser, grading, sees it beside the student's answer. On a server of its own: the
 * question added here would change every other journey's exam.
 */
test.describe('a question with a diagram', () => {
  test.setTimeout(240_000);
  // The English text names diagram 1 before the diagram is added: a live preview asked in between is
  // refused (422, "names diagram 1, but the question has no diagram 1"), which Chromium logs.
  test.use({ allowedConsoleErrors: [/status of 422/] });

  test('written with a diagram, seen and enlarged by a student at 360 px, and beside the answer when grading', async ({
    page,
    browser,
    own,
  }) => {
    const admin = await own.adminApi();
    await organiserOnExamPage(page, own, 'Senior');
    await page.getByRole('button', { name: 'Add a question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a question' });
    await dialog.getByLabel('Position').fill('7');
    await dialog.getByLabel('Marks').fill('5');
    await dialog
      .getByLabel('Question (English)')
      .fill(
        'A cell drives a current through the circuit.\n\n[[diagram 1]]\n\nFind $I$ when $R = 4\\,\\Omega$.',
      );
    await dialog
      .getByLabel('Question (Bangla)')
      .fill('একটি কোষ বর্তনীতে প্রবাহ চালায়। $R = ৪\\,\\Omega$ হলে $I$ বের করো।');

    // The diagram: uploaded with a progress bar, then described in both languages.
    await dialog.getByLabel('Add a diagram').setInputFiles([await circuitDrawing()]);
    await expect(dialog.getByText('Diagram 1 is added.', { exact: false })).toBeVisible();
    // The Bangla text has no marker yet: the editor says so.
    await expect(dialog.getByText(/The Bangla text has no marker .*\[\[চিত্র ১\]\]/)).toBeVisible();
    await dialog
      .getByLabel('Question (Bangla)')
      .fill('একটি কোষ বর্তনীতে প্রবাহ চালায়।\n\n[[চিত্র ১]]\n\n$R = ৪\\,\\Omega$ হলে $I$ বের করো।');
    await expect(dialog.getByText(/The Bangla text has no marker/)).toBeHidden();
    // Saving without descriptions is refused on the fields.
    await dialog.getByRole('button', { name: 'Save question' }).click();
    await expect(dialog.getByText('Please describe the diagram for students who cannot see it.')).toHaveCount(
      2,
    );
    await dialog.getByLabel('Diagram 1: description (English)').fill('A cell and a resistor in a loop');
    await dialog.getByLabel('Diagram 1: description (Bangla)').fill('একটি কোষ ও একটি রোধ একটি লুপে');

    // The preview at a phone's width: the diagram between the paragraphs, in both languages.
    const phone = dialog.getByTestId('question-preview').locator('div.w-\\[360px\\]');
    await expect(phone.locator('[lang="en"] figure[data-diagram="1"] img')).toHaveAttribute(
      'alt',
      'A cell and a resistor in a loop',
    );
    await expect(phone.locator('[lang="bn"] figure[data-diagram="1"] img')).toHaveAttribute(
      'alt',
      'একটি কোষ ও একটি রোধ একটি লুপে',
    );
    const shown = phone.locator('[lang="en"] figure img');
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(960);
    expect((await shown.boundingBox())?.width).toBeLessThanOrEqual(360);
    await dialog.getByRole('button', { name: 'Save question' }).click();
    await expect(page.getByText('The question is added.')).toBeVisible();
    const questions = (await (await admin.get('/api/v1/admin/questions?category=senior')).json())
      .data as Array<{
      id: string;
      position: number;
      images: Array<{ url: string }>;
    }>;
    const saved = questions.find((q) => q.position === 7);
    if (!saved) throw new Error('the question is saved');

    // A student on a phone, while the senior exam is open: the diagram in both languages, enlarged on a tap.
    await setExamWindow(admin, 'senior', Date.now() - 60_000, Date.now() + 30 * 60_000);
    const phoneContext = await browser.newContext({
      baseURL: own.url,
      viewport: { width: 360, height: 740 },
    });
    const student = await phoneContext.newPage();
    await approvedStudent(student, admin, 'senior');
    await student.goto('/final-exam');
    await student.getByRole('button', { name: 'Question 7', exact: true }).click();
    await expect(student.getByRole('heading', { name: 'Question 7 of 7' })).toBeVisible();
    const diagrams = student.getByTestId('question-diagram');
    await expect(diagrams).toHaveCount(2);
    await expect(student.locator('.question-html[lang="bn"] figure img')).toHaveAttribute(
      'alt',
      'একটি কোষ ও একটি রোধ একটি লুপে',
    );
    const onPage = student.locator('.question-html[lang="en"] figure img');
    await expect.poll(() => onPage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(960);
    await diagrams.first().click();
    const zoom = student.getByRole('dialog', { name: 'Diagram 1' });
    const large = zoom.getByTestId('question-diagram-zoomed');
    await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
    await zoom.getByRole('button', { name: 'Close' }).click();
    await expect(zoom).toBeHidden();
    // The student answers this question with a photo.
    await student.getByTestId('images-input').setInputFiles([await smallAnswerPhoto('answer.jpg', 90)]);
    await expect(student.getByTestId('saved-mark')).toHaveText('Sent', { timeout: 30_000 });
    await phoneContext.close();

    // The exam is over (past the grace): the organiser grades, with the question and its diagram beside the photo.
    const end = Date.now() - 2 * 60_000;
    await setExamWindow(admin, 'senior', end - 60 * 60_000, end);
    await page.goto(`/admin/grading?category=senior&question=${saved.id}`);
    await expect
      .poll(() => page.getByTestId('answer-image').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    const beside = page.locator('.question-html[lang="en"] figure img');
    await expect(beside).toHaveAttribute('alt', 'A cell and a resistor in a loop');
    await expect.poll(() => beside.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(960);
    await admin.dispose();
  });
});
