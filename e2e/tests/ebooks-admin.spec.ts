import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { adminApi, E2E_ADMIN } from '../support/admin.ts';
import { approvedStudent } from '../support/exam-setup.ts';
import { expect, test } from '../support/fixtures.ts';
import { confirmSecondFactorInPage } from '../support/second-factor.ts';

/** A page image of a given size and colour (the size tells the pages apart in the viewer). */
const pageImage = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** A student approved for the final round, signed in, in a browser context of their own. */
async function approvedStudentPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const admin = await adminApi();
  await approvedStudent(page, admin);
  await admin.dispose();
  return page;
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/profile$/);
}

test('an admin creates an e-book, uploads two page images, and an approved student reads it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `Forces and Motion ${Date.now().toString(36)}`;

  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin');
  await confirmSecondFactorInPage(page);
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'E-books' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'E-books' })).toBeVisible();

  // Create: title, description, order.
  await page.getByRole('button', { name: 'New e-book' }).click();
  const form = page.getByRole('dialog', { name: 'New e-book' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Please write a title.')).toBeVisible();
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('Newton’s laws, in two pages.');
  await form.getByLabel('Order in the list').fill('2');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Created “${title}”. Now add its pages.`)).toBeVisible();
  const row = page.getByTestId('ebooks-table').getByRole('row').filter({ hasText: title });
  await expect(row.getByRole('cell')).toHaveText(['2', '0', /Pages/]);

  // Upload two pages at once, with a progress bar; they are added in the order of their names.
  const panel = page.getByRole('region', { name: `Pages of “${title}”` });
  await expect(panel.getByText('No pages yet.')).toBeVisible();
  await page.route('**/api/v1/admin/ebooks/*/pages', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400)); // long enough to see the progress bar
    await route.continue();
  });
  await panel.getByLabel('Page images').setInputFiles([
    { name: 'page-2.png', mimeType: 'image/png', buffer: await pageImage(400, 300, '#1e3a8a') },
    { name: 'page-1.png', mimeType: 'image/png', buffer: await pageImage(300, 400, '#fbbf24') },
  ]);
  await panel.getByRole('button', { name: 'Upload pages' }).click();
  await expect(panel.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(panel.getByText(/^Uploading page [12] of 2: page-[12]\.png$/)).toBeVisible();
  await expect(panel.getByText('Added 2 pages.')).toBeVisible();
  await page.unroute('**/api/v1/admin/ebooks/*/pages');

  const pages = panel.getByTestId('ebook-pages').getByRole('listitem');
  await expect(pages).toHaveCount(2);
  const first = pages.nth(0).getByRole('img', { name: 'Page 1' });
  const second = pages.nth(1).getByRole('img', { name: 'Page 2' });
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
  await expect.poll(() => second.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);
  await expect(row.getByRole('cell')).toHaveText(['2', '2', /Pages/]);
  await expect(panel.getByText('Page 1 is the thumbnail.')).toBeVisible();

  // An approved student finds it under My PDFs and reads its two pages.
  const student = await approvedStudentPage(browser);
  await student.goto('/my-pdfs');
  const card = student.getByRole('listitem').filter({ has: student.getByRole('heading', { name: title }) });
  await expect(card.getByText('Newton’s laws, in two pages.')).toBeVisible();
  await expect(card.getByTestId('ebook-page-count')).toHaveText('2 pages');
  await card.getByRole('button', { name: `Open PDF: ${title}` }).click();
  const viewer = student.getByRole('dialog', { name: title });
  await expect(viewer.getByTestId('viewer-page-of')).toHaveText('Page 1 of 2');
  const image = viewer.getByTestId('viewer-page-image');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
  await viewer.getByRole('button', { name: 'Next' }).click();
  await expect(viewer.getByTestId('viewer-page-of')).toHaveText('Page 2 of 2');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);

  // The admin removes it (after confirming); the student no longer sees it.
  await row.getByRole('button', { name: `Remove ${title}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove the e-book?' });
  await expect(confirm).toContainText(`“${title}” and its 2 pages are removed for good`);
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`Removed “${title}” and its 2 pages.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await student.reload();
  await expect(student.getByRole('heading', { name: 'Science Preparation E-book' })).toBeVisible();
  await expect(student.getByRole('heading', { name: title })).toHaveCount(0);
  await student.context().close();
});
