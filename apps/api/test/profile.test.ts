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
