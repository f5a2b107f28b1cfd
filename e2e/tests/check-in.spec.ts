import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, request } from '@playwright/test';
import { adminApi, E2E_ADMIN } from '../support/admin.ts';
import { E2E_BASE_URL } from '../support/env.ts';
import { approvedEntrant } from '../support/exam-setup.ts';
import { expect, test } from '../support/fixtures.ts';
import { confirmSecondFactorInPage } from '../support/second-factor.ts';

/** The address printed under the admit card's QR code (the QR code holds the same), read from the PDF. */
async function verifyAddressOnAdmitCard(student: APIRequestContext): Promise<string> {
  const card = await student.get('/api/v1/ngso-1/admit-card');
  expect(card.status()).toBe(200);
  const folder = mkdtempSync(path.join(os.tmpdir(), 'admit-card-'));
  try {
    const file = path.join(folder, 'card.pdf');
    writeFileSync(file, await card.body());
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    const address = /https?:\/\/\S+\/verify\/[A-Za-z0-9_-]+/.exec(text)?.[0];
    if (!address) throw new Error(`no verification address on the admit card:\n${text}`);
    return new URL(address).pathname;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test.describe('check-in at the venue', () => {
  test.setTimeout(120_000);

  test("staff scan an admit card's QR code and check the entrant in; the console shows who has not arrived", async ({
    page,
  }) => {
    const admin = await adminApi();
    // Two entrants from a pick-up spot: one arrives, one does not.
    const spot = 'Gazipur — Chowrasta';
    const arrivingBrowser = await request.newContext({ baseURL: E2E_BASE_URL });
    const arriving = await approvedEntrant(arrivingBrowser, admin, 'junior', { pickupSpot: spot });
    const absent = await approvedEntrant(
      await request.newContext({ baseURL: E2E_BASE_URL }),
      admin,
      'junior',
      { pickupSpot: spot },
    );
    const verifyPath = await verifyAddressOnAdmitCard(arrivingBrowser);

    // Anyone who scans the code sees the public check, and nothing of the check-in.
    await page.goto(verifyPath);
    await expect(page.getByTestId('verify-roll')).toHaveText(arriving.rollNumber);
    await expect(page.getByRole('heading', { name: 'Check-in at the venue' })).toHaveCount(0);

    // A staff member signs in on their phone and opens the same code at the door.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/login');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(verifyPath);
    const checkIn = page.getByTestId('check-in');
    await checkIn.getByRole('link', { name: 'Confirm it is you' }).click();
    await confirmSecondFactorInPage(page);
    await expect(page).toHaveURL(new RegExp(`${verifyPath}$`));
    await expect(checkIn.getByTestId('check-in-state')).toHaveText('Not checked in yet.');
    await expect(checkIn.getByText(spot)).toBeVisible();
    await checkIn.getByRole('button', { name: 'Check in' }).click();
    await expect(checkIn.getByTestId('check-in-result')).toHaveText(
      `${arriving.student.name} is checked in.`,
    );
    const adminName = (await (await admin.get('/api/v1/user')).json()).user.name as string;
    await expect(checkIn.getByTestId('check-in-state')).toHaveText(
      new RegExp(`^Checked in at \\d{1,2} \\w{3}, \\d{2}:\\d{2} by ${adminName}\\.$`),
    );
    await expect(checkIn.getByRole('button', { name: 'Check in' })).toHaveCount(0);

    // Scanned again (another door, or a second look): it says when and by whom, and changes nothing.
    await page.reload();
    await expect(checkIn.getByTestId('check-in-state')).toHaveText(/^Checked in at .* by /);
    await expect(checkIn.getByRole('button', { name: 'Check in' })).toHaveCount(0);

    // The console: arrivals per category and pick-up spot, and who from that spot has not arrived.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/arrivals');
    await expect(page.getByRole('heading', { name: 'Arrivals at the final round' })).toBeVisible();
    const row = page
      .getByTestId('arrivals-groups')
      .getByRole('row')
      .filter({ hasText: spot })
      .filter({ hasText: 'Junior' });
    await row.getByRole('button', { name: /^Show the \d+ not arrived$/ }).click();
    await expect(page.getByRole('heading', { name: `Not arrived yet: Junior, ${spot}` })).toBeVisible();
    const missing = page.getByTestId('arrivals-missing');
    await expect(missing.getByRole('row').filter({ hasText: absent.rollNumber })).toHaveCount(1);
    await expect(missing.getByRole('row').filter({ hasText: arriving.rollNumber })).toHaveCount(0);
    await admin.dispose();
  });
});
