import { createHash, createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/lib/clock.ts';
import { generatedKeyFile } from '../src/lib/receipt-keys.ts';
import { registeredStudent, signedInAdmin, signedInGrader } from './helpers/fixtures.ts';
import { client, createTestApp } from './helpers/test-app.ts';

// A signed receipt for every photo commitment (docs/decisions/062-signed-receipts.md).
// The seeded junior exam: 2025-01-14 11:00 to 12:00 UTC.
const clock = fixedClock('2025-01-14T11:05:00Z');
let t: Awaited<ReturnType<typeof createTestApp>>;
let made = 0;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

/** A commitment as the page sends it (the bytes themselves are not needed for a receipt). */
function newPhoto() {
  made += 1;
  const bytes = Buffer.from(`photo ${made} ${Date.now()}`);
  return { sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
}

async function studentInExam() {
  const student = await registeredStudent(t, 'approved');
  const questions = (await student.browser.get('/api/v1/ngso-1/questions?category=junior')).json().data;
  return { ...student, questionIds: (questions as Array<{ id: string }>).map((q) => q.id) };
}

const verifyReceipt = (receipt: unknown) => client(t.app).post('/api/v1/receipts/verify', { receipt });

/** The receipt with one field of its payload changed, its signature kept. */
function tampered(receipt: string, change: Record<string, unknown>) {
  const [version, body, signature] = receipt.split('.');
  const payload = { ...JSON.parse(Buffer.from(body ?? '', 'base64url').toString()), ...change };
  return `${version}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
}

describe('receipts of photo commitments', () => {
  it('answers a commitment with a signed receipt per photo, and the same receipts on every later read', async () => {
    const { browser, questionIds } = await studentInExam();
    const [a, b] = [newPhoto(), newPhoto()];
    clock.set('2025-01-14T11:10:00.000Z');
    const first = await browser.post('/api/v1/ngso-1/answers', { question_id: questionIds[1], images: [a] });
    expect(first.statusCode).toBe(200);
    const [receiptA] = first.json().data.images as Array<{ receipt: string; receipt_code: string }>;
    expect(receiptA?.receipt).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(receiptA?.receipt_code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    // A later save of the same answer keeps the first photo's commitment time, so its receipt.
    clock.set('2025-01-14T11:20:00.000Z');
    const second = await browser.post('/api/v1/ngso-1/answers', {
      question_id: questionIds[1],
      images: [a, b],
      version: 1,
    });
    const images = second.json().data.images as Array<{ receipt: string; receipt_code: string }>;
    expect(images[0]).toMatchObject(receiptA ?? {});
    expect(images[1]?.receipt).not.toBe(receiptA?.receipt);

    const read = (await browser.get('/api/v1/ngso-1/answers')).json().data.data;
    expect(read[0].images.map((image: { receipt: string }) => image.receipt)).toEqual(
      images.map((image) => image.receipt),
    );

    const checked = await verifyReceipt(images[1]?.receipt);
    expect(checked.statusCode).toBe(200);
    expect(checked.json().data).toMatchObject({
      competition: 'ngso-1',
      roll_number: expect.stringMatching(/^T\d+-\d+$/),
      question_number: 2,
      question_id: questionIds[1],
      sha256: b.sha256,
      size: b.size,
      committed_at: '2025-01-14T17:20:00+06:00',
      code: images[1]?.receipt_code,
    });
    expect(checked.json().data.competition_name).toEqual(expect.any(String));
  });

  it('refuses a tampered receipt and a text that is not one, with a sentence that says which', async () => {
    const { browser, questionIds } = await studentInExam();
    const saved = await browser.post('/api/v1/ngso-1/answers', {
      question_id: questionIds[0],
      images: [newPhoto()],
    });
    const receipt = saved.json().data.images[0].receipt as string;

    for (const change of [{ t: '2025-01-14T10:59:00.000Z' }, { r: 'J-0001' }, { h: 'f'.repeat(64) }]) {
      const refused = await verifyReceipt(tampered(receipt, change));
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        status: 'error',
        message:
          'This receipt is not genuine: its signature does not match what it says. It was changed, or it was not issued by this olympiad.',
      });
    }
    for (const text of ['hello', receipt.slice(0, 40), `${receipt}x.y`]) {
      const refused = await verifyReceipt(text);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(
        'This is not a receipt of this olympiad. Please paste the whole receipt, starting with v1.',
      );
    }
    const bangla = await client(t.app).post(
      '/api/v1/receipts/verify',
      { receipt: tampered(receipt, { s: 1 }) },
      { 'accept-language': 'bn' },
    );
    expect(bangla.json().message).toMatch(/^এই রসিদটি আসল নয়/);
    for (const body of [{}, { receipt: 42 }, { receipt: 'x'.repeat(1001) }]) {
      const refused = await client(t.app).post('/api/v1/receipts/verify', body);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.receipt).toEqual([
        'This is not a receipt of this olympiad. Please paste the whole receipt, starting with v1.',
      ]);
    }
  });

  it('publishes the public key that checks the receipts on its own, named by the id each receipt carries', async () => {
    const { browser, questionIds } = await studentInExam();
    const saved = await browser.post('/api/v1/ngso-1/answers', {
      question_id: questionIds[0],
      images: [newPhoto()],
    });
    const receipt = saved.json().data.images[0].receipt as string;

    const published = await client(t.app).get('/api/v1/receipts/public-key');
    expect(published.statusCode).toBe(200);
    const { key_id, public_key_pem, public_key_spki, algorithm } = published.json().data;
    expect(algorithm).toBe('Ed25519');
    const publicKey = createPublicKey(public_key_pem);
    expect(publicKey.export({ type: 'spki', format: 'der' }).toString('base64')).toBe(public_key_spki);

    const [version, body, signature] = receipt.split('.');
    expect(JSON.parse(Buffer.from(body ?? '', 'base64url').toString()).k).toBe(key_id);
    expect(
      verify(null, Buffer.from(`${version}.${body}`), publicKey, Buffer.from(signature ?? '', 'base64url')),
    ).toBe(true);
  });

  it('signs with the configured key, keeps a generated one in the data folder otherwise, and checks retired keys', async () => {
    // Without RECEIPT_SIGNING_KEY the key was made once and kept in the data folder.
    const generated = createPublicKey(await readFile(generatedKeyFile({ DATA_DIR: t.dataDir }), 'utf8'));
    const { public_key_spki: currentKey } = (await client(t.app).get('/api/v1/receipts/public-key')).json()
      .data;
    expect(generated.export({ type: 'spki', format: 'der' }).toString('base64')).toBe(currentKey);

    const { browser, questionIds } = await studentInExam();
    const saved = await browser.post('/api/v1/ngso-1/answers', {
      question_id: questionIds[0],
      images: [newPhoto()],
    });
    const oldReceipt = saved.json().data.images[0].receipt as string;

    // A new key configured: its receipts verify, and the old key's only while it is listed as retired.
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    for (const [retired, expected] of [
      [undefined, 422],
      [currentKey, 200],
    ] as const) {
      const rotated = await createTestApp({
        clock,
        env: { RECEIPT_SIGNING_KEY: pem, ...(retired ? { RECEIPT_RETIRED_PUBLIC_KEYS: retired } : {}) },
      });
      try {
        const key = (await client(rotated.app).get('/api/v1/receipts/public-key')).json().data;
        expect(key.public_key_spki).toBe(
          createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('base64'),
        );
        const checked = await client(rotated.app).post('/api/v1/receipts/verify', { receipt: oldReceipt });
        expect(checked.statusCode).toBe(expected);
      } finally {
        await rotated.close();
      }
    }
  });

  it("shows an admin, not a grader, the student's receipt beside each photo in grading", async () => {
    clock.set('2025-01-14T11:30:00.000Z');
    const { browser, questionIds, user } = await studentInExam();
    const saved = await browser.post('/api/v1/ngso-1/answers', {
      question_id: questionIds[2],
      images: [newPhoto()],
    });
    const [held] = saved.json().data.images as Array<{ receipt: string; receipt_code: string }>;

    clock.set('2025-01-14T12:30:00.000Z'); // the window is over: grading is open
    const admin = await signedInAdmin(t);
    const grader = await signedInGrader(t, 'receipts.grader@example.com', clock.now());
    const claim = (who: typeof admin) =>
      who.post('/api/v1/admin/grading/claim', { question_id: questionIds[2], user_id: user.id });

    const asAdmin = await claim(admin);
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    expect(asAdmin.json().data.answer.images[0]).toMatchObject({
      receipt: held?.receipt,
      receipt_code: held?.receipt_code,
    });
    await admin.post('/api/v1/admin/grading/release', { question_id: questionIds[2], user_id: user.id });

    const asGrader = await claim(grader);
    expect(asGrader.statusCode, asGrader.body).toBe(200);
    expect(asGrader.json().data.answer.images[0]).not.toHaveProperty('receipt');
    expect(asGrader.json().data.answer.images[0]).not.toHaveProperty('receipt_code');
  });

  it('lists each late photo with its receipt for an admin: its late time, and the same receipt once it joins the answer', async () => {
    clock.set('2025-01-14T11:40:00.000Z');
    const { browser, questionIds, user } = await studentInExam();
    clock.set('2025-01-14T12:20:00.000Z'); // past the end and its grace: a late photo
    const photo = newPhoto();
    const sent = await browser.post('/api/v1/ngso-1/late-photos', {
      question_id: questionIds[1],
      ...photo,
      taken_at: '2025-01-14T17:59:10+06:00',
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const admin = await signedInAdmin(t);
    const listed = await admin.get('/api/v1/admin/late-photos/junior?per_page=100');
    expect(listed.statusCode, listed.body).toBe(200);
    const late = (
      listed.json().data as Array<{ user_id: string; receipt: string; receipt_code: string }>
    ).find((entry) => entry.user_id === user.id);
    expect(late?.receipt_code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const checked = await verifyReceipt(late?.receipt);
    expect(checked.statusCode).toBe(200);
    expect(checked.json().data).toMatchObject({
      question_number: 2,
      question_id: questionIds[1],
      sha256: photo.sha256,
      size: photo.size,
      committed_at: '2025-01-14T18:20:00+06:00',
      code: late?.receipt_code,
    });

    // Accepted, it joins the answer: the decision and the student's answer carry the same receipt.
    const accepted = await admin.post('/api/v1/admin/late-photos/decision', {
      user_id: user.id,
      sha256: photo.sha256,
      decision: 'accepted',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ receipt: late?.receipt, receipt_code: late?.receipt_code });
    const answers = (await browser.get('/api/v1/ngso-1/answers')).json().data.data;
    expect(answers[0].images[0]).toMatchObject({ sha256: photo.sha256, receipt: late?.receipt });
  });
});
