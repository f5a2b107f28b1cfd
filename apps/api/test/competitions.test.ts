import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, signedInGrader } from './helpers/fixtures.ts';
import { client, createTestApp } from './helpers/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof client>;
let grader: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
  grader = await signedInGrader(t);
});
afterAll(() => t.close());

const NEXT_YEAR = {
  code: 'ngso-2',
  name: 'National General Science Olympiad 2026',
  fee_bdt: 349,
  categories: ['junior', 'senior'],
};

describe("next year's competition, without code changes", () => {
  it('lists ngso-1 with the default award bands', async () => {
    const list = await grader.get('/api/v1/admin/competitions');
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).toMatchObject({
      code: 'ngso-1',
      fee_bdt: 299,
      categories: ['junior', 'senior', 'secondary'],
      award_bands: { gold_up_to: 1, silver_up_to: 2, bronze_up_to: 3, prize_up_to: 50 },
    });
  });

  it('is created by an admin, scheduled per category, and scopes the console calls', async () => {
    const created = await admin.post('/api/v1/admin/competitions', NEXT_YEAR);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ ...NEXT_YEAR, award_bands: { prize_up_to: 50 } });
    const again = await admin.post('/api/v1/admin/competitions', NEXT_YEAR);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A competition with this code already exists.');
    const codes = (await admin.get('/api/v1/admin/competitions'))
      .json()
      .data.map((c: { code: string }) => c.code);
    expect(codes).toEqual(['ngso-1', 'ngso-2']);

    // Not scheduled yet; the first window schedules it; a category it does not run is not there.
    expect((await admin.get('/api/v1/admin/exams/junior?competition=ngso-2')).statusCode).toBe(404);
    const window = { starts_at: '2026-01-14T17:00:00+06:00', ends_at: '2026-01-14T18:00:00+06:00' };
    const scheduled = await admin.put('/api/v1/admin/exams/junior?competition=ngso-2', window);
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json().data).toMatchObject({ category: 'junior', duration_minutes: 60 });
    expect((await admin.get('/api/v1/admin/exams/junior?competition=ngso-2')).json().data.starts_at).toBe(
      '2026-01-14T17:00:00+06:00',
    );
    expect((await admin.put('/api/v1/admin/exams/secondary?competition=ngso-2', window)).statusCode).toBe(
      404,
    );
    // ngso-1 is untouched.
    expect((await admin.get('/api/v1/admin/exams/junior')).json().data.starts_at).toBe(
      '2025-01-14T17:00:00+06:00',
    );
    const registrations = await admin.get('/api/v1/admin/registrations?competition=ngso-2');
    expect(registrations.json().meta.total).toBe(0);

    const audit = (await admin.get('/api/v1/admin/audit?action=competition.create')).json().data[0];
    expect(audit).toMatchObject({ target_id: 'ngso-2', after: { fee_bdt: 349 } });
  });

  it('refuses bad input with clear messages', async () => {
    const badCode = await admin.post('/api/v1/admin/competitions', { ...NEXT_YEAR, code: 'NGSO 3' });
    expect(badCode.statusCode).toBe(422);
    expect(badCode.json().errors.code).toEqual([
      'The code may use lower-case letters, digits and dashes (up to 40), such as ngso-2.',
    ]);
    const noCategories = await admin.post('/api/v1/admin/competitions', {
      ...NEXT_YEAR,
      code: 'ngso-3',
      categories: [],
    });
    expect(noCategories.json().errors.categories).toEqual(['Choose at least one category, each once.']);
    const badFee = await admin.post('/api/v1/admin/competitions', {
      ...NEXT_YEAR,
      code: 'ngso-3',
      fee_bdt: -1,
    });
    expect(badFee.json().errors.fee_bdt).toEqual([
      'The fee must be a whole number of taka from 0 to 100000.',
    ]);
    const downhill = await admin.put('/api/v1/admin/competitions/ngso-2', {
      ...NEXT_YEAR,
      award_bands: { gold_up_to: 3, silver_up_to: 2, bronze_up_to: 3, prize_up_to: 50 },
    });
    expect(downhill.statusCode).toBe(422);
    expect(downhill.json().errors['award_bands.prize_up_to']).toEqual([
      'Award bands must not go down: gold ≤ silver ≤ bronze ≤ prize winners.',
    ]);
    expect(
      (await admin.put('/api/v1/admin/competitions/nope', { ...NEXT_YEAR, award_bands: {} })).statusCode,
    ).toBe(422);
  });

  it('lets graders read the list but only admins change it', async () => {
    expect(
      (await grader.post('/api/v1/admin/competitions', { ...NEXT_YEAR, code: 'ngso-9' })).statusCode,
    ).toBe(403);
    expect((await client(t.app).get('/api/v1/admin/competitions')).statusCode).toBe(401);
  });
});
