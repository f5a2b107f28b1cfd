import type { Category } from '@ngso/shared/constants';
import { categoryForClass } from '@ngso/shared/schemas/registration';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMails } from '../src/mail/outbox.repo.ts';
import { signedInAdmin, verifyEmailThroughMail } from './helpers/fixtures.ts';
import { multipart } from './helpers/multipart.ts';
import { client, createTestApp, newStudent } from './helpers/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp({ startMailWorker: false });
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

function importCsv(who: ReturnType<typeof client>, csv: string) {
  const body = multipart([{ name: 'results.csv', data: Buffer.from(csv), type: 'text/csv' }]);
  return who.request({ method: 'POST', url: '/api/v1/admin/preliminary/import', ...body });
}

let transaction = 0;
function form(overrides: Record<string, unknown> = {}) {
  transaction += 1;
  return {
    name: 'Ayesha Rahman',
    institution: 'Rajshahi Collegiate School',
    class: 9,
    division: 'Rajshahi',
    district: 'Bogura',
    sub_district: 'Adamdighi',
    guardian_name: 'Karim Rahman',
    guardian_phone: '01811111111',
    tshirt_size: 'M',
    pickup_spot: 'own',
    payment_method: 'bkash',
    payment_sender: '01711111111',
    transaction_id: `8N7A6D${String(transaction).padStart(4, '0')}`,
    ...overrides,
  };
}

/** A signed-in student whose e-mail is in the preliminary results (qualified unless told). */
async function student(qualified: boolean | null = true, category: Category = 'senior') {
  const details = newStudent();
  const browser = client(t.app);
  await browser.post('/api/v1/register', details);
  await verifyEmailThroughMail(t, details.email);
  if (qualified !== null) {
    const imported = await importCsv(
      admin,
      `email,name,category,score,total,qualified\n${details.email},Ayesha,${category},40,60,${qualified}\n`,
    );
    expect(imported.statusCode).toBe(200);
  }
  return { browser, details };
}

describe('preliminary results', () => {
  it('imports a CSV all or nothing, with row-numbered errors', async () => {
    const bad = await importCsv(
      admin,
      'email,name,category,score,total,qualified\nok@example.com,Ok,junior,10,60,true\nnot-an-email,X,junior,10,60,true\nz@example.com,Z,middle,70,60,maybe\n',
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe(
      'The file has errors; nothing was imported. Correct the rows listed and try again.',
    );
    expect(Object.keys(bad.json().errors)).toEqual(['row 3', 'row 4']);
    expect(bad.json().errors['row 4'][0]).toContain('category must be junior, senior or secondary');

    const { browser, details } = await student(null);
    expect(
      (await browser.post('/api/v1/ngso-1/preliminary/result', { email: details.email })).statusCode,
    ).toBe(404);
    const wrongHeader = await importCsv(admin, 'mail,name\nx@y.z,X\n');
    expect(wrongHeader.json().errors['row 1'][0]).toContain('the header must be');
  });

  it('answers a student for their own e-mail only', async () => {
    const { browser, details } = await student(true);
    const own = await browser.post('/api/v1/ngso-1/preliminary/result', {
      email: details.email.toUpperCase(),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
      status: 'success',
      data: {
        email: details.email,
        name: 'Ayesha',
        category: 'senior',
        score: 40,
        total: 60,
        qualified: true,
      },
    });
    const other = await browser.post('/api/v1/ngso-1/preliminary/result', {
      email: 'someone.else@example.com',
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('You can look up the preliminary result of your own email only.');
  });

  it('is for admins only', async () => {
    const { browser } = await student(null);
    expect((await importCsv(browser, 'email,name,category,score,total,qualified\n')).statusCode).toBe(403);
    expect((await importCsv(client(t.app), 'email,name,category,score,total,qualified\n')).statusCode).toBe(
      401,
    );
  });
});

describe('final-round registration', () => {
  it('refuses a student with no preliminary result, and one who did not qualify, naming the rule', async () => {
    const none = await student(null);
    const refused = await none.browser.post('/api/v1/ngso-1/registration', form());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      `We found no Online Selection Round result for ${none.details.email}. Only those who took the Online Selection Round may register for the Final Round, using the same e-mail as in that round.`,
    );
    const failed = await student(false);
    const notQualified = await failed.browser.post('/api/v1/ngso-1/registration', form());
    expect(notQualified.statusCode).toBe(403);
    expect(notQualified.json().message).toContain('did not qualify');
  });

  it('registers a qualified student as pending, with the category from the class, and queues the mail', async () => {
    const { browser, details } = await student(true, 'secondary');
    const response = await browser.post(
      '/api/v1/ngso-1/registration',
      form({ class: 11, transaction_id: 'abc123xyz' }),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      status: 'success',
      category: 'secondary',
      data: { registration_status: 'pending' },
    });
    expect(Date.parse(body.data.registration_date)).not.toBeNaN();

    const status = (await browser.get('/api/v1/ngso-1/registration/status')).json();
    expect(status).toMatchObject({
      category: 'secondary',
      admit_card_url: null,
      data: { registration_status: 'pending' },
    });
    const stored = (await browser.get('/api/v1/ngso-1/registration')).json().data;
    expect(stored.transaction_id).toBe('ABC123XYZ');

    const mails = (await listMails(t.db)).filter((mail) => mail.to === details.email);
    expect(mails.map((mail) => mail.subject)).toContain('We received your final-round registration');
  });

  it('never trusts a category from the client', async () => {
    const { browser } = await student(true);
    const response = await browser.post(
      '/api/v1/ngso-1/registration',
      form({ class: 9, category: 'secondary' }),
    );
    expect(response.json().category).toBe('senior');
  });

  it('takes the category from the preliminary result: a class of another category is refused in both languages', async () => {
    const { browser } = await student(true); // qualified in senior
    const junior = await browser.post('/api/v1/ngso-1/registration', form({ class: 6 }));
    expect(junior.statusCode).toBe(422);
    expect(junior.json().errors).toEqual({
      class: [
        'You qualified in the senior category (classes 9 and 10): please choose class 9 or 10. If your preliminary result is wrong, please contact the organisers.',
      ],
    });
    const secondary = await browser.post('/api/v1/ngso-1/registration', form({ class: 12 }), {
      'accept-language': 'bn',
    });
    expect(secondary.statusCode).toBe(422);
    expect(secondary.json().errors.class).toEqual([
      'আপনি সিনিয়র ক্যাটাগরিতে (৯ম ও ১০ম শ্রেণি) উত্তীর্ণ হয়েছেন: ৯ম বা ১০ম শ্রেণি বেছে নিন। প্রাথমিক পর্বের ফলাফল ভুল হলে আয়োজকদের সাথে যোগাযোগ করুন।',
    ]);
    const status = await browser.get('/api/v1/ngso-1/registration/status');
    expect(status.json().data.registration_status).toBeNull();
    const fitting = await browser.post('/api/v1/ngso-1/registration', form({ class: 10 }));
    expect(fitting.statusCode).toBe(201);
    expect(fitting.json().category).toBe('senior');
  });

  it('allows one registration per account, and one use of a transaction ID', async () => {
    const first = await student(true);
    const used = form();
    expect((await first.browser.post('/api/v1/ngso-1/registration', used)).statusCode).toBe(201);
    const again = await first.browser.post('/api/v1/ngso-1/registration', form());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already registered for the final round.');

    const second = await student(true);
    const reused = await second.browser.post('/api/v1/ngso-1/registration', {
      ...form(),
      transaction_id: used.transaction_id.toLowerCase(),
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().errors.transaction_id).toEqual([
      'This transaction ID has already been used for a registration. Please check it.',
    ]);
  });

  it.each([
    [{ class: 5 }, 'class', 'Please choose a class from 6 to 12.'],
    [{ class: '9' }, 'class', 'Please choose a class from 6 to 12.'],
    [{ tshirt_size: 'XXXL' }, 'tshirt_size', 'Please choose a T-shirt size.'],
    [
      { pickup_spot: 'The Moon' },
      'pickup_spot',
      'Please choose a pick-up spot from the list, or your own transport.',
    ],
    [{ payment_method: 'paypal' }, 'payment_method', 'Please choose bKash, Nagad or Rocket.'],
    [
      { transaction_id: 'x!' },
      'transaction_id',
      'Please enter the transaction ID from your payment message (6 to 20 letters and digits).',
    ],
    [{ district: 'Gazipur' }, 'district', 'Please choose a district of the chosen division.'],
    [
      { guardian_phone: '123' },
      'guardian_phone',
      'Please enter a Bangladeshi mobile number, such as 01712345678.',
    ],
    [{ institution: '' }, 'institution', 'This field is required.'],
  ])('refuses %j with 422 on %s', async (change, field, message) => {
    const { browser } = await student(true);
    const response = await browser.post('/api/v1/ngso-1/registration', form(change));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
  });

  it('is 401 signed out and 404 for an unknown competition', async () => {
    expect((await client(t.app).post('/api/v1/ngso-1/registration', form())).statusCode).toBe(401);
    const { browser } = await student(true);
    expect((await browser.post('/api/v1/ngso-7/registration', form())).statusCode).toBe(404);
  });
});

describe('approval and rejection', () => {
  async function pending(classLevel = 9) {
    const s = await student(true, categoryForClass(classLevel));
    await s.browser.post('/api/v1/ngso-1/registration', form({ class: classLevel }));
    const user = (await s.browser.get('/api/v1/user')).json().user;
    const [row] =
      (await t.db.query.registrations.findMany({ where: (r, { eq }) => eq(r.userId, user.id) })) ?? [];
    return { ...s, id: row?.id ?? '' };
  }

  it('approves with a roll number per category, then the status shows the admit card and final-round details', async () => {
    const a = await pending(9);
    const b = await pending(10);
    const c = await pending(7);
    const approvedA = await admin.post(`/api/v1/admin/registrations/${a.id}/approve`);
    expect(approvedA.statusCode).toBe(200);
    const approvedB = (await admin.post(`/api/v1/admin/registrations/${b.id}/approve`)).json();
    const approvedC = (await admin.post(`/api/v1/admin/registrations/${c.id}/approve`)).json();
    const rollA = approvedA.json().data.roll_number;
    expect(rollA).toMatch(/^SR-\d{4}$/);
    expect(Number(approvedB.data.roll_number.slice(3))).toBe(Number(rollA.slice(3)) + 1);
    expect(approvedC.data.roll_number).toMatch(/^JR-\d{4}$/);

    const status = (await a.browser.get('/api/v1/ngso-1/registration/status')).json();
    expect(status.data.registration_status).toBe('approved');
    expect(status.admit_card_url).toBe('/api/v1/ngso-1/admit-card');
    expect(status.exam_details).toMatchObject({ date: 'December 26, 2024', reporting_time: '8:30 AM' });
    const mails = (await listMails(t.db)).filter((mail) => mail.to === a.details.email);
    expect(mails.at(-1)?.subject).toBe('Your final-round registration is approved');
    expect(mails.at(-1)?.text).toContain(rollA);

    const again = await admin.post(`/api/v1/admin/registrations/${a.id}/approve`);
    expect(again.statusCode).toBe(409);
  });

  it('rejects with a reason; the student corrects and resubmits, back to pending', async () => {
    const s = await pending();
    const noReason = await admin.post(`/api/v1/admin/registrations/${s.id}/reject`, { reason: ' ' });
    expect(noReason.statusCode).toBe(422);
    const rejected = await admin.post(`/api/v1/admin/registrations/${s.id}/reject`, {
      reason: 'The transaction ID does not match any payment.',
    });
    expect(rejected.json().data).toMatchObject({ registration_status: 'rejected', roll_number: null });
    const status = (await s.browser.get('/api/v1/ngso-1/registration/status')).json();
    expect(status.data).toMatchObject({
      registration_status: 'rejected',
      rejection_reason: 'The transaction ID does not match any payment.',
    });
    const mail = (await listMails(t.db)).filter((m) => m.to === s.details.email).at(-1);
    expect(mail?.subject).toBe('Your final-round registration needs a correction');
    expect(mail?.text).toContain('The transaction ID does not match any payment.');

    const resubmitted = await s.browser.post('/api/v1/ngso-1/registration', form());
    expect(resubmitted.statusCode).toBe(201);
    expect((await s.browser.get('/api/v1/ngso-1/registration/status')).json().data).toMatchObject({
      registration_status: 'pending',
      rejection_reason: null,
    });
  });

  it('is for admins only, and says 404 for an unknown registration', async () => {
    const s = await pending();
    expect((await s.browser.post(`/api/v1/admin/registrations/${s.id}/approve`)).statusCode).toBe(403);
    expect((await client(t.app).post(`/api/v1/admin/registrations/${s.id}/approve`)).statusCode).toBe(401);
    expect((await admin.post('/api/v1/admin/registrations/not-an-id/approve')).statusCode).toBe(404);
    expect(
      (
        await admin.post('/api/v1/admin/registrations/00000000-0000-4000-8000-000000000000/reject', {
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('the admit card', () => {
  it('is a one-page PDF with the name and roll number for the approved student, 403 before approval', async () => {
    const s = await student(true, 'junior');
    await s.browser.post('/api/v1/ngso-1/registration', form({ name: 'Tahmid Hasan', class: 8 }));
    expect((await s.browser.get('/api/v1/ngso-1/admit-card')).statusCode).toBe(403);
    const user = (await s.browser.get('/api/v1/user')).json().user;
    const [row] = await t.db.query.registrations.findMany({ where: (r, { eq }) => eq(r.userId, user.id) });
    const roll = (await admin.post(`/api/v1/admin/registrations/${row?.id}/approve`)).json().data.roll_number;

    const card = await s.browser.get('/api/v1/ngso-1/admit-card');
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('application/pdf');
    expect(card.headers['content-disposition']).toBe('attachment; filename="final_round_admit_card.pdf"');
    const pdf = await PDFDocument.load(card.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    // The text itself is drawn as shaped outlines; its plain copy is checked by the PDF suite (test/pdf).
    expect(pdf.getTitle()).toContain('Tahmid Hasan');
    expect(`${pdf.getSubject()} ${pdf.getKeywords()}`).toContain(roll);

    expect((await client(t.app).get('/api/v1/ngso-1/admit-card')).statusCode).toBe(401);
    const other = await student(true);
    expect((await other.browser.get('/api/v1/ngso-1/admit-card')).statusCode).toBe(404);
  });
});

describe('admit card verification', () => {
  it('shows name, roll, category and status for a code, and nothing for an unknown one', async () => {
    const s = await student(true, 'secondary');
    await s.browser.post('/api/v1/ngso-1/registration', form({ class: 12 }));
    const user = (await s.browser.get('/api/v1/user')).json().user;
    const [row] = await t.db.query.registrations.findMany({ where: (r, { eq }) => eq(r.userId, user.id) });
    await admin.post(`/api/v1/admin/registrations/${row?.id}/approve`);
    const [approved] = await t.db.query.registrations.findMany({
      where: (r, { eq }) => eq(r.userId, user.id),
    });
    const code = approved?.verificationCode ?? '';
    expect(code).not.toContain(approved?.rollNumber ?? '-');
    const response = await client(t.app).get(`/api/v1/verify/${code}`);
    expect(response.json()).toEqual({
      status: 'success',
      data: {
        name: 'Ayesha Rahman',
        roll_number: approved?.rollNumber,
        category: 'secondary',
        registration_status: 'approved',
      },
    });
    expect(response.body).not.toContain(s.details.email);
    const unknown = await client(t.app).get('/api/v1/verify/AAAAAAAAAAAAAAAA');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No admit card matches this code.');
  });
});

describe("the organisers' registration list", () => {
  it('filters, searches and pages on the server, for admins only', async () => {
    const s = await student(true, 'secondary');
    await s.browser.post(
      '/api/v1/ngso-1/registration',
      form({ name: 'Searchable Sadia', class: 12, transaction_id: 'FINDME123' }),
    );
    const byName = (await admin.get('/api/v1/admin/registrations?q=searchable')).json();
    expect(byName.data).toHaveLength(1);
    expect(byName.data[0]).toMatchObject({
      name: 'Searchable Sadia',
      email: s.details.email,
      category: 'secondary',
      class: 12,
      registration_status: 'pending',
      transaction_id: 'FINDME123',
      roll_number: null,
    });
    expect(byName.meta).toEqual({ page: 1, per_page: 50, total: 1 });
    expect(
      (await admin.get(`/api/v1/admin/registrations?q=${encodeURIComponent(s.details.email)}`)).json().meta
        .total,
    ).toBe(1);
    expect((await admin.get('/api/v1/admin/registrations?q=findme1')).json().meta.total).toBe(1);
    expect(
      (await admin.get('/api/v1/admin/registrations?q=searchable&status=approved')).json().meta.total,
    ).toBe(0);
    expect(
      (
        await admin.get('/api/v1/admin/registrations?q=searchable&category=secondary&division=Rajshahi')
      ).json().meta.total,
    ).toBe(1);
    expect((await admin.get('/api/v1/admin/registrations?q=100%25_')).statusCode).toBe(200);
    const paged = (await admin.get('/api/v1/admin/registrations?per_page=2&page=2')).json();
    expect(paged.data.length).toBeLessThanOrEqual(2);
    expect(paged.meta.page).toBe(2);
    expect((await admin.get('/api/v1/admin/registrations?status=lost')).statusCode).toBe(422);
    expect((await s.browser.get('/api/v1/admin/registrations')).statusCode).toBe(403);
    expect(JSON.stringify(byName)).not.toMatch(/password|hash/i);
  });
});

describe('final-round details', () => {
  it('are edited by admins and shown to approved students of that category', async () => {
    const current = (await admin.get('/api/v1/admin/final-round/secondary')).json().data;
    expect(current.date).toBe('December 27, 2024');
    const changed = await admin.put('/api/v1/admin/final-round/secondary', {
      ...current,
      venue: 'Curzon Hall, University of Dhaka',
      reporting_time: '8:00 AM',
    });
    expect(changed.json().data).toMatchObject({
      venue: 'Curzon Hall, University of Dhaka',
      reporting_time: '8:00 AM',
    });
    const s = await student(true, 'secondary');
    await s.browser.post('/api/v1/ngso-1/registration', form({ class: 11 }));
    const user = (await s.browser.get('/api/v1/user')).json().user;
    const [row] = await t.db.query.registrations.findMany({ where: (r, { eq }) => eq(r.userId, user.id) });
    await admin.post(`/api/v1/admin/registrations/${row?.id}/approve`);
    const status = (await s.browser.get('/api/v1/ngso-1/registration/status')).json();
    expect(status.exam_details).toMatchObject({
      venue: 'Curzon Hall, University of Dhaka',
      reporting_time: '8:00 AM',
    });
    const audit = (await admin.get('/api/v1/admin/audit?action=final_round.details')).json().data[0];
    expect(audit).toMatchObject({
      before: { reporting_time: '8:30 AM' },
      after: { reporting_time: '8:00 AM' },
    });
    expect(
      (await admin.put('/api/v1/admin/final-round/secondary', { ...current, venue: 'x'.repeat(301) }))
        .statusCode,
    ).toBe(422);
    expect((await s.browser.put('/api/v1/admin/final-round/secondary', current)).statusCode).toBe(403);
  });
});
