import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { adminApi, E2E_ADMIN } from '../support/admin.ts';
import { approvedStudent } from '../support/exam-setup.ts';
import { expect, test } from '../support/fixtures.ts';
import { waitForMail } from '../support/mailbox.ts';
import { confirmSecondFactorInPage } from '../support/second-factor.ts';

/**
 * Announcements (issue 17, part 4; decision 032): an organiser sends a notice to the approved entrants of
 * one pick-up spot from the console; the student gets the mail and sees the notice on the profile, on a
 * 360 px phone, until they mark it read with the keyboard; the console counts the delivery and the read.
 * The pick-up spot is one no other journey uses, so this student is the only recipient.
 */
const SPOT = 'Narayanganj — Chashara';
const notice = {
  titleEn: 'Bus from Chashara',
  titleBn: 'চাষাড়া থেকে বাস',
  bodyEn: 'The bus to the final round leaves Chashara at 7:00 sharp.',
  bodyBn: 'চূড়ান্ত পর্বের বাস চাষাড়া থেকে ঠিক ৭টায় ছাড়বে।',
};

async function consoleSignIn(page: Page) {
  await page.goto('/admin/announcements');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await confirmSecondFactorInPage(page);
  await expect(page).toHaveURL(/\/admin\/announcements$/);
}

test.describe('announcements', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ viewport: { width: 360, height: 740 } });

  test('an organiser sends a notice to a pick-up spot; the student reads it on the profile and marks it read', async ({
    page,
    browser,
  }) => {
    const admin = await adminApi();
    const student = await approvedStudent(page, admin, 'junior', { pickupSpot: SPOT });
    await admin.dispose();
    // No notice yet: the profile shows none.
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Notices from the organisers' })).toHaveCount(0);

    // The organiser, at a desk: the console's Announcements section.
    const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const organiser = await desk.newPage();
    await consoleSignIn(organiser);
    await expect(organiser.getByRole('heading', { name: 'Announcements', level: 1 })).toBeVisible();
    await organiser.getByLabel('Title in English').fill(notice.titleEn);
    await organiser.getByLabel('Title in Bangla').fill(notice.titleBn);
    await organiser.getByLabel('Text in English').fill(notice.bodyEn);
    await organiser.getByLabel('Text in Bangla').fill(notice.bodyBn);
    await organiser.getByLabel('Who gets it').selectOption({ label: 'Approved entrants of a pick-up spot' });
    await organiser.getByLabel('Approved entrants of a pick-up spot').selectOption(SPOT);
    await organiser.getByLabel('Mails a minute').fill('30');
    await organiser.getByRole('button', { name: 'Count recipients' }).click();
    await expect(organiser.getByText('Students in this group now: 1')).toBeVisible();
    await organiser.getByRole('button', { name: 'Send…' }).click();
    const dialog = organiser.getByRole('dialog', { name: 'Send this notice?' });
    await expect(dialog).toContainText(
      `“${notice.titleEn}” goes to 1 student now: on their profile at once, and by e-mail at 30 a minute.`,
    );
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(organiser.getByText(`Sent “${notice.titleEn}” to 1 student.`)).toBeVisible();
    const row = organiser.getByRole('row', { name: new RegExp(notice.titleEn) });
    await expect(row).toContainText(`Approved entrants of a pick-up spot: ${SPOT}`);

    // The mail comes through the outbox, in the student's language (English here).
    const mail = await waitForMail(student.email, { containing: notice.bodyEn });
    expect(mail.subject).toBe(notice.titleEn);

    // On the profile, on the phone: the notice, readable and operable by keyboard.
    await page.reload();
    const notices = page.getByRole('region', { name: 'Notices from the organisers' });
    await expect(notices.getByRole('heading', { name: notice.titleEn, level: 3 })).toBeVisible();
    await expect(notices).toContainText(notice.bodyEn);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const axe = await new AxeBuilder({ page }).include('[data-testid="profile-notices"]').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    const markRead = notices.getByRole('button', { name: `Mark “${notice.titleEn}” as read` });
    await markRead.focus();
    await page.keyboard.press('Enter');
    const marked = page.getByRole('status').filter({ hasText: 'Marked as read.' });
    await expect(marked).toBeFocused();
    await expect(page.getByRole('heading', { name: notice.titleEn })).toHaveCount(0);

    // Read stays read: gone after a reload too; the console counts the delivery and the read.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await expect(page.getByRole('heading', { name: notice.titleEn })).toHaveCount(0);
    await organiser.reload();
    const cells = organiser.getByRole('row', { name: new RegExp(notice.titleEn) }).getByRole('cell');
    // Recipients, delivered, failed, pending, read.
    await expect(cells.nth(2)).toHaveText('1');
    await expect(cells.nth(3)).toHaveText('1');
    await expect(cells.nth(4)).toHaveText('0');
    await expect(cells.nth(5)).toHaveText('0');
    await expect(cells.nth(6)).toHaveText('1');
    await desk.close();
  });
});
