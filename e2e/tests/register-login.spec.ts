import { expect, newStudent, registeredStudent, test } from '../support/fixtures.ts';

test.describe('accounts', () => {
  test('a student registers, lands on the profile signed in, logs out and logs in again', async ({
    page,
  }) => {
    const student = newStudent();
    await page.goto('/register');
    await page.getByLabel('Full name').fill(student.name);
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByLabel('Confirm password').fill(student.password);
    await page.getByLabel('Phone number').fill(student.phone);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('main')).toContainText(student.email);
    const account = page.getByRole('button', { name: `Account menu for ${student.name}` });
    await expect(account).toBeVisible();

    await account.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('link', { name: 'Register' }).first()).toBeVisible();
    await expect(account).toBeHidden();

    await page.goto('/login');
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('main')).toContainText(student.email);

    // The session survives a reload (cookie on the server, auth state in local storage).
    await page.reload();
    await expect(page.getByRole('button', { name: `Account menu for ${student.name}` })).toBeVisible();
  });

  test.describe('with a refused login', () => {
    // The browser logs the 401 of the refused login itself; that one is expected.
    test.use({ allowedConsoleErrors: [/status of 401/] });

    test('a wrong password shows the server message', async ({ page }) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill('nobody@e2e.test');
      await page.getByLabel('Password', { exact: true }).fill('Wrong-pass-1');
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByRole('alert')).toContainText('The email or password is incorrect.');
    });
  });

  test('a signed-out visitor is sent to login and back to the page they wanted', async ({ page }) => {
    const student = await registeredStudent(page.request);
    await page.context().clearCookies();

    await page.goto('/my-pdfs');
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/my-pdfs$/);
  });

  test('the strength meter and the mismatch message follow the typing', async ({ page }) => {
    await page.goto('/register');
    const password = page.getByLabel('Password', { exact: true });
    const meter = page.getByTestId('password-strength');
    await password.fill('abc');
    await expect(meter).toContainText('Very Weak');
    await password.fill('abcdefgh');
    await expect(meter).toContainText('Weak');
    await password.fill('Abcdefgh');
    await expect(meter).toContainText('Medium');
    await password.fill('Abcdefg1');
    await expect(meter).toContainText('Strong');
    await password.fill('Abcdef1!');
    await expect(meter).toContainText('Very Strong');

    await page.getByLabel('Confirm password').fill('Abcdef1');
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm password').fill('Abcdef1!');
    await expect(page.getByText('Passwords do not match')).toBeHidden();
  });

  test('a first visit makes no call that answers 401', async ({ page }) => {
    const unauthorised: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) unauthorised.push(response.url());
    });
    await page.goto('/');
    await page.goto('/about');
    await page.goto('/login');
    await page.waitForLoadState('networkidle');
    expect(unauthorised).toEqual([]);
  });
});
