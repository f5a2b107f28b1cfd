import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, registeredStudent, test } from '../support/fixtures.ts';

/** A new student, registered through the API, then signed in through the login page. */
async function signedInStudent(page: Page) {
  const student = await registeredStudent(page.request);
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password', { exact: true }).fill(student.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-name')).toHaveText(student.name);
  return student;
}

/** axe's violations on the page as it is now, one line each. */
async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A phone-sized photo: 3000×2000 with noise (so it does not compress to nothing), as a camera JPEG. */
function cameraPhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 3000,
      height: 2000,
      channels: 3,
      background: { r: 40, g: 120, b: 200 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
}

test.describe('profile and photo', () => {
  // Playwright's trace recorder fetches the preview's blob: image to snapshot it, which the site's
  // CSP (connect-src 'self') blocks and Chromium logs. The app itself only shows blob: in <img>.
  test.use({ allowedConsoleErrors: [/^Connecting to 'blob:.*connect-src/s] });

  test.describe('on a 360 px phone screen', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('a student edits the profile through the location cascade and sees the card update', async ({
      page,
    }) => {
      await signedInStudent(page);
      await expect(page.getByTestId('profile-institution')).toHaveText('Not Provided');
      await expect(page.getByTestId('profile-division')).toHaveText('Not Specified');
      await expect(page.getByRole('link', { name: /My PDFs/ })).toHaveAttribute('href', '/my-pdfs');

      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      await page.getByRole('button', { name: 'Edit Profile' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('Full name')).toBeFocused();
      expect(await axeViolations(page)).toEqual([]);
      await expect(dialog.getByLabel('District', { exact: true })).toBeDisabled();
      await expect(dialog.getByLabel('Sub-district')).toBeDisabled();

      await dialog.getByLabel('Institution').fill('Notre Dame College');
      await dialog.getByLabel('Division').selectOption('Sylhet');
      await dialog.getByLabel('District', { exact: true }).selectOption('Sunamganj');
      await expect(dialog.getByLabel('Sub-district')).toBeEnabled();
      // A new division clears the district and sub-district below it.
      await dialog.getByLabel('Division').selectOption('Dhaka');
      await expect(dialog.getByLabel('District', { exact: true })).toHaveValue('');
      await expect(dialog.getByLabel('Sub-district')).toBeDisabled();
      await dialog.getByLabel('District', { exact: true }).selectOption('Gazipur');
      await dialog.getByLabel('Sub-district').selectOption('Kaliakair');

      const put = page.waitForRequest((request) => request.method() === 'PUT');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      expect((await put).postDataJSON()).toEqual({
        institution: 'Notre Dame College',
        division: 'Dhaka',
        district: 'Gazipur',
        sub_district: 'Kaliakair',
      });
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('profile-institution')).toHaveText('Notre Dame College');
      await expect(page.getByTestId('profile-division')).toHaveText('Dhaka');
      await expect(page.getByTestId('profile-district')).toHaveText('Gazipur');
      await expect(page.getByTestId('profile-sub-district')).toHaveText('Kaliakair');
      // Focus is back on the button that opened the dialog.
      await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeFocused();

      // Saved on the server: still there after a reload.
      await page.reload();
      await expect(page.getByTestId('profile-sub-district')).toHaveText('Kaliakair');

      // Nothing changed: the dialog closes without a call.
      let puts = 0;
      page.on('request', (request) => {
        if (request.method() === 'PUT') puts += 1;
      });
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      expect(puts).toBe(0);
    });
  });

  test('a student changes the photo with a real JPEG, compressed on the phone, and the avatars change', async ({
    page,
  }) => {
    // Keep a copy of the file the page sends (a multipart body is not visible to the test otherwise).
    await page.addInitScript(() => {
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (body) {
        if (body instanceof FormData) Object.assign(window, { sentFile: body.get('file') });
        return send.call(this, body);
      };
    });
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    const student = await signedInStudent(page);
    const account = page.getByRole('button', { name: `Account menu for ${student.name}` });
    await expect(account.locator('img')).toHaveCount(0); // initials until there is a photo

    const photo = await cameraPhoto();
    await page.getByRole('button', { name: 'Change Photo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Photo' });
    await dialog.getByLabel('Choose an image').setInputFiles({
      name: 'camera.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    await expect(dialog.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Save Photo' }).click();
    await expect(dialog).toBeHidden();

    // Compressed off the page's thread, in the worker.
    expect(workers.some((url) => url.includes('compress.worker'))).toBe(true);
    // What travelled was resized to 1600 px and re-encoded as JPEG in the browser (decision 076).
    const sent = await page.evaluate(async () => {
      const file = (window as unknown as { sentFile?: File }).sentFile;
      if (!file) return null;
      const dataUrl = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsDataURL(file);
      });
      return { name: file.name, type: file.type, base64: dataUrl.slice(dataUrl.indexOf(',') + 1) };
    });
    expect(sent).toMatchObject({ name: 'camera.jpg', type: 'image/jpeg' });
    const bytes = Buffer.from(sent?.base64 ?? '', 'base64');
    expect(bytes.length).toBeLessThan(photo.length * 0.75);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 1067 });

    // The navigation bar and the card show the new photo at once, loaded with the session cookie.
    const navImage = account.locator('img');
    await expect(navImage).toHaveAttribute('src', /^\/api\/v1\/media\//);
    await expect
      .poll(() => navImage.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    const src = await navImage.getAttribute('src');
    await expect(page.getByRole('article').locator(`img[src="${src}"]`)).toBeVisible();

    await page.reload();
    await expect(account.locator('img')).toHaveAttribute('src', src ?? '');
  });

  test('a file that is not an image, or one too large to send, is refused with a clear message and nothing is sent', async ({
    page,
  }) => {
    await signedInStudent(page);
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/photo')) uploads.push(request.url());
    });
    await page.getByRole('button', { name: 'Change Photo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Photo' });
    const input = dialog.getByLabel('Choose an image');
    const save = dialog.getByRole('button', { name: 'Save Photo' });

    // A text file named .jpg passes the picker but is not an image: the browser cannot decode it.
    await input.setInputFiles({
      name: 'notes.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('These are my notes, not a photo.\n'.repeat(1000)),
    });
    await save.click();
    await expect(dialog.getByRole('alert')).toHaveText('notes.jpg is not an image');

    // A 16 MB HEIC this browser cannot decode (so cannot make smaller) is over the 15 MB limit.
    await input.setInputFiles({
      name: 'IMG_0042.heic',
      mimeType: 'image/heic',
      buffer: Buffer.alloc(16 * 1024 * 1024, 7),
    });
    await save.click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'This file is larger than 15 MB. Please choose a smaller image.',
    );

    // A PDF is refused as soon as it is chosen.
    await input.setInputFiles({
      name: 'admit.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4'),
    });
    await expect(dialog.getByRole('alert')).toHaveText('admit.pdf is not an image');
    await expect(save).toBeDisabled();
    expect(uploads).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Change Photo' })).toBeFocused();
  });
});
