import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from '../support/admin.ts';
import { expect, test } from '../support/fixtures.ts';
import { OwnServer } from '../support/own-server.ts';
import { confirmSecondFactorInPage } from '../support/second-factor.ts';

/**
 * The home page's tutorials are entries organisers set in the console (issue 20). The test runs its own
 * server: it changes the list, which other journeys read.
 */
const tutorialsTest = test.extend<{ own: OwnServer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
  own: async ({}, use) => {
    // A fresh server seeds the e-book's pages and the tutorials first: slow on a busy machine.
    const server = await OwnServer.start({ startTimeoutMs: 150_000 });
    try {
      await use(server);
    } finally {
      await server.dispose();
    }
  },
  baseURL: async ({ own }, use) => use(own.url),
});

const SEEDED = [
  'Tutorial 1: Forces and motion',
  'Tutorial 2: Atoms and molecules',
  'Tutorial 3: Cells and living things',
  'Tutorial 4: Light and optics',
  'Tutorial 5: Electricity and circuits',
  'Tutorial 6: Acids, bases and salts',
  'Tutorial 7: Earth and space',
  'Tutorial 8: Solving olympiad problems',
];

const tutorialLinks = (page: Page) => page.getByTestId('tutorials-carousel').getByRole('link');

/** The home page, scrolled to the tutorials (the list is read when the reader comes near). */
async function homeTutorials(page: Page) {
  await page.goto('/');
  await page.getByRole('heading', { name: 'Tutorials', level: 2 }).scrollIntoViewIfNeeded();
}

async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

tutorialsTest.describe.configure({ timeout: 240_000 });

tutorialsTest(
  'organisers set the tutorials in the console; the home page shows exactly those, each opening its video',
  async ({ page, context, own }) => {
    await context.route('https://videos.example.org/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Newton</title>' }),
    );
    // A fresh site starts with the eight tutorials as data.
    await homeTutorials(page);
    await expect(tutorialLinks(page)).toHaveCount(8);
    for (const [index, title] of SEEDED.entries()) {
      await expect(tutorialLinks(page).nth(index)).toContainText(title);
    }

    // The organisers keep one of them (the API, for speed) and add their own video in the console.
    const admin = await own.adminApi();
    const listed = (await (await admin.get('/api/v1/admin/tutorials')).json()) as { data: { id: string }[] };
    for (const tutorial of listed.data.slice(1)) {
      expect((await admin.delete(`/api/v1/admin/tutorials/${tutorial.id}`)).ok()).toBe(true);
    }
    await admin.dispose();

    await signInAsAdmin(page);
    await page.goto('/admin/tutorials');
    await confirmSecondFactorInPage(page, own.name);
    await expect(page.getByRole('heading', { name: 'Tutorials', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'New tutorial' }).click();
    const dialog = page.getByRole('dialog', { name: 'New tutorial' });
    await dialog.getByLabel('Title in English').fill('Newton’s laws of motion');
    await dialog.getByLabel('Title in Bangla').fill('নিউটনের গতিসূত্র');
    await dialog.getByLabel('Video address').fill('ftp://videos.example.org/newton');
    await dialog.getByLabel('Order in the list').fill('1');
    await dialog.getByLabel('Thumbnail image').setInputFiles({
      name: 'newton.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#f97316' } })
        .png()
        .toBuffer(),
    });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByLabel('Video address')).toHaveAccessibleDescription(
      /Enter the video's address, starting with http:\/\/ or https:\/\/\./,
    );
    await dialog.getByLabel('Video address').fill('https://videos.example.org/newton');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status')).toContainText('Added “Newton’s laws of motion”.');
    const table = page.getByTestId('tutorials-table');
    await expect(table.getByRole('row')).toHaveCount(3);
    const newRow = table.getByRole('row').nth(1);
    await expect(newRow).toContainText('Newton’s laws of motion');
    await expect
      .poll(() => newRow.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(640);

    // The home page shows exactly what is set, in its order; a thumbnail opens its own video in a new tab.
    await homeTutorials(page);
    await expect(tutorialLinks(page)).toHaveCount(2);
    await expect(tutorialLinks(page).nth(0)).toContainText('Newton’s laws of motion');
    await expect(tutorialLinks(page).nth(1)).toContainText(SEEDED[0] ?? '');
    const thumbnail = tutorialLinks(page).nth(0).locator('img');
    await thumbnail.scrollIntoViewIfNeeded();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
    const [popup] = await Promise.all([page.waitForEvent('popup'), tutorialLinks(page).nth(0).click()]);
    await expect(popup).toHaveURL('https://videos.example.org/newton');
    await popup.close();

    // In Bangla, the Bangla titles.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('button', { name: 'বাংলা' })
      .click();
    await expect(tutorialLinks(page).nth(0)).toContainText('নিউটনের গতিসূত্র');
    await expect(tutorialLinks(page).nth(1)).toContainText('টিউটোরিয়াল ১: বল ও গতি');
  },
);
