import { readFile } from 'node:fs/promises';
import { questionIds, smallAnswerPhoto, storedAnswers } from '../support/exam-answers.ts';
import { approvedStudent, setExamWindow } from '../support/exam-setup.ts';
import { expect } from '../support/fixtures.ts';
import { waitForMail } from '../support/mailbox.ts';
import { withServerPerTest as test } from '../support/own-server.ts';

/** A receipt with one field of what it says changed, its signature kept: what a forger would try. */
function tampered(receipt: string, change: Record<string, unknown>) {
  const [version, body, signature] = receipt.split('.');
  const payload = { ...JSON.parse(Buffer.from(body ?? '', 'base64url').toString()), ...change };
  return `${version}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
}

/** An instant as the pages write it in Dhaka time, e.g. "November 29, 2026, 9:30:12 AM". */
function dhakaText(iso: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Dhaka',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      hour12: true,
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.month} ${parts.day}, ${parts.year}, ${parts.hour}:${parts.minute}:${parts.second} ${parts.dayPeriod}`;
}

// A receipt for every commitment (docs/decisions/062-signed-receipts.md), on a 360 px phone.
test.describe('receipts of answer photos', () => {
  test.use({
    viewport: { width: 360, height: 740 },
    // The refused receipt is a 422, which Chromium logs.
    allowedConsoleErrors: [/status of 422/],
  });
  test.setTimeout(240_000);

  test('a committed photo shows its receipt code; the success page lists and downloads it; /verify/receipt verifies it and refuses a tampered one', async ({
    page,
    own,
  }) => {
    const admin = await own.adminApi();
    await setExamWindow(admin, 'junior', Date.now() - 60_000, Date.now() + 30 * 60_000);
    const { rollNumber, email } = await approvedStudent(page, admin, 'junior');
    await admin.dispose();

    // A photo to question 1: recorded by the server, which answers with its receipt.
    await page.goto('/final-exam');
    await expect(page.getByRole('heading', { name: 'Question 1 of 6' })).toBeVisible();
    await page.getByTestId('images-input').setInputFiles([await smallAnswerPhoto('page-1.jpg', 80)]);
    await expect(page.getByTestId('saved-mark')).toHaveCount(1, { timeout: 30_000 });
    const codeOnExam = page.getByTestId('receipt-code');
    await expect(codeOnExam).toHaveText(/^Receipt [0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const code = ((await codeOnExam.textContent()) ?? '').replace('Receipt ', '');

    const [q1] = await questionIds(page.request, 'junior');
    const stored = (await storedAnswers(page.request)).get(q1 ?? '');
    const image = stored?.images[0] as {
      sha256: string;
      size: number;
      receipt?: string;
      receipt_code?: string;
    };
    expect(image.receipt_code).toBe(code);
    const receipt = image.receipt ?? '';

    // Submitted: the success page lists the receipt, and downloads every receipt as a file.
    await page.getByRole('button', { name: 'Submit Exam' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page).toHaveURL(/\/submission-success$/, { timeout: 45_000 });
    const receipts = page.getByTestId('receipts');
    await expect(receipts.getByRole('heading', { name: 'Your receipts' })).toBeVisible();
    await expect(receipts.getByTestId('receipt-row')).toHaveCount(1);
    await expect(receipts.getByTestId('receipt-row')).toContainText('Question 1, photo 1');
    await expect(receipts.getByTestId('receipt-row-code')).toHaveText(code);
    const downloading = page.waitForEvent('download');
    await receipts.getByRole('button', { name: 'Download the receipts' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('ngso-receipts.json');
    const file = JSON.parse(await readFile((await download.path()) ?? '', 'utf8'));
    expect(file.verify_at).toBe(`${own.url}/verify/receipt`);
    expect(file.receipts).toEqual([{ question: 1, code, sha256: image.sha256, receipt }]);

    // After a reload the server gives the same receipt again.
    await page.reload();
    await expect(page.getByTestId('receipt-row-code')).toHaveText(code);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The submission mail lists the same receipt, with the link that checks it (decision 068).
    const mail = await waitForMail(email, { containing: code, timeoutMs: 30_000 });
    expect(mail.subject).toBe('Your exam is submitted: the receipts of your photos');
    expect(mail.text).toContain(`Question 1, photo 1: ${code}\n${own.url}/verify/receipt#${receipt}`);

    // The receipt's check, with no sign-in: what it proves, in Dhaka time.
    await page.context().clearCookies();
    await receipts.getByRole('link', { name: `Check a receipt ${code}` }).click();
    await expect(page).toHaveURL(/\/verify\/receipt#v1\./);
    await expect(page.getByRole('heading', { name: 'Check a receipt' })).toBeVisible();
    const genuine = page.getByTestId('receipt-genuine');
    await expect(genuine).toContainText("This receipt is genuine: the olympiad's server signed it.");
    await expect(genuine.getByTestId('receipt-roll')).toHaveText(rollNumber);
    await expect(genuine.getByTestId('receipt-question')).toHaveText('1');
    await expect(genuine.getByTestId('receipt-sha256')).toHaveText(image.sha256);
    await expect(genuine.getByTestId('receipt-size')).toHaveText(
      `${image.size.toLocaleString('en-US')} bytes`,
    );
    await expect(genuine.getByTestId('receipt-code')).toHaveText(code);
    const checked = await page.request.post('/api/v1/receipts/verify', {
      data: { receipt },
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    const committedAt = (await checked.json()).data.committed_at as string;
    expect(committedAt).toMatch(/\+06:00$/);
    await expect(genuine.getByTestId('receipt-time')).toHaveText(dhakaText(committedAt));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // A receipt whose time was moved earlier, pasted: refused, and the proof is gone.
    const field = page.getByLabel('Receipt', { exact: true });
    await field.fill(tampered(receipt, { t: '2020-01-01T00:00:00.000Z' }));
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(page.getByTestId('receipt-refused')).toHaveText(
      'This receipt is not genuine: its signature does not match what it says. It was changed, or it was not issued by this olympiad.',
    );
    await expect(genuine).toBeHidden();

    // The genuine one, pasted by hand, is accepted again.
    await field.fill(receipt);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(page.getByTestId('receipt-genuine').getByTestId('receipt-code')).toHaveText(code);
    await expect(page.getByTestId('receipt-refused')).toBeHidden();
  });
});
