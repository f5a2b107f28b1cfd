import { readFile } from 'node:fs/promises';
import { approvedStudent, organiserOnExamPage, setExamWindow } from '../support/exam-setup.ts';
import { expect } from '../support/fixtures.ts';
import { withOwnServer as test } from '../support/own-server.ts';

/**
 * Questions as a science olympiad writes them (issue 21): an organiser writes a formula in both languages,
 * sees the server's rendering at a phone's width (and a broken formula refused on its field), prints the
 * question paper as a PDF, and a student sees the formula on the exam page, drawn by the browser from MathML.
 * On a server of its own: the question added here would change every other journey's exam.
 */
test.describe('a question with formulas', () => {
  test.setTimeout(240_000);
  // The preview of the broken formula is refused (422) on purpose, and the browser logs it.
  test.use({ allowedConsoleErrors: [/status of 422/] });

  test('written and previewed at 360 px by an organiser, seen in the exam by a student (Bangla too)', async ({
    page,
    browser,
    own,
  }) => {
    const admin = await own.adminApi();
    await organiserOnExamPage(page, own, 'Senior');
    await expect(page.getByText('Marks total: 60 of 60')).toBeVisible();
    await page.getByRole('button', { name: 'Add a question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a question' });
    await dialog.getByLabel('Position').fill('7');
    await dialog.getByLabel('Marks').fill('5');
    const english = dialog.getByLabel('Question (English)');
    const bangla = dialog.getByLabel('Question (Bangla)');

    // A formula that does not parse: the field says where, before anything is saved.
    await english.fill('A stone falls from rest. Show that $v = \\sqrt{2gh$.');
    await bangla.fill(
      'একটি পাথর স্থির অবস্থা থেকে পড়ে। দেখাও যে $v = \\sqrt{2gh}$, যেখানে $g = ৯.৮\\,\\mathrm{m\\,s^{-2}}$।',
    );
    await expect(dialog.getByText(/^The formula at character \d+ cannot be read/)).toBeVisible();

    await english.fill(
      'A stone falls from rest through a height $h$. Show that **its speed** is\n\n$$v = \\sqrt{2gh}$$\n\nwhere $g = 9.8\\,\\mathrm{m\\,s^{-2}}$.',
    );
    await expect(dialog.getByText(/cannot be read/)).toBeHidden();
    const preview = dialog.getByTestId('question-preview');
    const phone = preview.locator('div.w-\\[360px\\]');
    await expect(phone.locator('[lang="en"] math[display="block"] msqrt')).toBeAttached();
    await expect(phone.locator('[lang="en"] strong')).toHaveText('its speed');
    await expect(phone.locator('[lang="bn"] math msqrt')).toBeAttached();
    await expect(phone.locator('[lang="bn"]')).toContainText('একটি পাথর স্থির অবস্থা থেকে পড়ে।');
    const box = await phone.boundingBox();
    expect(box?.width).toBe(360);
    // The browser draws the MathML: the root has a height (it is laid out as math, not as unknown inline text).
    const sqrtHeight = await phone
      .locator('[lang="en"] msqrt')
      .evaluate((node) => node.getBoundingClientRect().height);
    expect(sqrtHeight).toBeGreaterThan(10);

    await dialog.getByRole('button', { name: 'Save question' }).click();
    await expect(page.getByText('The question is added.')).toBeVisible();
    await expect(page.getByText('Marks total: 65 of 60')).toBeVisible();

    // The paper for the exam hall: the organiser downloads the category's questions as a PDF.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Print question paper' }).click();
    const paper = await download;
    expect(paper.suggestedFilename()).toMatch(/^ngso-\d{4}-senior-question-paper\.pdf$/);
    const bytes = await readFile(await paper.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The senior exam is open now: a student on a phone sees the formula in both languages.
    await setExamWindow(admin, 'senior', Date.now() - 60_000, Date.now() + 30 * 60_000);
    await admin.dispose();
    const phoneContext = await browser.newContext({
      baseURL: own.url,
      viewport: { width: 360, height: 740 },
    });
    const student = await phoneContext.newPage();
    await approvedStudent(student, await own.adminApi(), 'senior');
    await student.goto('/final-exam');
    await expect(student.getByRole('heading', { name: 'Question 1 of 7' })).toBeVisible();
    await student.getByRole('button', { name: 'Question 7', exact: true }).click();
    await expect(student.getByRole('heading', { name: 'Question 7 of 7' })).toBeVisible();
    const question = student.locator('.question-html');
    await expect(question.first()).toContainText('A stone falls from rest through a height');
    await expect(question.locator('math[display="block"] msqrt').first()).toBeAttached();
    await expect(student.locator('.question-html[lang="bn"]')).toContainText('একটি পাথর');
    await expect(student.locator('.question-html[lang="bn"] math mtext').first()).toHaveText('৯.৮');
    // No math library and no math font: the page loaded no script or font for it.
    const loaded = await student.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    );
    expect(
      loaded.filter((name) => /katex|temml|mathjax|\.woff2?$/i.test(name) && !/bengali/i.test(name)),
    ).toEqual([]);
    await phoneContext.close();
  });
});
