import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, sessions } from '../src/db/schema.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { startSmtpServer } from './helpers/smtp-server.ts';
import { client, createTestApp, newStudent } from './helpers/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** No response may carry a password hash or a raw token. */
function expectNoSecrets(body: string) {
  expect(body).not.toMatch(/argon2|password_hash|passwordHash|token_hash|tokenHash/i);
}

describe('register, user, logout', () => {
  it('registers, signs in, answers /v1/user, and logs out for good', async () => {
    const browser = client(t.app);
    const student = newStudent({ email: 'Mixed.Case@Example.com', phone_number: '+8801812345678' });
    const registered = await browser.post('/api/v1/register', student);
    expect(registered.statusCode).toBe(201);
    const body = registered.json();
    expect(body).toMatchObject({
      status: 'success',
      user: {
        name: 'Ayesha Rahman',
        email: 'mixed.case@example.com',
        number: '01812345678',
        role: 'student',
        profile_image: null,
      },
    });
    expect(body.message).toEqual(expect.any(String));
    expectNoSecrets(registered.body);
    const cookie = registered.headers['set-cookie'];
    expect(String(cookie)).toMatch(/ngso_session=.+HttpOnly/i);
    expect(String(cookie)).toMatch(/SameSite=Lax/i);

    const me = await browser.get('/api/v1/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ status: 'success', user: body.user });
    expect(me.headers['cache-control']).toBe('no-store');

    const token = browser.cookies.get('ngso_session') ?? '';
    expect(await browser.post('/api/v1/logout')).toMatchObject({ statusCode: 200 });
    expect((await browser.get('/api/v1/user')).statusCode).toBe(401);
    // The old cookie, replayed, is dead on the server too.
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user',
      cookies: { ngso_session: token },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ status: 'error', message: 'Please log in to continue.' });
  });

  it("the spec's auto login after register works too", async () => {
    const browser = client(t.app);
    const student = newStudent();
    await browser.post('/api/v1/register', student);
    const login = await browser.post('/api/v1/login', { email: student.email, password: student.password });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ status: 'success', data: { user: { email: student.email } } });
  });

  it('refuses a duplicate e-mail, whatever its case, with 409', async () => {
    const student = newStudent();
    await client(t.app).post('/api/v1/register', student);
    const again = await client(t.app).post('/api/v1/register', {
      ...student,
      email: student.email.toUpperCase(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      status: 'error',
      message: 'An account with this email already exists. Please log in instead.',
    });
  });
});

const COMMON =
  'This password is one of the most common passwords and is easy to guess. Please choose another one.';
const CONTEXT =
  "Please choose a password that is not just your name, your email or the olympiad's name with numbers.";

describe('registration rules', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['a missing name', { name: undefined }, 'name', 'This field is required.'],
    ['a blank name', { name: '   ' }, 'name', 'This field is required.'],
    ['a one-letter name', { name: 'A' }, 'name', 'Name must be at least 2 characters long.'],
    ['a missing e-mail', { email: undefined }, 'email', 'This field is required.'],
    ['a bad e-mail', { email: 'not-an-email' }, 'email', 'Please enter a valid email address.'],
    ['a short password', { password: 'Short1!' }, 'password', 'Password must be at least 8 characters long'],
    [
      'a password over 128 characters',
      { password: 'x'.repeat(129) },
      'password',
      'Password must be at most 128 characters long.',
    ],
    ['a missing password', { password: undefined }, 'password', 'This field is required.'],
    ['a common password', { password: 'password123' }, 'password', COMMON],
    ['a common password in other case', { password: 'SunShine' }, 'password', COMMON],
    ["the olympiad's name with digits", { password: 'Olympiad2025!' }, 'password', CONTEXT],
    [
      "the student's own name with digits",
      { name: 'Tahmid Hasan', password: 'tahmid@2009' },
      'password',
      CONTEXT,
    ],
    [
      "the student's e-mail name",
      { email: 'nusrat.jahan@example.com', password: 'NusratJahan#1' },
      'password',
      CONTEXT,
    ],
    [
      'a landline number',
      { phone_number: '029876543' },
      'phone_number',
      'Please enter a Bangladeshi mobile number, such as 01712345678.',
    ],
    [
      'an 012 number',
      { phone_number: '01212345678' },
      'phone_number',
      'Please enter a Bangladeshi mobile number, such as 01712345678.',
    ],
    ['a missing phone', { phone_number: undefined }, 'phone_number', 'This field is required.'],
    ['a number as name', { name: 42 }, 'name', 'This field is required.'],
  ];
  for (const [label, change, field, message] of cases) {
    it(`refuses ${label} with 422 and the field's message`, async () => {
      const response = await client(t.app).post('/api/v1/register', { ...newStudent(), ...change });
      expect(response.statusCode).toBe(422);
      const body = response.json();
      expect(body.status).toBe('error');
      expect(body.message).toBe('Some fields are not valid. Please correct them and try again.');
      expect(body.errors[field]).toContain(message);
    });
  }

  it('accepts 128 characters, spaces and any script, as a password manager or a paste gives them', async () => {
    const passwords = [
      'x'.repeat(128),
      '  correct horse battery staple  ',
      'পাসওয়ার্ড-আমার-১২৩',
      'My olympiad, 2025 edition',
    ];
    for (const password of passwords) {
      const browser = client(t.app);
      const student = newStudent({ password });
      expect((await browser.post('/api/v1/register', student)).statusCode).toBe(201);
      // Kept exactly as typed: no trimming, no case change.
      const login = await client(t.app).post('/api/v1/login', { email: student.email, password });
      expect(login.statusCode).toBe(200);
      if (password.trim() !== password) {
        const trimmed = { email: student.email, password: password.trim() };
        expect((await client(t.app).post('/api/v1/login', trimmed)).statusCode).toBe(401);
      }
      const upper = { email: student.email, password: password.toUpperCase() };
      if (upper.password !== password) {
        expect((await client(t.app).post('/api/v1/login', upper)).statusCode).toBe(401);
      }
    }
  });

  it('answers a common password in Bangla too, and creates no account', async () => {
    const student = newStudent({ password: 'iloveyou1' });
    const response = await client(t.app).post('/api/v1/register', student, { 'accept-language': 'bn' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      password: ['এটি সবচেয়ে বেশি ব্যবহৃত পাসওয়ার্ডগুলোর একটি, তাই সহজেই অনুমান করা যায়। অন্য একটি পাসওয়ার্ড বেছে নিন।'],
    });
    const login = await client(t.app).post('/api/v1/login', { email: student.email, password: 'iloveyou1' });
    expect(login.statusCode).toBe(401);
  });

  it('refuses a body that is not JSON with 400 in the envelope', async () => {
    const response = await client(t.app).request({
      method: 'POST',
      url: '/api/v1/register',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 'error',
      message: 'The request could not be understood.',
    });
  });
});

describe('login', () => {
  it('gives one message for a wrong password and an unknown e-mail', async () => {
    const student = newStudent();
    await client(t.app).post('/api/v1/register', student);
    const wrongPassword = await client(t.app).post('/api/v1/login', {
      email: student.email,
      password: 'Wrong-pass1',
    });
    const unknown = await client(t.app).post('/api/v1/login', {
      email: 'nobody@example.com',
      password: 'Wrong-pass1',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ status: 'error', message: 'The email or password is incorrect.' });
    expect(unknown.json()).toEqual(wrongPassword.json());
  });

  it('gives a new session token at every login', async () => {
    const student = newStudent();
    const browser = client(t.app);
    await browser.post('/api/v1/register', student);
    const first = browser.cookies.get('ngso_session');
    await browser.post('/api/v1/login', { email: student.email, password: student.password });
    const second = browser.cookies.get('ngso_session');
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user',
      cookies: { ngso_session: first ?? '' },
    });
    expect(old.statusCode).toBe(401);
  });

  it('stores sessions only as hashes', async () => {
    const browser = client(t.app);
    const student = newStudent();
    await browser.post('/api/v1/register', student);
    const token = browser.cookies.get('ngso_session') ?? '';
    // 32 random bytes (256 bits), base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const user = (await browser.get('/api/v1/user')).json().user;
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('throttles failed logins per account, not the other accounts from the same address', async () => {
    const student = newStudent();
    await client(t.app).post('/api/v1/register', student);
    for (let i = 0; i < 5; i++) {
      const attempt = await client(t.app).post('/api/v1/login', {
        email: student.email,
        password: 'Wrong-pass1',
      });
      expect(attempt.statusCode).toBe(401);
    }
    const limited = await client(t.app).post('/api/v1/login', {
      email: student.email,
      password: student.password,
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({
      status: 'error',
      message: expect.stringMatching(
        /^Too many failed attempts for this account\. Please wait \d+ seconds? /,
      ),
    });
    // Another account from the same address is not held back.
    const other = newStudent();
    await client(t.app).post('/api/v1/register', other);
    const fine = await client(t.app).post('/api/v1/login', { email: other.email, password: other.password });
    expect(fine.statusCode).toBe(200);
  });
});

describe('login back-off', () => {
  const clock = fixedClock('2026-03-01T08:00:00Z');
  let local: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    local = await createTestApp({ clock });
  });
  afterAll(() => local.close());

  const login = (email: string, password: string, headers?: Record<string, string>) =>
    client(local.app).post('/api/v1/login', { email, password }, headers);

  it('waits 1 s after the fifth failure, doubling to a 60 s cap; a success starts afresh', async () => {
    const student = newStudent();
    await client(local.app).post('/api/v1/register', student);
    for (let i = 0; i < 5; i++) expect((await login(student.email, 'Wrong-pass1')).statusCode).toBe(401);

    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      const held = await login(student.email, 'Wrong-pass1');
      expect(held.statusCode).toBe(429);
      const seconds = Number(held.headers['retry-after']);
      waits.push(seconds);
      // One millisecond early is still too early.
      clock.advance(seconds * 1000 - 1);
      expect((await login(student.email, 'Wrong-pass1')).statusCode).toBe(429);
      clock.advance(1);
      expect((await login(student.email, 'Wrong-pass1')).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);

    // The owner, with the right password, is held back too, but for 60 s at most.
    const owner = await login(student.email, student.password);
    expect(owner.statusCode).toBe(429);
    expect(owner.headers['retry-after']).toBe('60');
    expect(owner.json()).toEqual({
      status: 'error',
      message: 'Too many failed attempts for this account. Please wait 60 seconds and try again.',
    });
    clock.advance(60_000);
    expect((await login(student.email, student.password)).statusCode).toBe(200);

    // The success ended the run: five failures again before any wait.
    for (let i = 0; i < 5; i++) expect((await login(student.email, 'Wrong-pass1')).statusCode).toBe(401);
    const again = await login(student.email, 'Wrong-pass1');
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe('1');
    expect(again.json().message).toBe(
      'Too many failed attempts for this account. Please wait 1 second and try again.',
    );
    clock.advance(1000);
  });

  it('keys on the lower-cased e-mail, treats unknown e-mails alike, and speaks Bangla', async () => {
    const student = newStudent();
    await client(local.app).post('/api/v1/register', student);
    for (let i = 0; i < 5; i++) {
      const email = i % 2 === 0 ? student.email.toUpperCase() : student.email;
      expect((await login(email, 'Wrong-pass1')).statusCode).toBe(401);
    }
    const known = await login(student.email, 'Wrong-pass1', { 'accept-language': 'bn' });
    expect(known.statusCode).toBe(429);
    expect(known.json().message).toBe('এই অ্যাকাউন্টে অনেকবার ভুল চেষ্টা করা হয়েছে। ১ সেকেন্ড অপেক্ষা করে আবার চেষ্টা করুন।');

    const nobody = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) expect((await login(nobody, 'Wrong-pass1')).statusCode).toBe(401);
    const unknown = await login(nobody, 'Wrong-pass1', { 'accept-language': 'bn' });
    expect(unknown.statusCode).toBe(429);
    expect(unknown.headers['retry-after']).toBe(known.headers['retry-after']);
    expect(unknown.json()).toEqual(known.json());
    clock.advance(1000);
  });

  it('forgets a run of failures after 15 quiet minutes', async () => {
    const student = newStudent();
    await client(local.app).post('/api/v1/register', student);
    for (let i = 0; i < 5; i++) expect((await login(student.email, 'Wrong-pass1')).statusCode).toBe(401);
    clock.advance(15 * 60_000);
    for (let i = 0; i < 5; i++) expect((await login(student.email, 'Wrong-pass1')).statusCode).toBe(401);
    expect((await login(student.email, 'Wrong-pass1')).statusCode).toBe(429);
    clock.advance(1000);
  });
});

describe('password lifetime', () => {
  it('has no expiry: a password still signs in two years later, with no change asked', async () => {
    const clock = fixedClock('2026-01-10T10:00:00Z');
    const local = await createTestApp({ clock });
    try {
      const student = newStudent();
      await client(local.app).post('/api/v1/register', student);
      clock.advance(2 * 366 * 24 * 60 * 60_000);
      const login = await client(local.app).post('/api/v1/login', {
        email: student.email,
        password: student.password,
      });
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({ status: 'success', data: { user: { email: student.email } } });
    } finally {
      await local.close();
    }
  });
});

describe('forgot and reset password', () => {
  it('answers the same for an unknown e-mail and sends no mail', async () => {
    const before = smtp.received.length;
    const unknown = await client(t.app).post('/api/v1/forgot-password', { email: 'nobody-here@example.com' });
    expect(unknown.statusCode).toBe(200);
    const student = newStudent();
    await client(t.app).post('/api/v1/register', student);
    const known = await client(t.app).post('/api/v1/forgot-password', { email: student.email });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({
      status: 'success',
      message: 'If an account exists for this email, a password reset link has been sent to it.',
    });
    // The reset link to the known address, the verification link of its registration, and nothing else.
    await smtp.mailTo(student.email, 'Reset your password');
    await smtp.mailTo(student.email, 'Verify your email address');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const to = (address: string) => smtp.received.slice(before).filter((m) => m.to?.[0]?.address === address);
    expect(to(student.email)).toHaveLength(2);
    expect(to('nobody-here@example.com')).toHaveLength(0);
  });

  it('mails a link that resets the password once, and ends every other session', async () => {
    const student = newStudent();
    const phone = client(t.app);
    await phone.post('/api/v1/register', student);
    const laptop = client(t.app);
    await laptop.post('/api/v1/login', { email: student.email, password: student.password });
    expect((await laptop.get('/api/v1/user')).statusCode).toBe(200);

    await client(t.app).post('/api/v1/forgot-password', { email: student.email });
    const mail = await smtp.mailTo(student.email, 'Reset your password');
    expect(mail?.text).toContain('If you did not ask for this');
    const link = new URL(/http:\/\/localhost:3000\/reset-password\?\S+/.exec(mail?.text ?? '')?.[0] ?? '');
    expect(link.origin).toBe('http://localhost:3000');
    const token = link.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.searchParams.get('email')).toBe(student.email);
    const stored = await t.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    expect(stored).toHaveLength(1);

    const newPassword = 'N3w-Password!';
    const reset = await client(t.app).post('/api/v1/reset-password', {
      token,
      email: student.email,
      password: newPassword,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ status: 'success', message: 'Password has been reset successfully.' });

    expect((await phone.get('/api/v1/user')).statusCode).toBe(401);
    expect((await laptop.get('/api/v1/user')).statusCode).toBe(401);
    const oldLogin = await client(t.app).post('/api/v1/login', {
      email: student.email,
      password: student.password,
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await client(t.app).post('/api/v1/login', {
      email: student.email,
      password: newPassword,
    });
    expect(newLogin.statusCode).toBe(200);

    const reused = await client(t.app).post('/api/v1/reset-password', {
      token,
      email: student.email,
      password: 'Another-1!',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      status: 'error',
      message: 'This password reset link is invalid or has expired. Please request a new one.',
    });
  });

  it('refuses a common new password with a field error, and leaves the link usable', async () => {
    const student = newStudent();
    await client(t.app).post('/api/v1/register', student);
    await client(t.app).post('/api/v1/forgot-password', { email: student.email });
    const mail = await smtp.mailTo(student.email, 'Reset your password');
    const token = new URL(/http\S+/.exec(mail?.text ?? '')?.[0] ?? '').searchParams.get('token');
    const common = await client(t.app).post('/api/v1/reset-password', {
      token,
      email: student.email,
      password: 'Football1',
    });
    expect(common.statusCode).toBe(422);
    expect(common.json()).toEqual({
      status: 'error',
      message: 'Some fields are not valid. Please correct them and try again.',
      errors: { password: [COMMON] },
    });
    const ownName = await client(t.app).post('/api/v1/reset-password', {
      token,
      email: student.email,
      password: `${student.email.split('@')[0]}!`,
    });
    expect(ownName.statusCode).toBe(422);
    expect(ownName.json().errors).toEqual({ password: [CONTEXT] });
    const good = await client(t.app).post('/api/v1/reset-password', {
      token,
      email: student.email,
      password: 'Football-season-2026',
    });
    expect(good.statusCode).toBe(200);
  });

  it('refuses a token for another e-mail, and a short new password', async () => {
    const response = await client(t.app).post('/api/v1/reset-password', {
      token: 'x'.repeat(43),
      email: 'someone@example.com',
      password: 'N3w-Password!',
    });
    expect(response.statusCode).toBe(400);
    const short = await client(t.app).post('/api/v1/reset-password', {
      token: 'abc',
      email: 'a@example.com',
      password: 'short',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual(['Password must be at least 8 characters long']);
  });
});

describe('expired reset token', () => {
  it('is refused after 60 minutes', async () => {
    const clock = fixedClock('2026-01-10T10:00:00Z');
    const smtp2 = await startSmtpServer();
    const local = await createTestApp({ clock, smtpUrl: smtp2.url });
    try {
      const student = newStudent();
      await client(local.app).post('/api/v1/register', student);
      await client(local.app).post('/api/v1/forgot-password', { email: student.email });
      const [mail] = await smtp2.waitFor(1);
      const token = new URL(/http\S+/.exec(mail?.text ?? '')?.[0] ?? '').searchParams.get('token');
      clock.advance(60 * 60_000);
      const late = await client(local.app).post('/api/v1/reset-password', {
        token,
        email: student.email,
        password: 'N3w-Password!',
      });
      expect(late.statusCode).toBe(400);
    } finally {
      await local.close();
      await smtp2.close();
    }
  });
});

describe('cross-site request forgery', () => {
  it('refuses a state change without X-Requested-With, and changes nothing', async () => {
    const student = newStudent();
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/register', payload: student });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      status: 'error',
      message: 'This request was refused because it did not come from this site.',
    });
    const login = await client(t.app).post('/api/v1/login', {
      email: student.email,
      password: student.password,
    });
    expect(login.statusCode).toBe(401);
  });

  it('changes nothing on a GET: signing out needs a POST', async () => {
    const browser = client(t.app);
    await browser.post('/api/v1/register', newStudent());
    expect((await browser.get('/api/v1/logout')).statusCode).toBe(404);
    expect((await browser.get('/api/v1/user')).statusCode).toBe(200);
  });

  it('refuses a foreign Origin and a cross-site fetch', async () => {
    const foreign = await client(t.app).post('/api/v1/register', newStudent(), {
      origin: 'https://evil.example',
    });
    expect(foreign.statusCode).toBe(403);
    const crossSite = await client(t.app).post('/api/v1/register', newStudent(), {
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
    const sameSite = await client(t.app).post('/api/v1/register', newStudent(), {
      origin: 'http://localhost:3000',
      'sec-fetch-site': 'same-origin',
    });
    expect(sameSite.statusCode).toBe(201);
  });
});

describe('the API envelope', () => {
  it('answers an unknown /api path with the envelope 404', async () => {
    const response = await client(t.app).get('/api/v1/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 'error', message: 'The requested resource was not found.' });
  });

  it('answers health and time', async () => {
    expect((await client(t.app).get('/api/health')).json()).toEqual({ status: 'success' });
    const time = (await client(t.app).get('/api/v1/time')).json();
    expect(Date.parse(time.now)).not.toBeNaN();
  });

  it('publishes an OpenAPI document with every call', async () => {
    const doc = (await client(t.app).get('/api/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/v1/user',
      '/api/v1/register',
      '/api/v1/login',
      '/api/v1/logout',
      '/api/v1/forgot-password',
      '/api/v1/reset-password',
      '/api/health',
      '/api/ready',
      '/api/v1/time',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(
      doc.paths['/api/v1/register'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['name', 'email', 'password', 'phone_number']));
  });
});
