import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredStudent, signedInAdmin } from './helpers/fixtures.ts';
import { multipart } from './helpers/multipart.ts';
import { client, createTestApp } from './helpers/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

type Row = {
  id: string;
  transaction_id: string;
  registration_status: string;
  payment_matched_at: string | null;
};

/** A registration of the fixture, as the organisers' list shows it. */
async function registrationOf(email: string): Promise<Row> {
  const list = await admin.get(`/api/v1/admin/registrations?q=${encodeURIComponent(email)}`);
  return list.json().data[0];
}

const upload = (who: ReturnType<typeof client>, csv: string) =>
  who.request({
    method: 'POST',
    url: '/api/v1/admin/registrations/reconcile',
    ...multipart([{ name: 'statement.csv', data: Buffer.from(csv), type: 'text/csv' }]),
  });

describe('reconciling a payment statement', () => {
  it('marks matching pending registrations and lists wrong amounts, other senders, decided and unknown IDs', async () => {
    const [good, cheap, otherSender, approved] = await Promise.all([
      registeredStudent(t, 'pending'),
      registeredStudent(t, 'pending'),
      registeredStudent(t, 'pending'),
      registeredStudent(t, 'approved'),
    ]);
    const rows = await Promise.all(
      [good, cheap, otherSender, approved].map(({ user }) => registrationOf(user.email)),
    );
    const [goodRow, cheapRow, otherRow, approvedRow] = rows as [Row, Row, Row, Row];
    // The fixture's sender is 01711111111; statements write it in other forms, and the columns in another order.
    const csv = [
      '\uFEFFDate,TrxID,Sender No,Amount',
      `2025-01-02,${goodRow.transaction_id.toLowerCase()},+8801711111111,299.00`,
      `2025-01-02,${cheapRow.transaction_id},8801711111111,199`,
      `2025-01-02,${otherRow.transaction_id},01999999999,299`,
      `2025-01-02,${approvedRow.transaction_id},01711111111,299`,
      '2025-01-02,NOSUCHID123,01711111111,"1,299"',
      '2025-01-02,!!,01711111111,299',
    ].join('\n');

    const response = await upload(admin, csv);
    expect(response.statusCode).toBe(200);
    const report = response.json().data;
    expect(report.rows).toBe(6);
    expect(report.matched).toEqual([
      {
        row: 2,
        transaction_id: goodRow.transaction_id,
        registration_id: goodRow.id,
        name: expect.any(String),
      },
    ]);
    expect(report.wrong_amount).toEqual([
      expect.objectContaining({ row: 3, registration_id: cheapRow.id, amount: 199, expected: 299 }),
    ]);
    expect(report.sender_mismatch).toEqual([
      expect.objectContaining({ row: 4, registration_id: otherRow.id, sender: '01999999999' }),
    ]);
    expect(report.already_decided).toEqual([
      expect.objectContaining({ row: 5, registration_id: approvedRow.id, registration_status: 'approved' }),
    ]);
    expect(report.unknown).toEqual([
      { row: 6, transaction_id: 'NOSUCHID123', amount: 1299, sender: '01711111111' },
    ]);
    expect(report.invalid).toEqual([{ row: 7, message: expect.stringContaining('transaction ID') }]);

    // Only the match is marked; the filter finds it for one-click approval.
    expect((await registrationOf(good.user.email)).payment_matched_at).toEqual(expect.any(String));
    expect((await registrationOf(cheap.user.email)).payment_matched_at).toBeNull();
    const matched = await admin.get('/api/v1/admin/registrations?payment=matched&status=pending');
    expect(matched.json().data.map((row: Row) => row.id)).toEqual([goodRow.id]);

    const bulk = await admin.post('/api/v1/admin/registrations/bulk-approve', { ids: [goodRow.id] });
    expect(bulk.json().data.approved).toEqual([goodRow.id]);

    const audit = await admin.get('/api/v1/admin/audit?action=registrations.reconcile');
    expect(audit.json().data[0].after).toMatchObject({ matched: 1, wrong_amount: 1, unknown: 1, invalid: 1 });
  });

  it('names the missing columns, refuses an empty statement, and lists unreadable rows', async () => {
    const noColumns = await upload(admin, 'id,total\nABC123,299\n');
    expect(noColumns.statusCode).toBe(422);
    expect(noColumns.json().message).toBe(
      'The statement needs a header row with the columns transaction_id, amount and sender (in any order).',
    );
    const empty = await upload(admin, 'transaction_id,amount,sender\n');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('The statement has no payment rows.');
    const allBad = await upload(admin, 'transaction_id,amount,sender\n??,299,017\n');
    expect(allBad.statusCode).toBe(422);
    expect(allBad.json().errors).toEqual({ 'row 2': [expect.stringContaining('transaction ID')] });
  });

  it('is for admins only', async () => {
    const { browser } = await registeredStudent(t, 'pending');
    expect(
      (await upload(browser, 'transaction_id,amount,sender\nABCDEF1,299,01711111111\n')).statusCode,
    ).toBe(403);
    expect((await upload(client(t.app), 'x')).statusCode).toBe(401);
  });
});

/** A final-round form a junior (the fixture's category) resubmits. */
const juniorForm = (transactionId: string, sender = '01711111111') => ({
  name: 'Ayesha Rahman',
  institution: 'Rajshahi Collegiate School',
  class: 7,
  division: 'Rajshahi',
  district: 'Bogura',
  sub_district: 'Adamdighi',
  guardian_name: 'Karim Rahman',
  guardian_phone: '01811111111',
  tshirt_size: 'M',
  pickup_spot: 'own',
  payment_method: 'nagad',
  payment_sender: sender,
  transaction_id: transactionId,
});

/** Puts students in the preliminary results as qualified juniors (they may then register or resubmit). */
async function qualify(...emails: string[]) {
  const csv = `email,name,category,score,total,qualified\n${emails.map((e) => `${e},S,junior,40,60,true`).join('\n')}\n`;
  const response = await admin.request({
    method: 'POST',
    url: '/api/v1/admin/preliminary/import',
    ...multipart([{ name: 'results.csv', data: Buffer.from(csv), type: 'text/csv' }]),
  });
  expect(response.statusCode).toBe(200);
}

/** A pending registration matched by a statement, then rejected by an organiser. */
async function matchedThenRejected() {
  const student = await registeredStudent(t, 'pending');
  const row = await registrationOf(student.user.email);
  const reconciled = await upload(
    admin,
    `transaction_id,amount,sender\n${row.transaction_id},299,01711111111\n`,
  );
  expect(reconciled.json().data.matched).toHaveLength(1);
  const rejected = await admin.post(`/api/v1/admin/registrations/${row.id}/reject`, {
    reason: 'Blurred name',
  });
  expect(rejected.statusCode).toBe(200);
  return { ...student, row };
}

describe('a resubmitted registration and its matched payment', () => {
  it('clears the match when the transaction ID changes, and the paid ID never serves anyone else', async () => {
    const first = await matchedThenRejected();
    const other = await registeredStudent(t, 'rejected');
    await qualify(first.user.email, other.user.email);

    const resubmitted = await first.browser.post('/api/v1/ngso-1/registration', juniorForm('NEWTRX0001'));
    expect(resubmitted.statusCode).toBe(201);
    const after = await registrationOf(first.user.email);
    expect(after).toMatchObject({ registration_status: 'pending', transaction_id: 'NEWTRX0001' });
    expect(after.payment_matched_at).toBeNull();

    // The paid transaction ID is not free again: another student cannot take it.
    const taken = await other.browser.post(
      '/api/v1/ngso-1/registration',
      juniorForm(first.row.transaction_id),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.transaction_id).toEqual([
      'This transaction ID has already been used for a registration. Please check it.',
    ]);
    // Its statement line marks no one again.
    const again = await upload(
      admin,
      `transaction_id,amount,sender\n${first.row.transaction_id},299,01711111111\n`,
    );
    expect(again.json().data.matched).toEqual([]);
    const matched = await admin.get('/api/v1/admin/registrations?payment=matched&status=pending');
    expect(matched.json().data.map((row: Row) => row.id)).not.toContain(first.row.id);
  });

  it('clears the match when only the sender changes, and keeps it when the payment is unchanged', async () => {
    const changedSender = await matchedThenRejected();
    const unchanged = await matchedThenRejected();
    await qualify(changedSender.user.email, unchanged.user.email);

    await changedSender.browser.post(
      '/api/v1/ngso-1/registration',
      juniorForm(changedSender.row.transaction_id, '01999999999'),
    );
    expect((await registrationOf(changedSender.user.email)).payment_matched_at).toBeNull();

    const same = await unchanged.browser.post(
      '/api/v1/ngso-1/registration',
      juniorForm(unchanged.row.transaction_id),
    );
    expect(same.statusCode).toBe(201);
    expect((await registrationOf(unchanged.user.email)).payment_matched_at).toEqual(expect.any(String));
  });
});
