import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrations } from '../src/db/schema.ts';
import { registeredStudent, signedInAdmin, signedInGrader } from './helpers/fixtures.ts';
import { client, createTestApp } from './helpers/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof client>;
let grader: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp({ startMailWorker: false });
  admin = await signedInAdmin(t);
  grader = await signedInGrader(t);
});
afterAll(() => t.close());

const nameOf = async (who: ReturnType<typeof client>) => (await who.get('/api/v1/user')).json().user.name;
const checkInsAudited = async (registrationId: string) =>
  (
    (await admin.get('/api/v1/admin/audit?per_page=200')).json().data as Array<{
      action: string;
      target_id: string;
    }>
  ).filter((entry) => entry.action === 'registration.check_in' && entry.target_id === registrationId).length;

describe('check-in at the venue', () => {
  it('checks an approved entrant in once: a second scan changes nothing and says who did it', async () => {
    const entrant = await registeredStudent(t, 'approved', 'senior', 'Dhaka — Farmgate');
    const before = await grader.get(`/api/v1/admin/check-ins/${entrant.code}`);
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toMatchObject({
      registration_id: entrant.registrationId,
      name: entrant.user.name,
      category: 'senior',
      institution: 'School',
      pickup_spot: 'Dhaka — Farmgate',
      registration_status: 'approved',
      checked_in_at: null,
      checked_in_by: null,
    });

    const scannedAt = t.app.clock.now().getTime();
    const first = await grader.post(`/api/v1/admin/check-ins/${entrant.code}`, {});
    expect(first.statusCode).toBe(200);
    const checkedIn = first.json().data;
    expect(checkedIn).toMatchObject({ newly_checked_in: true, checked_in_by: await nameOf(grader) });
    expect(Date.parse(checkedIn.checked_in_at)).toBeGreaterThanOrEqual(scannedAt);
    expect(Date.parse(checkedIn.checked_in_at)).toBeLessThanOrEqual(t.app.clock.now().getTime());

    const again = await admin.post(`/api/v1/admin/check-ins/${entrant.code}`, {});
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({
      newly_checked_in: false,
      checked_in_at: checkedIn.checked_in_at,
      checked_in_by: checkedIn.checked_in_by,
    });
    expect(await checkInsAudited(entrant.registrationId)).toBe(1);
  });

  it('records one arrival when two staff members scan the same card at once', async () => {
    const entrant = await registeredStudent(t, 'approved', 'junior');
    const answers = await Promise.all([
      grader.post(`/api/v1/admin/check-ins/${entrant.code}`, {}),
      admin.post(`/api/v1/admin/check-ins/${entrant.code}`, {}),
      grader.post(`/api/v1/admin/check-ins/${entrant.code}`, {}),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.json().data.newly_checked_in)).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.json().data.checked_in_at)).size).toBe(1);
    expect(await checkInsAudited(entrant.registrationId)).toBe(1);
  });

  it('refuses a registration that is not approved, and an unknown or malformed code, with clear messages', async () => {
    const entrant = await registeredStudent(t, 'approved', 'junior');
    await t.db
      .update(registrations)
      .set({ status: 'rejected' })
      .where(eq(registrations.id, entrant.registrationId));
    const refused = await grader.post(`/api/v1/admin/check-ins/${entrant.code}`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Only an approved entrant can be checked in; this registration is not approved.',
    );
    expect(
      (await grader.get(`/api/v1/admin/check-ins/${entrant.code}`)).json().data.checked_in_at,
    ).toBeNull();

    for (const code of ['AAAAAAAAAAAAAAAA', 'short', '..%2F..%2Fetc', 'x'.repeat(64)]) {
      for (const answer of [
        await grader.get(`/api/v1/admin/check-ins/${code}`),
        await grader.post(`/api/v1/admin/check-ins/${code}`, {}),
      ]) {
        expect(answer.statusCode, code).toBe(404);
        expect(answer.json().message).toBe('No admit card matches this code.');
      }
    }
    const tooLong = await grader.get(`/api/v1/admin/check-ins/${'x'.repeat(65)}`);
    expect(tooLong.statusCode).toBe(422);
  });

  it('is for staff only: anyone else learns nothing about the entrant', async () => {
    const entrant = await registeredStudent(t, 'approved', 'junior');
    const anonymous = client(t.app);
    const student = (await registeredStudent(t, 'approved', 'junior')).browser;
    for (const [who, status] of [
      [anonymous, 401],
      [student, 403],
    ] as const) {
      for (const answer of [
        await who.get(`/api/v1/admin/check-ins/${entrant.code}`),
        await who.post(`/api/v1/admin/check-ins/${entrant.code}`, {}),
        await who.get('/api/v1/admin/arrivals'),
        await who.get('/api/v1/admin/arrivals/missing'),
      ]) {
        expect(answer.statusCode).toBe(status);
        expect(answer.body).not.toContain(entrant.user.name);
      }
    }
    // The arrivals (with the families' phone numbers) are for admins; a grader checks people in only.
    expect((await grader.get('/api/v1/admin/arrivals')).statusCode).toBe(403);
    expect((await grader.get('/api/v1/admin/arrivals/missing')).statusCode).toBe(403);
    expect(
      (await grader.get(`/api/v1/admin/check-ins/${entrant.code}`)).json().data.checked_in_at,
    ).toBeNull();
  });
});

describe('arrivals per venue and pick-up spot', () => {
  it('counts the approved entrants expected and arrived, and lists who has not arrived with numbers to call', async () => {
    const fresh = await createTestApp({ startMailWorker: false });
    try {
      const organiser = await signedInAdmin(fresh);
      for (const [category, venue] of [
        ['secondary', 'Dhaka University'],
        ['junior', 'Rajshahi University'],
      ]) {
        const details = {
          date: null,
          reporting_time: null,
          time: null,
          influencer_Session: null,
          departure: null,
        };
        const saved = await organiser.put(`/api/v1/admin/final-round/${category}`, { ...details, venue });
        expect(saved.statusCode).toBe(200);
      }
      const farmgate = 'Dhaka — Farmgate';
      const arrivedOne = await registeredStudent(fresh, 'approved', 'secondary', farmgate);
      const missingOne = await registeredStudent(fresh, 'approved', 'secondary', farmgate);
      const missingTwo = await registeredStudent(fresh, 'approved', 'secondary', 'own');
      const juniorIn = await registeredStudent(fresh, 'approved', 'junior', 'own');
      await registeredStudent(fresh, 'pending', 'secondary', farmgate);
      for (const entrant of [arrivedOne, juniorIn]) {
        expect((await organiser.post(`/api/v1/admin/check-ins/${entrant.code}`, {})).statusCode).toBe(200);
      }

      const arrivals = (await organiser.get('/api/v1/admin/arrivals')).json();
      expect(arrivals).toEqual({
        status: 'success',
        data: {
          expected: 4,
          arrived: 2,
          groups: [
            { category: 'junior', venue: 'Rajshahi University', pickup_spot: 'own', expected: 1, arrived: 1 },
            {
              category: 'secondary',
              venue: 'Dhaka University',
              pickup_spot: farmgate,
              expected: 2,
              arrived: 1,
            },
            { category: 'secondary', venue: 'Dhaka University', pickup_spot: 'own', expected: 1, arrived: 0 },
          ],
        },
      });

      const missing = (await organiser.get('/api/v1/admin/arrivals/missing?category=secondary')).json();
      expect(missing.meta).toEqual({ page: 1, per_page: 50, total: 2 });
      expect(missing.data.map((row: { registration_id: string }) => row.registration_id)).toEqual([
        missingOne.registrationId,
        missingTwo.registrationId,
      ]);
      expect(missing.data[0]).toMatchObject({
        name: missingOne.user.name,
        category: 'secondary',
        pickup_spot: farmgate,
        phone_number: '01712345678',
        guardian_phone: '01811111111',
      });
      const bySpot = (
        await organiser.get(
          `/api/v1/admin/arrivals/missing?pickup_spot=${encodeURIComponent(farmgate)}&per_page=1`,
        )
      ).json();
      expect(bySpot.data.map((row: { registration_id: string }) => row.registration_id)).toEqual([
        missingOne.registrationId,
      ]);
      expect(bySpot.meta.total).toBe(1);

      const badPage = await organiser.get('/api/v1/admin/arrivals/missing?page=0');
      expect(badPage.statusCode).toBe(422);
      const unknown = await organiser.get('/api/v1/admin/arrivals?competition=no-such-one');
      expect(unknown.statusCode).toBe(404);
    } finally {
      await fresh.close();
    }
  });
});
