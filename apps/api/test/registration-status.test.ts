import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitions, registrations } from '../src/db/schema.ts';
import { client, createTestApp, newStudent } from './helpers/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /v1/ngso-1/registration/status', () => {
  it('says null for a student who has not registered, at both levels', async () => {
    const browser = client(t.app);
    await browser.post('/api/v1/register', newStudent());
    const response = await browser.get('/api/v1/ngso-1/registration/status');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'success',
      category: null,
      registration_date: null,
      admit_card_url: null,
      exam_details: null,
      data: {
        registration_status: null,
        registration_date: null,
        admit_card_url: null,
        exam_details: null,
        rejection_reason: null,
      },
    });
  });

  it('shows an approved registration with its category, admit card and final-round details', async () => {
    const browser = client(t.app);
    await browser.post('/api/v1/register', newStudent());
    const user = (await browser.get('/api/v1/user')).json().user;
    const [competition] = await t.db.select().from(competitions).where(eq(competitions.code, 'ngso-1'));
    await t.db.insert(registrations).values({
      competitionId: competition?.id ?? '',
      userId: user.id,
      status: 'approved',
      category: 'senior',
      classLevel: 9,
      name: user.name,
      institution: 'Rajshahi Collegiate School',
      division: 'Rajshahi',
      district: 'Rajshahi',
      subDistrict: 'Boalia',
      guardianName: 'Karim Rahman',
      guardianPhone: '01811111111',
      tshirtSize: 'M',
      pickupSpot: 'own',
      paymentMethod: 'bkash',
      paymentSender: '01711111111',
      transactionId: 'TX-STATUS-1',
    });
    const body = (await browser.get('/api/v1/ngso-1/registration/status')).json();
    expect(body.category).toBe('senior');
    expect(body.data.registration_status).toBe('approved');
    expect(body.admit_card_url).toBe('/api/v1/ngso-1/admit-card');
    expect(body.data.admit_card_url).toBe(body.admit_card_url);
    expect(body.exam_details).toMatchObject({ date: 'December 26, 2024', venue: expect.any(String) });
    expect(Date.parse(body.registration_date)).not.toBeNaN();
  });

  it('is 401 signed out and 404 for an unknown competition', async () => {
    expect((await client(t.app).get('/api/v1/ngso-1/registration/status')).statusCode).toBe(401);
    const browser = client(t.app);
    await browser.post('/api/v1/register', newStudent());
    const unknown = await browser.get('/api/v1/ngso-9/registration/status');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'error', message: 'The requested resource was not found.' });
  });
});
