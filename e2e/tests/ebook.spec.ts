import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { adminApi, XHR } from '../support/admin.ts';
import { approvedStudent } from '../support/exam-setup.ts';
import { expect, newStudent, test } from '../support/fixtures.ts';

/** A student whose final round registration is approved, signed in through the login page. */
async function signInApprovedStudent(page: Page) {
  const admin = await adminApi();
  await approvedStudent(page, admin);
  await admin.dispose();
}

test.describe('on a 360 px phone screen', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('an approved student reads the e-book; page and zoom are restored after a reload', async ({
    page,
  }) => {
    await signInApprovedStudent(page);
    const pageRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/v1\/ebooks\/[^/]+\/pages\/\d+$/.test(new URL(request.url()).pathname))
        pageRequests.push(request.url());
    });

    await page.getByRole('link', { name: /My PDFs/ }).click();
    await expect(page).toHaveURL(/\/my-pdfs$/);
    await expect(page.getByRole('heading', { name: 'Science Preparation E-book' })).toBeVisible();
    await expect(page.getByText('An ebook to ace your preparation!')).toBeVisible();
    // Scoped to its card: organisers may add e-books meanwhile (e2e/tests/ebooks-admin.spec.ts).
    const card = page.getByRole('listitem').filter({
      has: page.getByRole('heading', { name: 'Science Preparation E-book' }),
    });
    await expect(card.getByTestId('ebook-page-count')).toHaveText('100 pages');

    await page.getByRole('button', { name: 'Open PDF: Science Preparation E-book' }).click();
    const viewer = page.getByRole('dialog', { name: 'Science Preparation E-book' });
    await expect(viewer.getByTestId('viewer-page-of')).toHaveText('Page 1 of 100');
    const image = viewer.getByTestId('viewer-page-image');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // Next with the button, then with the arrow key.
    await viewer.getByRole('button', { name: 'Next' }).click();
    await viewer.getByRole('button', { name: 'Next' }).click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByTestId('viewer-page-of')).toHaveText('Page 5 of 100');
    await viewer.getByRole('button', { name: 'Zoom in' }).click();
    await viewer.getByRole('button', { name: 'Zoom in' }).click();
    await expect(viewer.getByTestId('viewer-zoom')).toContainText('120%');
    await expect(image).toHaveAttribute('src', /\/pages\/5\?v=[0-9a-f]+$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // Right-click on the page is blocked (no context menu event reaches the browser's default).
    const prevented = await image.evaluate((img) => {
      const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
      return !img.dispatchEvent(event);
    });
    expect(prevented).toBe(true);

    const axe = await new AxeBuilder({ page }).analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);

    // Lazy pages: pages 1 to 5 and the prefetched 6 (plus the thumbnail), never the whole book.
    expect(
      new Set(pageRequests.map((url) => url.replace(/.*\/pages\//, '').replace(/\?.*/, ''))).size,
    ).toBeLessThanOrEqual(7);

    await page.reload();
    await page.getByRole('button', { name: 'Open PDF: Science Preparation E-book' }).click();
    await expect(viewer.getByTestId('viewer-page-of')).toHaveText('Page 5 of 100');
    await expect(viewer.getByTestId('viewer-zoom')).toContainText('120%');
    await expect(image).toHaveAttribute('src', /\/pages\/5\?v=[0-9a-f]+$/);

    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open PDF: Science Preparation E-book' })).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test('a student who is not approved sees the empty state', async ({ page }) => {
  const student = newStudent();
  await page.request.post('/api/v1/register', {
    data: {
      name: student.name,
      email: student.email,
      password: student.password,
      phone_number: student.phone,
    },
    headers: XHR,
  });
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password', { exact: true }).fill(student.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/my-pdfs');
  await expect(page.getByRole('heading', { name: 'No PDFs' })).toBeVisible();
  await expect(page.getByText('You have no PDFs available.')).toBeVisible();
});
