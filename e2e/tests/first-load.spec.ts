import type { Page } from '@playwright/test';
import { expect, newStudent, registeredStudent, test } from '../support/fixtures.ts';
import { holdTheApp } from '../support/hold-the-app.ts';

/** React has attached to the pre-rendered HTML. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}

test('a tap on the menu before the app has started opens the menu once it has', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const release = await holdTheApp(page);
  await page.goto('/about');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.locator('#mobile-menu')).toHaveCount(0);
  release();
  await expect(page.locator('#mobile-menu').getByRole('link', { name: 'About', exact: true })).toBeVisible();
});

test.describe('a form sent before the app has started', () => {
  // The refused login of the test is logged by the browser itself.
  test.use({ allowedConsoleErrors: [/status of 401/] });

  test('keeps what was typed, is sent by the app, and puts nothing in the address', async ({ page }) => {
    const release = await holdTheApp(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill('nobody@e2e.test');
    await page.getByLabel('Password', { exact: true }).fill('Wrong-pass-1');
    await page.getByRole('button', { name: 'Login' }).click();
    expect(new URL(page.url()).search).toBe('');
    const login = page.waitForRequest((request) => request.url().endsWith('/api/v1/login'));
    release();
    await hydrated(page);
    expect((await login).postDataJSON()).toMatchObject({
      email: 'nobody@e2e.test',
      password: 'Wrong-pass-1',
    });
    await expect(page.getByRole('alert')).toContainText('The email or password is incorrect.');
    await expect(page.getByLabel('Email')).toHaveValue('nobody@e2e.test');
    expect(new URL(page.url()).search).toBe('');
  });
});

test('a page read while the app is starting stays where the reader scrolled', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const release = await holdTheApp(page);
  await page.goto('/');
  await page.evaluate(() => window.scrollTo(0, 900));
  // Listening before the app is let go: a listener added after it could miss the event for good.
  type Watched = Window & { appStarted?: boolean };
  await page.evaluate(() =>
    document.addEventListener('ngso:app-started', () => {
      (window as Watched).appStarted = true;
    }),
  );
  release();
  await page.waitForFunction(() => (window as Watched).appStarted === true);
  // Effects of the hydrated page (the navbar's scroll check among them) have run by now.
  await expect(page.getByTestId('navbar')).toHaveAttribute('data-nav-style', 'solid');
  expect(await page.evaluate(() => window.scrollY)).toBe(900);
});

/**
 * Holds back every script the page asks for from now on (what a sign-in form loads when first used: its
 * checks, their messages' texts, the API) until the test lets it go. `held` lists them as they are asked for.
 */
async function holdLaterScripts(page: Page) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held: string[] = [];
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    held.push(new URL(route.request().url()).pathname);
    await released;
    await route.continue();
  });
  return { release, held };
}

test.describe('a sign-in form used while its code is still on its way', () => {
  // A service worker would answer the scripts itself, out of the test's reach.
  test.use({ serviceWorkers: 'block' });

  test('a Login pressed (twice) before the code has come signs in once, with what was typed', async ({
    page,
  }) => {
    const student = await registeredStudent(page.request);
    await page.context().clearCookies();
    const logins: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/login')) logins.push(request.method());
    });

    await page.goto('/login');
    await hydrated(page);
    const { release, held } = await holdLaterScripts(page);
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Login' }).click();
    const pending = page.getByRole('button', { name: 'Logging in...' });
    await expect(pending).toBeDisabled();
    await pending.click({ force: true });
    await expect.poll(() => held.length).toBeGreaterThan(0);
    expect(logins).toEqual([]);

    release();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('main')).toContainText(student.email);
    expect(logins).toEqual(['POST']);
  });

  test("a register form sent by Enter before its checks have come shows the rule's exact message", async ({
    page,
  }) => {
    const student = newStudent();
    const registrations: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/register')) registrations.push(request.method());
    });

    await page.goto('/register');
    await hydrated(page);
    const { release, held } = await holdLaterScripts(page);
    await page.getByLabel('Full name').fill(student.name);
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel('Phone number').fill(student.phone);
    await page.getByLabel('Password', { exact: true }).fill('Short1!');
    await page.getByLabel('Confirm password').fill('Short1!');
    await page.getByLabel('Confirm password').press('Enter');
    await expect(page.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
    await expect.poll(() => held.length).toBeGreaterThan(0);

    release();
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveAccessibleDescription(/Password must be at least 8 characters long/);
    await expect(password).toBeFocused();
    await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(student.email);
    await expect(password).toHaveValue('Short1!');
    expect(registrations).toEqual([]);
  });
});
