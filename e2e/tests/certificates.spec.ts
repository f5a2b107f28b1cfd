import { readFile } from 'node:fs/promises';
import { E2E_ADMIN, XHR } from '../support/admin.ts';
import { questionIds } from '../support/exam-answers.ts';
import { approvedStudent, setExamWindow } from '../support/exam-setup.ts';
import { expect } from '../support/fixtures.ts';
import { withServerPerTest } from '../support/own-server.ts';
import { confirmSecondFactorInPage } from '../support/second-factor.ts';

/** The journey publishes a category's results, which happens once: it runs on a server of its own. */
const serverTest = withServerPerTest;

serverTest.describe('certificates', () => {
  serverTest.setTimeout(150_000);

  serverTest(
    'a finalist downloads the certificate after publication, its QR address shows it is genuine, and the organisers download the ZIP',
    async ({ page, own, browser }) => {
      const admin = await own.adminApi();
      await setExamWindow(admin, 'junior', Date.now() - 60_000, Date.now() + 30 * 60_000);
      await approvedStudent(page, admin, 'junior');
      const submitted = await page.request.post('/api/v1/ngso-1/exam/submit', { headers: XHR, data: {} });
      expect(submitted.status(), await submitted.text()).toBe(200);

      // Before publication the result page offers no certificate.
      await page.goto('/national-round-result');
      await expect(page.getByText('Results are not out yet.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Download certificate' })).toHaveCount(0);

      // The organisers mark the answer and publish the category.
      const me = (await (await page.request.get('/api/v1/user')).json()) as { user: { id: string } };
      const [q1] = await questionIds(page.request, 'junior');
      const marked = await admin.put(`/api/v1/admin/submissions/${me.user.id}/marks`, {
        data: { question_id: q1, marks: 8 },
      });
      expect(marked.status(), await marked.text()).toBe(200);
      const published = await admin.post('/api/v1/admin/results/junior/publish', { data: {} });
      expect(published.status(), await published.text()).toBe(200);
      await admin.dispose();

      // The finalist downloads the certificate from the result page.
      await page.reload();
      await expect(page.getByTestId('result-award')).toHaveText('Future Scientist Award: Gold');
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download certificate' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('certificate.pdf');
      const pdf = await readFile((await download.path()) ?? '');
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // The certificate names its code (the document's keywords), the one its QR code opens.
      const code = /\(Nusrat Jahan, ([0-9a-f]{32})\)/.exec(pdf.toString('latin1'))?.[1];
      expect(code, 'the certificate carries its code').toBeTruthy();

      // Anyone who scans the QR code sees that it is genuine: name, award and year, nothing more.
      const visitor = await browser.newContext({ baseURL: own.url });
      const check = await visitor.newPage();
      await check.goto(`/verify/${code}`);
      await expect(check.getByTestId('certificate-genuine')).toHaveText(
        'This certificate is genuine: it was issued by the organisers.',
      );
      await expect(check.getByTestId('certificate-name')).toHaveText('Nusrat Jahan');
      await expect(check.getByTestId('certificate-award')).toHaveText('Future Scientist Award: Gold');
      await expect(check.getByTestId('certificate-year')).toHaveText(String(new Date().getFullYear()));
      await expect(check.getByTestId('verify-roll')).toHaveCount(0);
      await visitor.close();

      // The organisers download every certificate of the category as one ZIP from the console's results.
      const consoleContext = await browser.newContext({ baseURL: own.url });
      const organiser = await consoleContext.newPage();
      await organiser.goto('/login');
      await organiser.getByLabel('Email').fill(E2E_ADMIN.email);
      await organiser.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
      await organiser.getByRole('button', { name: 'Login' }).click();
      await expect(organiser).toHaveURL(/\/profile$/);
      await organiser.goto('/admin/results?category=junior');
      await confirmSecondFactorInPage(organiser, own.name);
      await expect(organiser).toHaveURL(/\/admin\/results\?category=junior$/);
      const zipping = organiser.waitForEvent('download');
      await organiser.getByRole('link', { name: 'Download certificates (ZIP)' }).click();
      const zip = await zipping;
      expect(zip.suggestedFilename()).toBe('certificates-ngso-1-junior.zip');
      const bytes = await readFile((await zip.path()) ?? '');
      expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
      await consoleContext.close();
    },
  );
});
