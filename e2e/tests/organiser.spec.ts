import { type APIRequestContext, type Page, request } from '@playwright/test';
import sharp from 'sharp';
import { adminApi, E2E_ADMIN, importPreliminaryResults, uniqueTransactionId, XHR } from '../support/admin.ts';
import { E2E_BASE_URL } from '../support/env.ts';
import { type ExamCategory, setExamWindow } from '../support/exam-setup.ts';
import { expect, newStudent, test } from '../support/fixtures.ts';
import { linkIn, verifyEmailThroughMail, waitForMail } from '../support/mailbox.ts';
import { codeNow, confirmSecondFactorInPage } from '../support/second-factor.ts';

type Person = ReturnType<typeof newStudent>;

/** A new account with its own API session (not the page's), signed in. Dispose `api` after use. */
async function account(name?: string): Promise<{ person: Person; api: APIRequestContext }> {
  const person = { ...newStudent(), ...(name ? { name } : {}) };
  const api = await request.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: XHR });
  const registered = await api.post('/api/v1/register', {
    data: { name: person.name, email: person.email, password: person.password, phone_number: person.phone },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  await verifyEmailThroughMail(api, person.email);
  return { person, api };
}

/** A qualified student who sends the final-round registration form (API): it waits, pending. */
async function pendingStudent(admin: APIRequestContext, category: ExamCategory, name?: string) {
  const student = await account(name);
  await importPreliminaryResults(admin, [
    {
      email: student.person.email,
      name: student.person.name,
      category,
      score: 50,
      total: 60,
      qualified: true,
    },
  ]);
  const transactionId = uniqueTransactionId();
  const form = await student.api.post('/api/v1/ngso-1/registration', {
    data: {
      name: student.person.name,
      institution: 'Notre Dame College',
      class: category === 'junior' ? 7 : category === 'senior' ? 9 : 11,
      division: 'Dhaka',
      district: 'Dhaka',
      sub_district: 'Dhamrai',
      guardian_name: 'Karim Rahman',
      guardian_phone: '01811111111',
      tshirt_size: 'L',
      pickup_spot: 'own',
      payment_method: 'nagad',
      payment_sender: '01722222222',
      transaction_id: transactionId,
    },
  });
  expect(form.status(), await form.text()).toBe(201);
  return { ...student, transactionId };
}

/** A photo of a handwritten answer (a JPEG with noise, so it does not compress to nothing). */
async function answerPhoto(shade: number) {
  const buffer = await sharp({
    create: {
      width: 900,
      height: 1200,
      channels: 3,
      background: { r: shade, g: 210, b: 200 },
      noise: { type: 'gaussian', mean: 128, sigma: 25 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  return { name: 'answer.jpg', mimeType: 'image/jpeg', buffer };
}

/** The student uploads a photo and saves it as the answer to `questionId` (the exam page's calls). */
async function answer(student: APIRequestContext, questionId: string, shade: number) {
  const upload = await student.post('/api/v1/upload', { multipart: { file: await answerPhoto(shade) } });
  expect(upload.ok(), await upload.text()).toBe(true);
  const { url } = (await upload.json()) as { url: string };
  const saved = await student.post('/api/v1/ngso-1/answers', {
    data: { question_id: questionId, image_urls: [url] },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function logOut(page: Page, name: string) {
  await page.getByRole('button', { name: `Account menu for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
}

const consoleNav = (page: Page) => page.getByRole('navigation', { name: 'Console sections' });

test.describe("the organisers' console", () => {
  test.setTimeout(150_000);

  test.describe('competitions', () => {
    // The refused form and the not-yet-scheduled exam are answered 422 and 404, which the browser logs.
    test.use({ allowedConsoleErrors: [/status of (422|404)/] });

    test("an admin creates next year's competition, works on it and sets its award bands", async ({
      page,
    }) => {
      const code = `ngso-e2e-${Date.now().toString(36)}`;
      await page.goto('/admin/competitions');
      await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await confirmSecondFactorInPage(page);
      await expect(page).toHaveURL(/\/admin\/competitions$/);
      const form = page.getByTestId('new-competition');
      await form.getByLabel('Code').fill('Not A Code');
      await form.getByLabel('Name').fill('National General Science Olympiad 2026');
      await form.getByRole('button', { name: 'Create competition' }).click();
      await expect(form.getByText('The code may use lower-case letters, digits and dashes')).toBeVisible();
      await form.getByLabel('Code').fill(code);
      await form.getByLabel('Fee (BDT)').fill('349');
      await form.getByRole('checkbox', { name: 'Secondary' }).uncheck();
      await form.getByRole('button', { name: 'Create competition' }).click();
      await expect(form.getByText(`Created ${code}.`)).toBeVisible();
      await form.getByRole('button', { name: `Work on ${code}` }).click();

      // The console now works on the new competition: the picker says so, and its exam is not scheduled.
      await expect(page.getByLabel('Competition', { exact: true })).toHaveValue(code);
      const settings = page.getByTestId('edit-competition');
      await expect(settings.getByRole('heading', { name: `Settings of ${code}` })).toBeVisible();
      await settings.getByLabel('Gold up to rank').fill('5');
      await settings.getByRole('button', { name: 'Save settings' }).click();
      await expect(settings.getByText('Award bands must not go down')).toBeVisible();
      await settings.getByLabel('Silver up to rank').fill('10');
      await settings.getByLabel('Bronze up to rank').fill('15');
      await settings.getByRole('button', { name: 'Save settings' }).click();
      await expect(settings.getByText('The settings are saved.')).toBeVisible();
      // Junior gets award bands of its own; after a reload they are still there.
      await settings.getByRole('checkbox', { name: 'Junior has award bands of its own' }).check();
      const junior = settings.getByRole('group', { name: 'Junior', exact: true });
      await expect(junior.getByLabel('Gold up to rank')).toHaveValue('5');
      await junior.getByLabel('Prize winners up to rank').fill('30');
      await settings.getByRole('button', { name: 'Save settings' }).click();
      await expect(settings.getByText('The settings are saved.')).toBeVisible();
      await page.reload();
      await expect(
        page
          .getByTestId('edit-competition')
          .getByRole('group', { name: 'Junior', exact: true })
          .getByLabel('Prize winners up to rank'),
      ).toHaveValue('30');

      await consoleNav(page).getByRole('link', { name: 'Exam' }).click();
      await expect(page.getByText('Not scheduled yet')).toBeVisible();
      await page.getByLabel('Competition', { exact: true }).selectOption('ngso-1');
      await expect(page.getByText('Not scheduled yet')).toBeHidden();
      await expect(page.getByText(/^Now: /)).toBeVisible();
    });
  });

  test("an admin reconciles the payment provider's statement and approves the matched registration", async ({
    page,
  }) => {
    const admin = await adminApi();
    const paid = await pendingStudent(admin, 'senior', 'Sadia Islam');
    const underpaid = await pendingStudent(admin, 'senior', 'Tanvir Hasan');
    const statement = [
      'TrxID,Amount,Sender',
      `${paid.transactionId},299,8801722222222`,
      `${underpaid.transactionId},29,01722222222`,
      'UNKNOWN999X,299,01733333333',
    ].join('\n');

    await page.goto('/admin/registrations');
    await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await confirmSecondFactorInPage(page);
    await expect(page).toHaveURL(/\/admin\/registrations$/);
    await page.getByRole('button', { name: 'Reconcile payments' }).click();
    await page.getByLabel('Statement (CSV)').setInputFiles({
      name: 'statement.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(statement),
    });
    await page.getByRole('button', { name: 'Reconcile', exact: true }).click();
    await expect(page.getByText('3 rows read: 1 matched, 1 wrong amount, 0 other sender')).toBeVisible();
    await expect(page.getByTestId('reconcile-matched')).toContainText('Sadia Islam');
    await expect(page.getByTestId('reconcile-wrong-amount')).toContainText('Tanvir Hasan');
    await expect(page.getByTestId('reconcile-unknown')).toContainText('UNKNOWN999X');

    // The matched row shows in the table with its badge, and one confirmed click approves it.
    await page.getByLabel('Payment statement').selectOption('matched');
    await page.getByRole('searchbox', { name: 'Search' }).fill(paid.person.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/payment=matched/);
    const matchedRows = page.getByTestId('registration-row');
    await expect(matchedRows).toHaveCount(1);
    await expect(matchedRows).toContainText('Paid (statement)');
    await page.getByRole('button', { name: 'Approve 1 matched registration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve the selected registrations?' });
    await expect(dialog).toContainText('Sadia Islam');
    await dialog.getByRole('button', { name: 'Approve 1' }).click();
    await expect(page.getByText('Approved 1; skipped 0.')).toBeVisible();
    await expect(matchedRows).toContainText('Approved');

    const status = await paid.api.get('/api/v1/ngso-1/registration/status');
    expect(
      ((await status.json()) as { data: { registration_status: string } }).data.registration_status,
    ).toBe('approved');
    await Promise.all([paid.api.dispose(), underpaid.api.dispose(), admin.dispose()]);
  });

  test('a student is not allowed in; an admin signs in via /login and approves a pending registration', async ({
    page,
  }) => {
    const admin = await adminApi();
    const student = await pendingStudent(admin, 'junior', 'Farhana Akter');

    // A student who opens /admin is told clearly that it is not for them.
    await page.goto('/login');
    await logIn(page, student.person.email, student.person.password);
    await expect(page).toHaveURL(/\/profile$/);
    await page.getByRole('button', { name: `Account menu for ${student.person.name}` }).click();
    await expect(page.getByRole('menuitem', { name: "Organisers' console" })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
    await logOut(page, student.person.name);

    // Signed out: /login, and back to the console after logging in.
    await page.goto('/admin/registrations');
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    // Staff confirm the sign-in with the authenticator app's code, then are back where they were going.
    await confirmSecondFactorInPage(page);
    await expect(page).toHaveURL(/\/admin\/registrations$/);
    await expect(consoleNav(page).getByRole('link')).toHaveText([
      'Dashboard',
      'Registrations',
      'Exam',
      'Grading',
      'Results',
      'Re-checks',
      'Arrivals',
      'Late photos',
      'Look-alike answers',
      'Preliminary import',
      'E-books',
      'Tutorials',
      'Announcements',
      'Users',
      'Audit log',
      'Competitions',
    ]);

    // Filter to pending, search the student's transaction by e-mail, open the row, approve.
    await page.getByLabel('Status').selectOption('pending');
    await page.getByRole('searchbox', { name: 'Search' }).fill(student.person.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/status=pending/);
    const rows = page.getByTestId('registration-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Pending');
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/api/v1/admin/registrations.csv?status=pending&q=${encodeURIComponent(student.person.email)}`,
    );
    await rows.first().getByRole('button', { name: 'View Farhana Akter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registration of Farhana Akter' });
    await expect(dialog.getByText('Nagad')).toBeVisible();
    await expect(dialog.getByText('01722222222')).toBeVisible();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.getByRole('button', { name: 'Yes, approve' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: 'Approved Farhana Akter: roll number' }),
    ).toBeVisible();
    // The pending filter now finds nothing; the student's status is approved.
    await expect(page.getByText('No registration matches these filters.')).toBeVisible();
    const status = await student.api.get('/api/v1/ngso-1/registration/status');
    expect(
      ((await status.json()) as { data: { registration_status: string } }).data.registration_status,
    ).toBe('approved');

    await student.api.dispose();
    await admin.dispose();
  });

  test.describe('the other sections', () => {
    // The import of a file with a bad row is refused (422), as it should be; Chromium logs that response.
    test.use({ allowedConsoleErrors: [/status of 422/] });

    test('dashboard, exam window and question preview, import errors by row, users, audit log', async ({
      page,
    }) => {
      const admin = await adminApi();
      const someone = await account('Mahmud Hossain');
      await page.goto('/login');
      await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await page.getByRole('button', { name: 'Account menu for' }).click();
      await page.getByRole('menuitem', { name: "Organisers' console" }).click();
      await confirmSecondFactorInPage(page);
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('heading', { name: 'Registrations by status' })).toBeVisible();
      await expect(page.getByText('Active in the last minute')).toBeVisible();

      // Exam: the window in Dhaka time (saved unchanged), the questions against 60 marks, a preview.
      await consoleNav(page).getByRole('link', { name: 'Exam' }).click();
      await page.getByRole('button', { name: 'Senior' }).click();
      // The live view: counts and every approved senior, refreshed by itself.
      const live = page.getByTestId('exam-live');
      await expect(live.getByRole('heading', { name: 'Live view' })).toBeVisible();
      await expect(live.getByTestId('live-approved')).toHaveText(/^\d+$/);
      await expect(page.getByLabel('Starts')).not.toHaveValue('');
      await page.getByRole('button', { name: 'Save window' }).click();
      await expect(page.getByText('The exam window is saved.')).toBeVisible();
      // The in-person final round's details, which approved students and their admit cards show.
      await expect(page.getByLabel('Date', { exact: true })).toHaveValue('December 26, 2024');
      await page.getByLabel('Venue').fill('Curzon Hall, University of Dhaka');
      await page.getByRole('button', { name: 'Save final-round details' }).click();
      await expect(page.getByText('The final-round details are saved.')).toBeVisible();
      await expect(page.getByText('Marks total: 60 of 60')).toBeVisible();
      await page.getByRole('button', { name: 'Add a question' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a question' });
      await dialog.getByLabel('Question (English)').fill('Why is the sky blue?');
      await dialog.getByLabel('Question (Bangla)').fill('আকাশ নীল কেন?');
      await expect(dialog.getByText('Preview: as the student sees it')).toBeVisible();
      await expect(dialog.getByText('আকাশ নীল কেন?', { exact: true }).last()).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();

      // Preliminary import: a file with a bad row is refused, its row named.
      await consoleNav(page).getByRole('link', { name: 'Preliminary import' }).click();
      await page.getByLabel('CSV file').setInputFiles({
        name: 'results.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          'email,name,category,score,total,qualified\nok@e2e.test,Ok,junior,40,60,true\nbad,Bad,adult,70,60,maybe\n',
        ),
      });
      await page.getByRole('button', { name: 'Import' }).click();
      await expect(page.getByTestId('import-errors')).toContainText('Row 3');

      // Users: find one, end the sessions after a confirmation; the audit log records it.
      await consoleNav(page).getByRole('link', { name: 'Users' }).click();
      await page.getByRole('searchbox', { name: 'Name, e-mail or phone' }).fill(someone.person.email);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page.getByTestId('user-row')).toHaveCount(1);
      await page.getByRole('button', { name: 'End sessions Mahmud Hossain' }).click();
      await page
        .getByRole('dialog', { name: 'End the sessions?' })
        .getByRole('button', { name: 'End sessions' })
        .click();
      await expect(page.getByText('Mahmud Hossain is signed out everywhere.')).toBeVisible();
      const profile = await someone.api.get('/api/v1/user');
      expect(profile.status()).toBe(401);

      // Staff join by invitation, never by a role given to whoever holds an address.
      const invitee = newStudent().email;
      const invite = page.getByRole('region', { name: 'Invite staff' });
      await invite.getByLabel('E-mail address').fill(invitee);
      await invite.getByLabel('Role').selectOption('admin');
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await expect(invite.getByText(`The invitation has been sent to ${invitee}.`)).toBeVisible();
      await expect(invite.getByRole('list', { name: 'Invitations waiting to be accepted' })).toContainText(
        invitee,
      );
      const mail = await waitForMail(invitee, { containing: '/accept-invitation?' });
      expect(mail.text).toContain('as an admin');

      await consoleNav(page).getByRole('link', { name: 'Audit log' }).click();
      await page.getByLabel('Action').fill('user.end_sessions');
      await page.getByRole('button', { name: 'Filter' }).click();
      await expect(page.getByRole('cell', { name: 'user.end_sessions' }).first()).toBeVisible();

      // Workable on a phone: the registrations table scrolls inside its frame, not the page.
      await page.setViewportSize({ width: 360, height: 740 });
      await consoleNav(page).getByRole('link', { name: 'Registrations' }).click();
      await expect(page.getByRole('heading', { name: 'Registrations', level: 1 })).toBeVisible();
      // (sr-only texts in a scrolled table must not widen the page: the table's frame is their containing block)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      await someone.api.dispose();
      await admin.dispose();
    });
  });

  test.describe('grading and publishing', () => {
    // Marks above the maximum (422), publishing with ungraded answers (409) and a grader's reads before
    // grading opens (403) are refused, as they should be; Chromium logs those responses.
    test.use({ allowedConsoleErrors: [/status of (403|409|422)/] });

    test('a grader grades one question for two students with the keyboard; the admin publishes; the student sees the result and a re-check changes it', async ({
      page,
    }) => {
      const admin = await adminApi();
      const category: ExamCategory = 'secondary';
      const first = await pendingStudent(admin, category, 'Tanvir Hasan');
      const second = await pendingStudent(admin, category, 'Sadia Islam');
      const rollNumbers: string[] = [];
      for (const student of [first, second]) {
        const id = (await (
          await admin.get('/api/v1/admin/registrations', { params: { q: student.person.email } })
        ).json()) as { data: { id: string }[] };
        const approved = await admin.post(`/api/v1/admin/registrations/${id.data[0]?.id}/approve`, {
          data: {},
        });
        expect(approved.status(), await approved.text()).toBe(200);
        rollNumbers.push(((await approved.json()) as { data: { roll_number: string } }).data.roll_number);
      }
      const [tanvirRoll] = rollNumbers;
      if (!tanvirRoll) throw new Error('Tanvir has no roll number');

      // The exam is open: both answer question 1; the first also answers question 2 (left ungraded).
      await setExamWindow(admin, category, Date.now() - 60_000, Date.now() + 30 * 60_000);
      const questions = (await (
        await first.api.get('/api/v1/ngso-1/questions', { params: { category } })
      ).json()) as { data: { id: string }[] };
      const [q1, q2] = questions.data.map((question) => question.id);
      if (!q1 || !q2) throw new Error('The exam has no questions');
      await answer(first.api, q1, 40);
      await answer(first.api, q2, 80);
      await answer(second.api, q1, 160);

      // A grader joins by invitation: the admin invites the address, the grader opens the mailed link,
      // chooses a password and is signed in.
      const graderEmail = newStudent().email;
      const invited = await admin.post('/api/v1/admin/invitations', {
        data: { email: graderEmail, role: 'grader' },
      });
      expect(invited.status(), await invited.text()).toBe(201);
      const invitation = await waitForMail(graderEmail, { containing: '/accept-invitation?' });
      expect(invitation.subject).toBe('You are invited to the National General Science Olympiad team');
      await page.goto(linkIn(invitation, `${E2E_BASE_URL}/accept-invitation?`));
      await expect(page.getByRole('heading', { name: 'Join the organisers' })).toBeVisible();
      await page.getByLabel('Your name').fill('Rafiq Grader');
      await page.getByLabel('New password', { exact: true }).fill('Grading-weekend-26');
      await page.getByLabel('Confirm new password').fill('Grading-weekend-26');
      await page.getByRole('button', { name: 'Accept invitation' }).click();
      // The first visit to the console sets up two-step sign-in with an authenticator app.
      await expect(page).toHaveURL(/\/two-factor/);
      await expect(
        page.getByRole('img', { name: 'QR code that adds this account to an authenticator app' }),
      ).toBeVisible();
      const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
      await page.getByLabel('Code from the app').fill(codeNow(secret));
      await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
      await expect(page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(
        10,
      );
      await page.getByRole('button', { name: 'I have saved these codes' }).click();
      // A grader lands on grading and sees only grading, results and the re-checks given to them.
      await expect(page).toHaveURL(/\/admin\/grading/);
      await expect(consoleNav(page).getByRole('link')).toHaveText(['Grading', 'Results', 'Re-checks']);

      // While the exam is still open, the grader sees no answer, only when grading opens.
      await page.getByLabel('Category').selectOption(category);
      await expect(page.getByTestId('grading-not-open')).toHaveText(
        'Grading opens when the exam has ended for every student in this category, extra time included.',
      );
      await expect(page.getByTestId('answer-image')).toHaveCount(0);

      // The exam is over: grading opens.
      await setExamWindow(admin, category, Date.now() - 3 * 3_600_000, Date.now() - 2 * 3_600_000);
      await page.reload();
      await expect(page.getByLabel('Category')).toHaveValue(category);
      // The shortcuts work when no field has the focus.
      await page.getByRole('heading', { name: 'Grading' }).click();
      await expect(page.getByLabel('Question')).toHaveValue(q1);
      await expect(page.getByText('J, → or ↓: leave this answer for later, take another')).toBeVisible();
      const count = page.getByTestId('graded-count');
      await expect(count).toHaveText('Graded 0 of 2');
      // The server hands the grader one answer at a time, held for them; names are hidden by default.
      const student = page.getByTestId('grading-student');
      await expect(student).toHaveText('Answer (name hidden)');
      const image = page.getByTestId('answer-image');
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      // The other answer's photo is fetched ahead.
      await expect(page.locator('link[rel="prefetch"]')).toHaveCount(1);
      const firstPhoto = await image.getAttribute('src');

      // Show who wrote it to know who is first (the order is the grader's own): a grader sees the roll
      // number, never the name.
      await page.keyboard.press('n');
      await expect(student).not.toHaveText('Answer (name hidden)');
      const firstShown = (await student.textContent()) ?? '';
      expect(firstShown).not.toMatch(/Tanvir|Sadia/);
      const firstIsTanvir = firstShown === tanvirRoll;
      await page.keyboard.press('n');
      await expect(student).toHaveText('Answer (name hidden)');

      // Zoom and rotate with the keys.
      await page.keyboard.press('+');
      await expect(page.getByText('125%')).toBeVisible();
      await page.keyboard.press('r');

      // 7 marks for the first answer: saved, and the server hands over the next one.
      await page.keyboard.press('7');
      await expect(count).toHaveText('Graded 1 of 2');
      await expect(page.getByText('Saved 7 marks. Here is the next answer.')).toBeVisible();
      await expect(image).not.toHaveAttribute('src', firstPhoto ?? '');
      await expect(page.getByTestId('answer-state')).toHaveText('Not graded yet.');
      // K goes back to the answer graded before (the marks are there); J leaves it and takes the other.
      await page.keyboard.press('k');
      await expect(image).toHaveAttribute('src', firstPhoto ?? '');
      await expect(page.getByText('Marks given: 7')).toBeVisible();
      await page.keyboard.press('j');
      await expect(page.getByTestId('answer-state')).toHaveText('Not graded yet.');
      await expect(image).not.toHaveAttribute('src', firstPhoto ?? '');
      // The grader sees the question's maximum; marks above it are refused before anything is sent.
      const marks = page.getByLabel(/^Marks \(0 to \d+\)$/);
      await marks.fill('99');
      await marks.press('Enter');
      await expect(page.getByText(/^Marks must be from 0 to \d+\.$/)).toBeVisible();
      await expect(count).toHaveText('Graded 1 of 2');
      // 5 marks with a comment, saved with Enter.
      await marks.fill('5');
      await page.getByLabel('Comment (optional)').fill('Good diagram, units missing.');
      await marks.press('Enter');
      await expect(count).toHaveText('Graded 2 of 2');
      await expect(page.getByText('Every answer to this question is graded.')).toBeVisible();

      // The grader sees the standings but cannot publish.
      await consoleNav(page).getByRole('link', { name: 'Results' }).click();
      await page.getByRole('button', { name: 'Secondary' }).click();
      await expect(page.getByTestId('ungraded-count')).toHaveText('1 answer ungraded');
      await expect(page.getByRole('button', { name: 'Publish results' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Export results (CSV)' })).toHaveCount(0);
      await logOut(page, 'Rafiq Grader');

      // The admin publishes: refused while an answer is ungraded, then with the explicit override.
      await page.goto('/admin/results?category=secondary');
      await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await confirmSecondFactorInPage(page);
      await expect(page).toHaveURL(/\/admin\/results\?category=secondary$/);
      const table = page.getByRole('table', { name: 'Standings of the Secondary category' });
      const tanvirTotal = firstIsTanvir ? '7' : '5';
      const sadiaTotal = firstIsTanvir ? '5' : '7';
      await expect(table.getByRole('row', { name: /Tanvir Hasan/ })).toContainText(tanvirTotal);
      await expect(table.getByRole('row', { name: /Sadia Islam/ })).toContainText(sadiaTotal);
      await expect(table.getByRole('row').nth(1)).toContainText('Gold (Future Scientist Award)');
      // The standings download as CSV, the first row the gold medallist.
      const exported = await page.request.get(
        (await page.getByRole('link', { name: 'Export results (CSV)' }).getAttribute('href')) ?? '',
      );
      const csvLines = (await exported.text()).split('\r\n');
      expect(csvLines[0]).toBe('\uFEFFrank,roll_number,name,total,award');
      expect(csvLines[1]).toMatch(/^1,.*,7,gold$/);
      await page.getByRole('button', { name: 'Publish results' }).click();
      const dialog = page.getByRole('dialog', { name: 'Publish the Secondary results?' });
      await expect(dialog.getByText('1 answer is not graded yet')).toBeVisible();
      await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
      await expect(dialog.getByRole('alert')).toBeVisible();
      await dialog.getByLabel('Publish anyway, with the ungraded answers counting as 0').check();
      await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('Published. 2 participants are being e-mailed.')).toBeVisible();
      await expect(page.getByText(/^Published on /)).toBeVisible();

      // The student sees the result page: marks per question, comment, total, rank and award.
      await logOut(page, 'Administrator');
      await page.goto('/login');
      await logIn(page, first.person.email, first.person.password);
      await expect(page).toHaveURL(/\/profile$/);
      await page.goto('/national-round-result');
      await expect(page.getByTestId('result-total')).toHaveText(`${tanvirTotal} / 60`);
      await expect(page.getByTestId('result-rank')).toHaveText(`${firstIsTanvir ? 1 : 2} of 2`);
      await expect(page.getByTestId('result-award')).toHaveText(
        `Future Scientist Award: ${firstIsTanvir ? 'Gold' : 'Silver'}`,
      );
      await expect(page.getByTestId('question-marks').first()).toHaveText(`${tanvirTotal} / 10`);
      if (!firstIsTanvir) await expect(page.getByText('Good diagram, units missing.')).toBeVisible();
      // The same through the API.
      const result = await first.api.get('/api/v1/ngso-1/result');
      expect(result.status()).toBe(200);
      const body = (await result.json()) as {
        data: {
          published: boolean;
          total: number;
          rank: number;
          award: string | null;
          questions: { question_id: string; marks_awarded: number | null; comment: string | null }[];
        };
      };
      expect(body.data.published).toBe(true);
      expect(body.data.total).toBe(Number(tanvirTotal));
      expect(body.data.rank).toBe(firstIsTanvir ? 1 : 2);
      expect(body.data.award).toBe(firstIsTanvir ? 'gold' : 'silver');
      const q1Result = body.data.questions.find((question) => question.question_id === q1);
      expect(q1Result?.marks_awarded).toBe(Number(tanvirTotal));
      expect(q1Result?.comment).toBe(firstIsTanvir ? null : 'Good diagram, units missing.');

      // A re-check: the student asks on the result page, with a reason.
      const rechecks = page.getByRole('region', { name: 'Re-checks' });
      await rechecks.getByRole('checkbox', { name: 'Question 1' }).check();
      await rechecks.getByLabel('Why should it be re-checked?').fill('My diagram shows the units.');
      await rechecks.getByRole('button', { name: 'Ask for a re-check' }).click();
      await expect(
        rechecks.getByText('Your re-check request is received. We will e-mail you the outcome.'),
      ).toBeVisible();
      await expect(rechecks.getByTestId('recheck-outcome')).toHaveText('being re-checked');

      // The admin gives it to a grader other than the one who marked it (here, the admin), who grades it
      // again without seeing the first mark.
      await logOut(page, first.person.name);
      await page.goto('/admin/rechecks');
      await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await confirmSecondFactorInPage(page);
      await expect(page).toHaveURL(/\/admin\/rechecks$/);
      const request = page.getByTestId('recheck-row').filter({ hasText: 'Tanvir Hasan' });
      await expect(request.getByLabel('Give to').getByRole('option', { name: 'Rafiq Grader' })).toHaveCount(
        0,
      );
      await request.getByLabel('Give to').selectOption({ label: 'Administrator' });
      await request.getByRole('button', { name: 'Assign' }).click();
      await expect(request.getByTestId('recheck-row-outcome')).toHaveText('Being re-checked');
      const card = page.getByTestId('recheck-to-decide');
      await expect(card.getByText("The student's reason: My diagram shows the units.")).toBeVisible();
      await card.getByLabel(/^Your marks \(0 to \d+\)$/).fill('9');
      await card.getByLabel('A sentence for the student').fill('The units are in the diagram.');
      await card.getByRole('button', { name: 'Save the re-check' }).click();
      await expect(
        page.getByText('Question 1: the mark is changed, and the student is mailed.'),
      ).toBeVisible();
      await expect(request.getByTestId('recheck-row-outcome')).toContainText(
        `Changed from ${tanvirTotal} to 9`,
      );

      // The student is mailed, and the result moves: 9 is now the best total.
      const outcome = await waitForMail(first.person.email, { containing: 'graded again by another grader' });
      expect(outcome.subject).toBe('The re-check of question 1');
      expect(outcome.text).toContain(`Your mark changed from ${tanvirTotal} to 9.`);
      const after = (await (await first.api.get('/api/v1/ngso-1/result')).json()) as typeof body;
      expect([after.data.total, after.data.rank, after.data.award]).toEqual([9, 1, 'gold']);

      for (const context of [first.api, second.api, admin]) await context.dispose();
    });
  });
});
