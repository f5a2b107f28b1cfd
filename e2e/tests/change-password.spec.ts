import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, newStudent, registeredStudent, test } from '../support/fixtures.ts';
import { waitForMail } from '../support/mailbox.ts';

/** axe's violations on the page as it is now, one line each. */
async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test.describe('change password and signed-in devices', () => {
  // The browser logs the refused calls itself (the wrong current password, the old password's login). One
  // pattern: Playwright would read a second one as the fixture's options.
  test.use({ allowedConsoleErrors: [/status of (422|401)/], viewport: { width: 360, height: 740 } });

  test('a student changes the password on the profile page, logs out, and only the new one signs in', async ({
    page,
    browser,
  }) => {
    const student = await registeredStudent(page.request);
    await page.request.post('/api/v1/logout', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });

    // Another device, signed in too: it is signed out by the change.
    const laptop = await browser.newContext({
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
    });
    const laptopLogin = await laptop.request.post('/api/v1/login', {
      data: { email: student.email, password: student.password },
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(laptopLogin.ok()).toBe(true);

    await logIn(page, student.email, student.password);
    await expect(page).toHaveURL(/\/profile$/);

    const security = page.getByRole('region', { name: 'Password and devices' });
    await security.scrollIntoViewIfNeeded();
    const devices = security.getByTestId('signed-in-devices');
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    await expect(devices.getByRole('listitem').first()).toContainText('This device');
    await expect(devices.getByRole('button', { name: 'Sign out Firefox on Windows' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await security.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await expect(dialog.getByLabel('Current password')).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);

    // A wrong current password: the server's sentence beside the field, nothing changed.
    const newPassword = 'Kodom-phul-2026!';
    await dialog.getByLabel('Current password').fill('Not-my-password-1');
    await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
    await expect(dialog.getByTestId('password-strength')).toBeVisible();
    await dialog.getByLabel('Confirm new password').fill(newPassword);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog.getByText('Your current password is incorrect.')).toBeVisible();
    await expect(dialog.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByLabel('Current password').fill(student.password);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'Your password has been changed. Every other device has been signed out.',
    );
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();

    // This device stays signed in; the laptop is signed out on the server; the owner is told by mail.
    await expect(security.getByText('Your account is signed in on this device only.')).toBeVisible();
    await expect(devices.getByRole('listitem')).toHaveCount(1);
    expect((await laptop.request.get('/api/v1/user')).status()).toBe(401);
    await laptop.close();
    const mail = await waitForMail(student.email, { containing: 'was changed' });
    expect(mail.subject).toBe('Your password was changed');

    // Log out from the phone's menu; the home page follows.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get('/api/v1/user')).status()).toBe(401);

    await logIn(page, student.email, student.password);
    await expect(page.getByRole('alert')).toContainText('The email or password is incorrect.');
    await expect(page).toHaveURL(/\/login$/);

    await logIn(page, student.email, newPassword);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId('profile-name')).toHaveText(student.name);
  });

  test('in Bangla: the section, the device list with Bangla digits, and the refusal of a wrong current password', async ({
    page,
  }) => {
    const student = newStudent();
    const headers = { 'X-Requested-With': 'XMLHttpRequest' };
    await page.request.post('/api/v1/register', {
      data: {
        name: student.name,
        email: student.email,
        password: student.password,
        phone_number: student.phone,
      },
      headers,
    });
    await page.request.put('/api/v1/user/language', { data: { language: 'bn' }, headers });
    await page.request.post('/api/v1/logout', { headers });
    await page.context().clearCookies();

    // The account's language comes with the sign-in.
    await logIn(page, student.email, student.password);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    const security = page.getByRole('region', { name: 'পাসওয়ার্ড ও ডিভাইস' });
    await security.scrollIntoViewIfNeeded();
    await expect(security.getByRole('heading', { name: 'লগইন করা ডিভাইস' })).toBeVisible();
    const thisDevice = security.getByTestId('signed-in-devices').getByRole('listitem').first();
    await expect(thisDevice).toContainText('এই ডিভাইস');
    await expect(thisDevice).toContainText(/সর্বশেষ সক্রিয়: .*[০-৯]/);
    await expect(thisDevice).not.toContainText(/[0-9]/);
    await expect(security.getByText('শুধু এই ডিভাইসেই আপনার অ্যাকাউন্টে লগইন করা আছে।')).toBeVisible();

    await security.getByRole('button', { name: 'পাসওয়ার্ড বদলান' }).click();
    const dialog = page.getByRole('dialog', { name: 'পাসওয়ার্ড বদলান' });
    await dialog.getByLabel('বর্তমান পাসওয়ার্ড').fill('Not-my-password-1');
    await dialog.getByLabel('নতুন পাসওয়ার্ড', { exact: true }).fill('Kodom-phul-2026!');
    await dialog.getByLabel('নতুন পাসওয়ার্ডটি আবার লিখুন').fill('Kodom-phul-2026!');
    await dialog.getByRole('button', { name: 'পাসওয়ার্ড বদলান' }).click();
    await expect(dialog.getByText('আপনার বর্তমান পাসওয়ার্ডটি সঠিক নয়।')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
