import AxeBuilder from '@axe-core/playwright';
import { request } from '@playwright/test';
import { adminApi, E2E_ADMIN, XHR } from '../support/admin.ts';
import { E2E_BASE_URL } from '../support/env.ts';
import { approvedEntrant, registeredEntrant } from '../support/exam-setup.ts';
import { expect, test } from '../support/fixtures.ts';
import { confirmSecondFactorInPage } from '../support/second-factor.ts';

/**
 * The dashboard's charts (issue 17, part 5; decision 036), on a 360 px phone: every chart is a figure with
 * a heading and a table of its numbers, shown by keyboard. Two students register in Sylhet, a division no
 * other journey uses, and one is approved: the map's table shows exactly them.
 */
const SYLHET = { division: 'Sylhet', district: 'Sylhet', sub_district: 'Beanibazar' };

test.describe('dashboard charts', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ viewport: { width: 360, height: 740 } });

  test('an organiser reads the charts as tables on a phone, by keyboard', async ({ page }) => {
    const admin = await adminApi();
    for (const enter of [approvedEntrant, registeredEntrant]) {
      const api = await request.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: XHR });
      await enter(api, admin, 'senior', { place: SYLHET });
      await api.dispose();
    }
    await admin.dispose();

    await page.goto('/admin');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await confirmSecondFactorInPage(page);
    await expect(page).toHaveURL(/\/admin$/);

    // Every chart is there, each a figure named by its heading.
    for (const name of [
      'Exam activity during the window',
      'Registrations per day',
      'Approved entrants by division',
      'Money expected and matched',
      'Grading progress',
      'Scores: Junior',
      'Scores: Senior',
      'Scores: Secondary',
    ]) {
      await expect(page.getByRole('figure', { name })).toBeVisible();
    }
    const map = page.getByRole('figure', { name: 'Approved entrants by division' });
    // The picture: a circle per division, drawn.
    await expect(map.locator('svg circle')).toHaveCount(8);

    // "Show as table", by keyboard: the numbers of the map, Sylhet's exactly those of this journey.
    const toggle = map.getByRole('button', { name: 'Show as table' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(map.getByRole('button', { name: 'Show as chart' })).toHaveAttribute('aria-expanded', 'true');
    const table = map.getByRole('table', { name: 'Approved entrants by division' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('columnheader')).toHaveText(['Division', 'Registered', 'Approved']);
    await expect(table.getByRole('row', { name: /^Sylhet / })).toHaveText(/^Sylhet\s*2\s*1$/);
    await expect(table.getByRole('row')).toHaveCount(9);

    // Money: a row per payment method and the total; the fee's Taka for every pending or approved one.
    const money = page.getByRole('figure', { name: 'Money expected and matched' });
    await money.getByRole('button', { name: 'Show as table' }).click();
    const total = money.getByRole('row', { name: /^Total / });
    await expect(total).toBeVisible();
    const cells = await total.getByRole('cell').allTextContents();
    const registrations = Number(cells[0]?.replace(/,/g, ''));
    expect(registrations).toBeGreaterThanOrEqual(2);
    expect(cells[1]).toBe(`${(registrations * 299).toLocaleString('en-US')} Taka`);

    // Back to the picture; the page fits the phone, and the charts pass the accessibility checks.
    await map.getByRole('button', { name: 'Show as chart' }).click();
    await expect(map.locator('svg')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const axe = await new AxeBuilder({ page }).include('figure').analyze();
    expect(axe.violations).toEqual([]);
  });
});
