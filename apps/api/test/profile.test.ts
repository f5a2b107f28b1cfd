import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, newStudent } from './helpers/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /v1/user/profile', () => {
  it('answers the user with the profile fields', async () => {
    const browser = client(t.app);
    const student = newStudent({ phone_number: '8801912345678' });
    await browser.post('/api/v1/register', student);
    const response = await browser.get('/api/v1/user/profile');
    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    expect(user).toMatchObject({
      email: student.email,
      number: '01912345678',
      phone_number: '01912345678',
      institution: null,
      division: null,
      district: null,
      sub_district: null,
      role: 'student',
    });
    expect(Date.parse(user.created_at)).not.toBeNaN();
    expect(response.body).not.toMatch(/password|hash|token/i);
  });

  it('is 401 when signed out', async () => {
    const response = await client(t.app).get('/api/v1/user/profile');
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /v1/user/profile', () => {
  async function student() {
    const browser = client(t.app);
    await browser.post('/api/v1/register', newStudent());
    return browser;
  }

  it('changes only the fields sent, through the place cascade', async () => {
    const browser = await student();
    const first = await browser.put('/api/v1/user/profile', {
      institution: 'Rajshahi Collegiate School',
      division: 'Rajshahi',
      district: 'Bogura',
      sub_district: 'Adamdighi',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({
      name: 'Ayesha Rahman',
      institution: 'Rajshahi Collegiate School',
      division: 'Rajshahi',
      district: 'Bogura',
      sub_district: 'Adamdighi',
    });
    const renamed = await browser.put('/api/v1/user/profile', {
      name: '  Ayesha Siddika ',
      phone_number: '+8801912345678',
    });
    expect(renamed.json().user).toMatchObject({
      name: 'Ayesha Siddika',
      phone_number: '01912345678',
      number: '01912345678',
      district: 'Bogura',
    });
    const stored = (await browser.get('/api/v1/user/profile')).json().user;
    expect(stored.name).toBe('Ayesha Siddika');
    expect(stored.sub_district).toBe('Adamdighi');
  });

  it('clears the institution and the place fields with empty values', async () => {
    const browser = await student();
    await browser.put('/api/v1/user/profile', {
      institution: 'X School',
      division: 'Sylhet',
      district: 'Sylhet',
    });
    const cleared = await browser.put('/api/v1/user/profile', {
      institution: '',
      division: null,
      district: '',
      sub_district: null,
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().user).toMatchObject({
      institution: null,
      division: null,
      district: null,
      sub_district: null,
    });
  });

  it.each([
    [{ division: 'Atlantis' }, 'division', 'Please choose a division from the list.'],
    [
      { division: 'Dhaka', district: 'Bogura' },
      'district',
      'Please choose a district of the chosen division.',
    ],
    [{ district: 'Dhaka' }, 'district', 'Please choose a district of the chosen division.'],
    [
      { division: 'Dhaka', district: 'Dhaka', sub_district: 'Adamdighi' },
      'sub_district',
      'Please choose a sub-district of the chosen district.',
    ],
    [{ name: 'A' }, 'name', 'Name must be at least 2 characters long.'],
    [{ institution: 'x'.repeat(201) }, 'institution', 'Institution must be at most 200 characters long.'],
    [
      { phone_number: '12345' },
      'phone_number',
      'Please enter a Bangladeshi mobile number, such as 01712345678.',
    ],
    [{ name: 7 }, 'name', 'This field is required.'],
  ])('refuses %j with 422 naming %s', async (body, field, message) => {
    const browser = await student();
    const response = await browser.put('/api/v1/user/profile', body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
  });

  it('checks the chain against what is stored: a district alone must fit the stored division', async () => {
    const browser = await student();
    await browser.put('/api/v1/user/profile', { division: 'Rajshahi' });
    expect((await browser.put('/api/v1/user/profile', { district: 'Bogura' })).statusCode).toBe(200);
    expect((await browser.put('/api/v1/user/profile', { district: 'Gazipur' })).statusCode).toBe(422);
  });

  it("ignores fields that are not the profile's (role, email)", async () => {
    const browser = await student();
    const response = await browser.put('/api/v1/user/profile', {
      role: 'admin',
      email: 'x@y.z',
      name: 'Still Student',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.role).toBe('student');
    expect(response.json().user.email).not.toBe('x@y.z');
  });

  it('is 401 signed out', async () => {
    expect((await client(t.app).put('/api/v1/user/profile', { name: 'Nobody' })).statusCode).toBe(401);
  });
});
