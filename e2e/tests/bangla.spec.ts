import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, newStudent, test } from '../support/fixtures.ts';
import { holdTheApp } from '../support/hold-the-app.ts';
import { hydrated } from '../support/hydrated.ts';

/** Bangla and English (issue 8; decisions.md, 'Language'). */

const BANGLA_DIGIT = /[০-৯]/;

const nav = (page: Page) => page.getByRole('navigation', { name: /Main navigation|প্রধান মেনু/ });

async function chooseBangla(page: Page) {
  await nav(page).getByRole('button', { name: 'বাংলা' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
}

test.describe('choosing Bangla', () => {
  test('a first visit is in English; Bangla on the home page shows Bangla text and digits and survives a reload', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(
      page.getByRole('heading', { name: 'NATIONAL GENERAL SCIENCE OLYMPIAD', level: 1 }),
    ).toBeVisible();

    await chooseBangla(page);
    await expect(page.getByRole('heading', { name: 'জাতীয় সাধারণ বিজ্ঞান অলিম্পিয়াড', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'প্রতিযোগিতার ক্যাটাগরি' })).toBeVisible();
    // The counters and the categories' shares in Bangla digits.
    await expect(page.getByText('১৫,০০০').first()).toBeAttached();
    await expect(page.getByText(/৩৪\.১/).first()).toBeAttached();
    await expect(nav(page).getByRole('button', { name: 'বাংলা' })).toHaveAttribute('aria-pressed', 'true');

    const cookie = (await context.cookies()).find((c) => c.name === 'lang');
    expect(cookie?.value).toBe('bn');
    expect(cookie?.sameSite).toBe('Lax');
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(360 * 24 * 3600);

    await page.reload();
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(page.getByRole('heading', { name: 'জাতীয় সাধারণ বিজ্ঞান অলিম্পিয়াড', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/জাতীয় সাধারণ বিজ্ঞান অলিম্পিয়াড/);

    // And back to English.
    await nav(page).getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(
      page.getByRole('heading', { name: 'NATIONAL GENERAL SCIENCE OLYMPIAD', level: 1 }),
    ).toBeVisible();
  });

  test.describe('with a refused login', () => {
    test.use({ allowedConsoleErrors: [/status of 401/] });

    test('the login page and the server’s messages in Bangla', async ({ page }) => {
      await page.goto('/login');
      await hydrated(page);
      await chooseBangla(page);
      await expect(page.getByRole('heading', { name: 'আবার স্বাগতম' })).toBeVisible();
      await page.getByLabel('ইমেইল').fill('nobody@e2e.test');
      await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill('Wrong-pass-1');
      await page.getByRole('button', { name: 'লগইন', exact: true }).click();
      await expect(page.getByRole('alert')).toContainText('ইমেইল বা পাসওয়ার্ড সঠিক নয়।');
    });
  });

  test('the profile in Bangla: labels, place names, Bangla digits; the choice is saved on the account', async ({
    page,
    browser,
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
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 900 });
    await chooseBangla(page);
    await expect(page.getByRole('heading', { name: 'আমার প্রোফাইল' })).toBeVisible();
    await expect(page.getByText('নিবন্ধনের তারিখ')).toBeVisible();
    await expect(page.getByTestId('profile-registered-on')).toHaveText(BANGLA_DIGIT);

    // Edit Profile: the division list in Bangla, the stored value in English.
    await page.getByRole('button', { name: 'প্রোফাইল সম্পাদনা' }).click();
    const dialog = page.getByRole('dialog', { name: 'প্রোফাইল সম্পাদনা' });
    await dialog.getByLabel('বিভাগ').selectOption({ label: 'ঢাকা' });
    await dialog.getByRole('button', { name: 'পরিবর্তন সংরক্ষণ করুন' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('profile-division')).toHaveText('ঢাকা');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'আমার প্রোফাইল' })).toBeVisible();

    // Another browser signing in to the account gets Bangla (the account keeps the choice).
    const other = await browser.newContext();
    const second = await other.newPage();
    await second.goto('/login');
    await second.getByLabel('Email').fill(student.email);
    await second.getByLabel('Password', { exact: true }).fill(student.password);
    await second.getByRole('button', { name: 'Login' }).click();
    await expect(second).toHaveURL(/\/profile$/);
    await expect(second.getByRole('heading', { name: 'আমার প্রোফাইল' })).toBeVisible();
    await expect(second.locator('html')).toHaveAttribute('lang', 'bn');
    await other.close();
  });

  test('signing out keeps Bangla: the next page, a reload and the lang cookie stay Bangla', async ({
    page,
    context,
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
    await page.setViewportSize({ width: 1280, height: 900 });
    await chooseBangla(page);
    await expect(page.getByRole('heading', { name: 'আমার প্রোফাইল' })).toBeVisible();

    await page.getByRole('button', { name: `${student.name}-এর অ্যাকাউন্ট মেনু` }).click();
    const logout = page.waitForResponse((response) => response.url().endsWith('/api/v1/logout'));
    await page.getByRole('menuitem', { name: 'লগআউট' }).click();
    expect((await logout).ok()).toBe(true);
    // The app goes home under the Logging out screen; the register link shows in the bar even before.
    await expect(page).toHaveURL(/\/$/);
    await expect(nav(page).getByRole('link', { name: 'নিবন্ধন' }).first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');

    // The session cookie is gone, the language cookie is not.
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'lang')?.value).toBe('bn');
    expect(cookies.some((c) => /ngso_session/.test(c.name))).toBe(false);

    // A page fresh from the server (the family's next reader) is Bangla from its HTML.
    await page.reload();
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(page.getByRole('heading', { name: 'জাতীয় সাধারণ বিজ্ঞান অলিম্পিয়াড', level: 1 })).toBeVisible();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'আবার স্বাগতম' })).toBeVisible();
  });

  test('the mobile menu has the switcher', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/about');
    await hydrated(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByTestId('mobile-menu').getByRole('button', { name: 'বাংলা' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(page.getByRole('heading', { name: 'আমাদের কথা', level: 1 })).toBeVisible();
  });
});

test.describe('Bangla before JavaScript', () => {
  test('with the lang cookie, each public page arrives as Bangla HTML; without it, English', async ({
    request,
  }) => {
    const expected: Record<string, string> = {
      '/': 'জাতীয় সাধারণ বিজ্ঞান অলিম্পিয়াড',
      '/about': 'আমাদের পথচলা',
      '/events': '<dd>১০ জানু',
      '/login': 'আবার স্বাগতম',
      '/register': 'আপনার অ্যাকাউন্ট খুলুন',
    };
    for (const [path, text] of Object.entries(expected)) {
      const response = await request.get(path, { headers: { cookie: 'lang=bn' } });
      expect(response.status()).toBe(200);
      expect(response.headers().vary).toMatch(/Cookie/);
      const html = await response.text();
      expect(html, path).toContain('<html lang="bn"');
      expect(html, path).toContain(text);
      expect(html, path).toMatch(/<title>[^<]*[\u0980-\u09FF][^<]*<\/title>/);
    }
    const english = await (await request.get('/about', { headers: { cookie: 'lang=en' } })).text();
    expect(english).toContain('<html lang="en"');
    expect(english).toContain('Our Journey');
    // A Bangla browser on a first visit still gets English (decisions.md: English on a first visit).
    const first = await (await request.get('/', { headers: { 'accept-language': 'bn-BD,bn' } })).text();
    expect(first).toContain('<html lang="en"');
    // The shell of the other pages carries the language too.
    const shell = await (await request.get('/profile', { headers: { cookie: 'lang=bn' } })).text();
    expect(shell).toContain('<html lang="bn"');
  });

  test('a Bangla page hydrates without a flash: the text is Bangla from the first paint', async ({
    page,
    context,
  }) => {
    await context.addCookies([{ name: 'lang', value: 'bn', url: test.info().project.use.baseURL ?? '' }]);
    const seen: string[] = [];
    await page.exposeFunction('__seen', (text: string) => seen.push(text));
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const heading = document.querySelector('h1');
        if (heading) (window as unknown as { __seen: (t: string) => void }).__seen(heading.textContent ?? '');
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto('/login');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'আবার স্বাগতম' })).toBeVisible();
    expect(seen.filter((text) => /Welcome back/.test(text))).toEqual([]);
  });

  test("the reset link's page in Bangla paints its largest text with the page, not once the app has started", async ({
    page,
    context,
  }) => {
    await context.addCookies([{ name: 'lang', value: 'bn', url: test.info().project.use.baseURL ?? '' }]);
    // Lighthouse's phone: the subtitle takes two lines there, larger than the heading.
    await page.setViewportSize({ width: 412, height: 823 });
    type Watched = Window & { largestPaints?: number[] };
    await page.addInitScript(() => {
      const watched = window as Watched;
      watched.largestPaints = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) watched.largestPaints?.push(entry.startTime);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const release = await holdTheApp(page);
    await page.goto('/reset-password?token=some-token&email=ayesha%40example.com');
    await expect(page.getByText('অ্যাকাউন্টের জন্য একটি নতুন পাসওয়ার্ড বেছে নিন।')).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => (window as Watched).largestPaints?.length))
      .toBeGreaterThan(0);
    const beforeTheApp = await page.evaluate(() => (window as Watched).largestPaints);

    release();
    await hydrated(page);
    await expect(page.getByText('ayesha@example.com')).toBeVisible();
    // Two frames and a moment for a paint of the address to be reported, were it a larger one.
    await page.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 200))),
        ),
    );
    expect(await page.evaluate(() => (window as Watched).largestPaints)).toEqual(beforeTheApp);
  });

  test('an English page downloads no Bangla font; a Bangla page does', async ({ page, context }) => {
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(request.url());
    });
    await page.goto('/');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(fonts.filter((url) => /bengali/.test(url))).toEqual([]);

    await context.addCookies([{ name: 'lang', value: 'bn', url: test.info().project.use.baseURL ?? '' }]);
    await page.goto('/');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(fonts.some((url) => /bengali/.test(url))).toBe(true);
  });
});

test.describe('accessibility in Bangla', () => {
  for (const width of [360, 1280]) {
    for (const path of ['/', '/about', '/events', '/login', '/register', '/forgot-password']) {
      test(`axe finds no violations on ${path} in Bangla at ${width} px`, async ({ page, context }) => {
        await context.addCookies([{ name: 'lang', value: 'bn', url: test.info().project.use.baseURL ?? '' }]);
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        await hydrated(page);
        await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
        const results = await new AxeBuilder({ page }).analyze();
        expect(
          results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        ).toEqual([]);
      });
    }
  }
});

test('the navigation bar fits at 768 px (the switcher beside the links) in both languages', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 768, height: 800 });
  for (const lang of ['en', 'bn']) {
    await context.addCookies([{ name: 'lang', value: lang, url: test.info().project.use.baseURL ?? '' }]);
    await page.goto('/about');
    await hydrated(page);
    const overflow = await page.evaluate(() => {
      const nav = document.querySelector('header nav') as HTMLElement;
      return {
        page: document.documentElement.scrollWidth - window.innerWidth,
        nav: nav.scrollWidth - nav.clientWidth,
      };
    });
    expect(overflow, lang).toEqual({ page: 0, nav: 0 });
  }
});
