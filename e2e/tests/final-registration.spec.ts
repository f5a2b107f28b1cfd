import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  adminApi,
  approveRegistrationOf,
  importPreliminaryResults,
  uniqueTransactionId,
  XHR,
} from '../support/admin.ts';
import { expect, newStudent, test } from '../support/fixtures.ts';
import { verificationLink, verifyEmailThroughMail } from '../support/mailbox.ts';

type Student = ReturnType<typeof newStudent>;

/** axe's violations on the page as it is now, one line each. */
async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Nothing sticks out sideways on a 360 px phone. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/**
 * A new account (through the API), its address proven with the mailed link unless told, then signed in
 * through the login page.
 */
async function signedInStudent(page: Page, { verified = true } = {}): Promise<Student> {
  const student = newStudent();
  const response = await page.request.post('/api/v1/register', {
    data: {
      name: student.name,
      email: student.email,
      password: student.password,
      phone_number: student.phone,
    },
    headers: XHR,
  });
  expect(response.ok()).toBe(true);
  if (verified) await verifyEmailThroughMail(page.request, student.email);
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password', { exact: true }).fill(student.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-name')).toHaveText(student.name);
  return student;
}

async function qualify(student: Student, qualified = true) {
  const admin = await adminApi();
  await importPreliminaryResults(admin, [
    { email: student.email, name: student.name, category: 'senior', score: 44, total: 60, qualified },
  ]);
  await admin.dispose();
}

/** Fills the form as a student on a phone would (the name is prefilled from the profile). */
async function fillForm(page: Page) {
  const form = page.getByRole('form', { name: 'National Round Registration' });
  await expect(form.getByLabel('Full name')).toHaveValue('Nusrat Jahan');
  await form.getByLabel('Institution').fill('Viqarunnisa Noon School');
  await form.getByLabel('Class').selectOption('9');
  await expect(page.getByTestId('registration-category')).toHaveText('Your category: Senior (grades 9-10)');
  await form.getByLabel('Division').selectOption('Dhaka');
  await form.getByLabel('District', { exact: true }).selectOption('Gazipur');
  await form.getByLabel('Sub-district').selectOption('Kaliakair');
  await form.getByLabel("Guardian's name").fill('Abdul Karim');
  await form.getByLabel("Guardian's phone number").fill('01812345678');
  await form.getByLabel('T-shirt size').selectOption('M');
  await form.getByLabel('Pick-up spot for the free transport').selectOption('Dhaka — Farmgate');
  await expect(page.getByTestId('registration-fee')).toHaveText('Registration fee: BDT 299');
  await form.getByRole('radio', { name: /bKash/ }).check();
  await form.getByLabel('Sender account number').fill('01912345678');
  await form.getByLabel('Transaction ID').fill(uniqueTransactionId());
  return form;
}

test.describe('final round registration', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a qualified student registers, sees Pending; after approval sees Approved and downloads the admit card', async ({
    page,
  }) => {
    const student = await signedInStudent(page, { verified: false });

    // The address is proven first: the profile says so, and the mailed link does it.
    const notice = page.getByRole('region', { name: 'Please verify your email address' });
    await expect(notice).toContainText(`We sent a link to ${student.email}.`);
    await notice.getByRole('button', { name: 'Send the link again' }).click();
    await expect(notice.getByText('We have sent a new verification link to your email.')).toBeVisible();
    await page.goto(await verificationLink(student.email));
    await expect(page.getByText('Your email address is verified. Thank you.')).toBeVisible();
    await page.getByRole('link', { name: 'Go to your profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId('profile-name')).toHaveText(student.name);
    await expect(notice).toHaveCount(0);
    await qualify(student);

    // The profile offers the preliminary result and the Register Now card.
    const card = page.getByTestId('registration-card');
    await card.getByRole('button', { name: 'Check preliminary result' }).click();
    await expect(page.getByTestId('prelim-score')).toHaveText('44');
    await expect(page.getByTestId('prelim-qualified')).toHaveText('Yes');
    await expect(card).toContainText('BDT 299');
    await card.getByRole('link', { name: 'Register Now' }).click();
    await expect(page).toHaveURL(/\/national-round-registration$/);

    const form = await fillForm(page);
    expect(await axeViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    await form.getByRole('button', { name: 'Submit Registration' }).click();
    await expect(page).toHaveURL(/\/national-round-registration-complete$/);
    await expect(page.getByRole('main')).toContainText(
      'We will verify your payment details within about 24 hours.',
    );
    await expect(page.getByTestId('complete-category')).toHaveText('Your category: Senior (grades 9-10)');

    await page.getByRole('link', { name: 'Back to Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(card.getByRole('heading', { name: 'Registration Pending Verification' })).toBeVisible();
    await expect(card).toContainText("We're reviewing your payment details. This usually takes 24 hours.");
    await expect(page.getByTestId('final-exam-card')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    // A second visit to the form says the registration is pending instead.
    await page.goto('/national-round-registration');
    await expect(
      page.getByText('You have already registered. Your registration is pending verification.'),
    ).toBeVisible();

    const admin = await adminApi();
    const roll = await approveRegistrationOf(admin, student.email);
    await admin.dispose();
    expect(roll).toMatch(/^SR-\d{4}$/);

    await page.goto('/profile');
    await expect(card.getByRole('heading', { name: 'Registration Approved!' })).toBeVisible();
    await expect(page.getByTestId('exam-details')).toBeVisible();
    const download = card.getByRole('link', { name: 'Download Admit Card' });
    await expect(download).toHaveAttribute('download', 'final_round_admit_card.pdf');
    await expect(
      page.getByTestId('final-exam-card').getByRole('link', { name: 'Start Final Exam' }),
    ).toHaveAttribute('href', '/final-exam');

    expect(await axeViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);

    const downloading = page.waitForEvent('download');
    await download.click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe('final_round_admit_card.pdf');
    const path = await file.path();
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(path)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test.describe('when the student may not register', () => {
    // The browser logs the refused (403) submission itself; that one is expected.
    test.use({ allowedConsoleErrors: [/status of 403/] });

    test('a student without a qualifying preliminary result reads why, above the form', async ({ page }) => {
      const student = await signedInStudent(page);
      await qualify(student, false);
      await page.goto('/national-round-registration');
      const form = await fillForm(page);
      await form.getByRole('button', { name: 'Submit Registration' }).click();
      await expect(page.getByTestId('eligibility-message')).toHaveText(
        `${student.email} did not qualify in the Online Selection Round, so it cannot be registered for the Final Round.`,
      );
      await expect(page).toHaveURL(/\/national-round-registration$/);
      await expect(form.getByRole('button', { name: 'Submit Registration' })).toBeEnabled();
    });
  });
});

test.describe('admit card verification page', () => {
  // The browser logs the 404 of the unknown code itself; that one is expected.
  test.use({ allowedConsoleErrors: [/status of 404/], viewport: { width: 360, height: 740 } });

  test('an unknown code says that no admit card matches it', async ({ page }) => {
    await page.goto('/verify/not-a-real-code');
    await expect(page.getByRole('heading', { name: 'Verification' })).toBeVisible();
    await expect(page.getByTestId('verify-not-found')).toHaveText('No admit card matches this code.');
    expect(await axeViolations(page)).toEqual([]);
  });
});
