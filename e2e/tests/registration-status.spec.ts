import type { Page, Route } from '@playwright/test';
import { adminApi, XHR } from '../support/admin.ts';
import { approvedStudent } from '../support/exam-setup.ts';
import { expect, newStudent, test } from '../support/fixtures.ts';

/**
 * Exam day on a bad connection (issue 20): a failed registration status call must never read as "not
 * registered". The card waits, says the status could not be loaded, asks again on its own, and keeps
 * the exam reachable for a student this phone saw approved.
 */

const STATUS = '**/api/v1/ngso-1/registration/status';

/** Makes the status call fail (a busy server) until the returned function is called; counts the calls. */
async function failStatusCalls(page: Page) {
  let calls = 0;
  const fail = async (route: Route) => {
    calls += 1;
    await route.fulfill({ status: 503, json: { status: 'error', message: 'Service unavailable.' } });
  };
  await page.route(STATUS, fail);
  return {
    calls: () => calls,
    recover: () => page.unroute(STATUS, fail),
  };
}

test.describe('the registration status on a bad connection', () => {
  // The browser logs each refused status call itself.
  test.use({ allowedConsoleErrors: [/status of 503/], viewport: { width: 360, height: 740 } });

  test('an approved student whose status call fails keeps the exam, and the card recovers on its own', async ({
    page,
  }) => {
    const admin = await adminApi();
    await approvedStudent(page, admin);
    await admin.dispose();
    const card = page.getByTestId('registration-card');
    await expect(card.getByRole('heading', { name: 'Registration Approved!' })).toBeVisible();

    // Exam day: the server is too busy to answer the status call.
    const status = await failStatusCalls(page);
    await page.reload();
    await expect(card.getByRole('alert')).toContainText('Your registration status could not be loaded.');
    await expect(card).toContainText('This phone saw your registration approved earlier');
    await expect(page.getByRole('link', { name: 'Register Now' })).toHaveCount(0);
    const exam = page.getByTestId('final-exam-card');
    await expect(exam.getByRole('link', { name: 'Start Final Exam' })).toHaveAttribute('href', '/final-exam');

    // It asks again on its own (about 2 s, then 4 s later) without anyone pressing a button.
    const before = status.calls();
    await expect.poll(status.calls, { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 2);
    await expect(card.getByRole('alert')).toBeVisible();

    // The server answers again: the next automatic try shows the real status.
    await status.recover();
    await expect(card.getByRole('heading', { name: 'Registration Approved!' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(card.getByRole('alert')).toHaveCount(0);
    await expect(card.getByRole('link', { name: 'Download Admit Card' })).toBeVisible();
    await expect(exam.getByRole('link', { name: 'Start Final Exam' })).toBeVisible();
  });

  test('a student this phone never saw approved: loading, then "could not be loaded" and Try again, never Register Now', async ({
    page,
  }) => {
    const student = newStudent();
    const registered = await page.request.post('/api/v1/register', {
      data: {
        name: student.name,
        email: student.email,
        password: student.password,
        phone_number: student.phone,
      },
      headers: XHR,
    });
    expect(registered.ok()).toBe(true);
    await page.context().clearCookies();

    // The first status call hangs a while, then fails; later ones fail at once until the link is back.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    let online = false;
    await page.route(STATUS, async (route) => {
      calls += 1;
      if (calls === 1) await held;
      if (online) await route.continue();
      else await route.fulfill({ status: 503, json: { status: 'error', message: 'Service unavailable.' } });
    });

    await page.goto('/login');
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const card = page.getByTestId('registration-card');
    await expect(card.getByRole('status')).toHaveText('Loading your registration status…');
    await expect(page.getByRole('link', { name: 'Register Now' })).toHaveCount(0);

    release();
    await expect(card.getByRole('alert')).toContainText('Your registration status could not be loaded.');
    await expect(page.getByRole('link', { name: 'Register Now' })).toHaveCount(0);
    await expect(page.getByTestId('final-exam-card')).toHaveCount(0);

    // After the automatic retry (about 2 s) has failed too, the next one is at least 3 s away.
    await expect.poll(() => calls, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const tryAgain = card.getByRole('button', { name: 'Try again' });
    await expect(tryAgain).toBeEnabled();
    // The connection is back: Try again shows the real status at once (not registered yet).
    online = true;
    await tryAgain.click();
    await expect(card.getByRole('link', { name: 'Register Now' })).toBeVisible();
    await expect(card.getByRole('alert')).toHaveCount(0);
  });
});
