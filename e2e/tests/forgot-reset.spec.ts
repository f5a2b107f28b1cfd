import { expect, registeredStudent, test } from '../support/fixtures.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';

test('forgot password: the mailed link resets the password, and the new one logs in', async ({
  page,
  baseURL,
}) => {
  const student = await registeredStudent(page.request);
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(student.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Email Sent' })).toBeVisible();
  await expect(page.getByText('Password reset link has been sent to your email.')).toBeVisible();
  await expect(page.getByText(/1:(30|29|28)/)).toBeVisible();

  const mail = await waitForMail(student.email, { containing: '/reset-password?' });
  expect(mail.subject).toBe('Reset your password');
  const link = linkIn(mail, `${baseURL}/reset-password?`);

  await page.goto(link);
  const newPassword = 'Brand-new-pass-2';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill('something-else');
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password has been reset successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });

  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});
