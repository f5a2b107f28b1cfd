import { expect, test } from '../support/fixtures.ts';

const navStyle = (page: import('@playwright/test').Page) =>
  page.getByTestId('navbar').getAttribute('data-nav-style');

test.describe('navigation bar and footer', () => {
  test('the home page navbar is transparent at the top and solid after 10 px of scroll', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto('/');
    await expect.poll(() => navStyle(page)).toBe('transparent');
    await page.evaluate(() => window.scrollTo(0, 10));
    await page.waitForTimeout(100);
    expect(await navStyle(page)).toBe('transparent');
    await page.evaluate(() => window.scrollTo(0, 200));
    await expect.poll(() => navStyle(page)).toBe('solid');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => navStyle(page)).toBe('transparent');
  });

  for (const path of ['/login', '/register', '/forgot-password', '/reset-password']) {
    test(`the navbar is always transparent on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect.poll(() => navStyle(page)).toBe('transparent');
    });
  }

  for (const path of ['/about', '/events', '/team']) {
    test(`the navbar is solid on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect.poll(() => navStyle(page)).toBe('solid');
    });
  }

  test('the full footer shows only on the four public pages; the copyright line on every page', async ({
    page,
  }) => {
    const year = new Date().getFullYear();
    for (const path of ['/', '/about', '/events', '/team']) {
      await page.goto(path);
      const footer = page.locator('#footer');
      await expect(footer).toBeVisible();
      await expect(footer.getByRole('link', { name: 'About Us' })).toBeVisible();
      await expect(footer.getByRole('link', { name: 'FAQs' })).toBeVisible();
      await expect(page.getByText(`© ${year}`)).toContainText('All Rights Reserved.');
    }
    for (const path of ['/login', '/register', '/forgot-password', '/no-such-page']) {
      await page.goto(path);
      await expect(page.locator('#footer')).toHaveCount(0);
      await expect(page.getByText(`© ${year}`)).toContainText('All Rights Reserved.');
    }
  });

  test('the mobile menu opens at 360 px and offers the same items', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    for (const item of ['Home', 'About', 'Events', 'Team', 'Register']) {
      await expect(menu.getByRole('link', { name: item, exact: true })).toBeVisible();
    }
    const height = await menu.evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBeLessThanOrEqual(400);
  });
});
