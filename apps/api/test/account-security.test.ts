import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { listMails } from '../src/mail/outbox.repo.ts';
import { signedInAdmin } from './helpers/fixtures.ts';
import { client, createTestApp, newStudent } from './helpers/test-app.ts';

/**
 * The signed-in user's own account security (OWASP ASVS 5.0): changing the password with the current one
 * (V6.2.3) and seeing and ending their own sessions (V7.5.2).
 */

const clock = fixedClock('2026-04-01T09:00:00Z');
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const PHONE =
  'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';
const TABLET =
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const INVALID = 'Some fields are not valid. Please correct them and try again.';
const WRONG_CURRENT = 'Your current password is incorrect.';
const COMMON =
  'This password is one of the most common passwords and is easy to guess. Please choose another one.';
const CONTEXT =
  "Please choose a password that is not just your name, your email or the olympiad's name with numbers.";
const NEW_PASSWORD = 'Kodom-phul-2026!';

type Browser = ReturnType<typeof client>;

/** A student signed in on three devices: a phone (registered there), a laptop and a tablet. */
async function studentOnThreeDevices() {
  const student = newStudent();
  const phone = client(t.app);
  await phone.post('/api/v1/register', student, { 'user-agent': PHONE });
  const laptop = client(t.app);
  const tablet = client(t.app);
  for (const [browser, agent] of [
    [laptop, LAPTOP],
    [tablet, TABLET],
  ] as const) {
    const login = await browser.post(
      '/api/v1/login',
      { email: student.email, password: student.password },
      { 'user-agent': agent },
    );
    expect(login.statusCode).toBe(200);
  }
  const user = (await phone.get('/api/v1/user')).json().user as { id: string; email: string };
  return { student, user, phone, laptop, tablet };
}

const changePassword = (browser: Browser, body: Record<string, unknown>, headers?: Record<string, string>) =>
  browser.put('/api/v1/password', body, headers);

const login = (email: string, password: string) => client(t.app).post('/api/v1/login', { email, password });

const remove = (browser: Browser, url: string, headers?: Record<string, string>) =>
  browser.request({ method: 'DELETE', url, headers });

describe('changing the password while signed in (PUT /v1/password)', () => {
  it('refuses a wrong current password with 422 and the exact message on current_password, and changes nothing', async () => {
    const { student, phone, laptop } = await studentOnThreeDevices();
    const wrong = await changePassword(phone, {
      current_password: 'Not-my-password-1',
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      status: 'error',
      message: INVALID,
      errors: { current_password: [WRONG_CURRENT] },
    });

    const bangla = await changePassword(
      phone,
      { current_password: 'Not-my-password-1', password: NEW_PASSWORD },
      { 'accept-language': 'bn' },
    );
    expect(bangla.statusCode).toBe(422);
    expect(bangla.json().errors).toEqual({ current_password: ['আপনার বর্তমান পাসওয়ার্ডটি সঠিক নয়।'] });

    // Nothing changed: the old password signs in, the new one does not, no device was signed out.
    expect((await laptop.get('/api/v1/user')).statusCode).toBe(200);
    expect((await login(student.email, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await login(student.email, student.password)).statusCode).toBe(200);
  });

  it('counts a wrong current password as a failed login of the account, so a stolen session cannot guess it', async () => {
    const { student, phone } = await studentOnThreeDevices();
    const guess = (current: string) =>
      changePassword(phone, { current_password: current, password: NEW_PASSWORD });
    for (let i = 0; i < 5; i++) expect((await guess(`Guess-number-${i}`)).statusCode).toBe(422);

    // The account now waits, for guesses through this call and through the login form alike.
    const held = await guess('Guess-number-5');
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBe('1');
    expect(held.json()).toEqual({
      status: 'error',
      message: 'Too many failed attempts for this account. Please wait 1 second and try again.',
    });
    expect((await login(student.email, student.password)).statusCode).toBe(429);
    clock.advance(1000);

    // The wrong guesses at login count for this call too: the run goes on, and the next wait is longer.
    expect((await login(student.email, 'Wrong-pass-1')).statusCode).toBe(401);
    const longer = await guess(student.password);
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('2');
    clock.advance(2000);

    // The right current password, once the wait is over, changes it and ends the run of failures.
    expect((await guess(student.password)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(student.email, 'Wrong-pass-1')).statusCode).toBe(401);
    expect((await login(student.email, NEW_PASSWORD)).statusCode).toBe(429);
    clock.advance(1000);
  });

  it('refuses a common new password, the name with digits, a short one and a mismatched confirmation', async () => {
    const { student, phone } = await studentOnThreeDevices();
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ password: 'password123' }, { password: [COMMON] }],
      [{ password: 'SunShine' }, { password: [COMMON] }],
      [{ password: 'Olympiad2025!' }, { password: [CONTEXT] }],
      [{ password: 'ayesha@2009' }, { password: [CONTEXT] }],
      [{ password: `${student.email.split('@')[0]}!` }, { password: [CONTEXT] }],
      [{ password: 'Short1!' }, { password: ['Password must be at least 8 characters long'] }],
      [{ password: 'x'.repeat(129) }, { password: ['Password must be at most 128 characters long.'] }],
      [
        { password: NEW_PASSWORD, password_confirmation: 'Something-else-1' },
        { password_confirmation: ['Passwords do not match'] },
      ],
      [{ current_password: '', password: NEW_PASSWORD }, { current_password: ['This field is required.'] }],
      [
        { current_password: undefined, password: NEW_PASSWORD },
        { current_password: ['This field is required.'] },
      ],
      [{ password: undefined }, { password: ['This field is required.'] }],
      // A wrong current password and a common new one: both shown at once.
      [
        { current_password: 'Not-my-password-1', password: 'iloveyou1' },
        { current_password: [WRONG_CURRENT], password: [COMMON] },
      ],
    ];
    for (const [change, errors] of cases) {
      const response = await changePassword(phone, { current_password: student.password, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      expect(response.json(), JSON.stringify(change)).toEqual({ status: 'error', message: INVALID, errors });
    }
    // The common password is refused in Bangla too.
    const bangla = await changePassword(
      phone,
      { current_password: student.password, password: 'iloveyou1' },
      { 'accept-language': 'bn' },
    );
    expect(bangla.json().errors).toEqual({
      password: ['এটি সবচেয়ে বেশি ব্যবহৃত পাসওয়ার্ডগুলোর একটি, তাই সহজেই অনুমান করা যায়। অন্য একটি পাসওয়ার্ড বেছে নিন।'],
    });
    expect((await login(student.email, student.password)).statusCode).toBe(200);
    clock.advance(1000);
  });

  it('stores a new argon2id hash, ends every other session, keeps this one, and answers 200', async () => {
    const { student, user, phone, laptop, tablet } = await studentOnThreeDevices();
    const [before] = await t.db.select().from(users).where(eq(users.id, user.id));
    const changed = await changePassword(phone, {
      current_password: student.password,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      status: 'success',
      message: 'Your password has been changed. Every other device has been signed out.',
    });
    expect(changed.body).not.toMatch(/argon2|hash|token/i);

    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(after?.passwordHash).not.toBe(before?.passwordHash);
    expect(after?.passwordHash).not.toContain(NEW_PASSWORD);

    // This device stays signed in, with the same cookie; the others are signed out on the server.
    expect((await phone.get('/api/v1/user')).statusCode).toBe(200);
    expect((await laptop.get('/api/v1/user')).statusCode).toBe(401);
    expect((await tablet.get('/api/v1/user')).statusCode).toBe(401);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((row) => row.tokenHash)).toEqual([hashToken(phone.cookies.get('ngso_session') ?? '')]);

    expect((await login(student.email, student.password)).statusCode).toBe(401);
    expect((await login(student.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("queues a mail through the outbox, in the user's language", async () => {
    const { student, phone } = await studentOnThreeDevices();
    await changePassword(phone, { current_password: student.password, password: NEW_PASSWORD });
    const english = (await listMails(t.db)).filter((mail) => mail.to === student.email).at(-1);
    expect(english?.subject).toBe('Your password was changed');
    expect(english?.text).toContain('Hello Ayesha Rahman,');
    expect(english?.text).toContain('If you did not, choose a new password now with this link.');
    expect(english?.text).toContain('http://localhost:3000/forgot-password');
    expect(english?.text).not.toContain(NEW_PASSWORD);

    const other = await studentOnThreeDevices();
    await other.phone.put('/api/v1/user/language', { language: 'bn' });
    await changePassword(other.phone, { current_password: other.student.password, password: NEW_PASSWORD });
    const bangla = (await listMails(t.db)).filter((mail) => mail.to === other.student.email).at(-1);
    expect(bangla?.subject).toBe('আপনার পাসওয়ার্ড বদলানো হয়েছে');
    expect(bangla?.text).toContain('প্রিয় Ayesha Rahman,');
    expect(bangla?.text).toContain('http://localhost:3000/forgot-password');
  });

  it('answers 401 signed out, and 403 without the CSRF header, changing nothing', async () => {
    const { student, phone, laptop } = await studentOnThreeDevices();
    const body = { current_password: student.password, password: NEW_PASSWORD };
    const signedOut = await changePassword(client(t.app), body);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ status: 'error', message: 'Please log in to continue.' });

    const forged = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/password',
      payload: body,
      cookies: { ngso_session: phone.cookies.get('ngso_session') ?? '' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({
      status: 'error',
      message: 'This request was refused because it did not come from this site.',
    });
    const foreign = await changePassword(phone, body, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect((await laptop.get('/api/v1/user')).statusCode).toBe(200);
    expect((await login(student.email, student.password)).statusCode).toBe(200);
  });
});

describe("the user's own sessions (GET, DELETE /v1/sessions)", () => {
  it("lists only this user's live sessions, this one first, with a readable device, never a token or its hash", async () => {
    const { phone, laptop, user } = await studentOnThreeDevices();
    // Another student's session must not appear.
    const stranger = await studentOnThreeDevices();
    clock.advance(10 * 60_000);
    await laptop.get('/api/v1/user'); // the laptop was seen last

    const response = await phone.get('/api/v1/sessions');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { status, data } = response.json();
    expect(status).toBe('success');
    expect(data).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{32}$/),
        current: true,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+06:00$/),
        last_seen_at: expect.any(String),
        device: { browser: 'Chrome', os: 'Android' },
      },
      {
        id: expect.stringMatching(/^[0-9a-f]{32}$/),
        current: false,
        created_at: expect.any(String),
        last_seen_at: expect.any(String),
        device: { browser: 'Firefox', os: 'Windows' },
      },
      {
        id: expect.stringMatching(/^[0-9a-f]{32}$/),
        current: false,
        created_at: expect.any(String),
        last_seen_at: expect.any(String),
        device: { browser: 'Safari', os: 'iPad' },
      },
    ]);
    // Times are ISO 8601 with Dhaka's offset; the laptop's last request is its last activity.
    expect(Date.parse(data[1].last_seen_at)).toBe(clock.now().getTime());
    expect(data[1].last_seen_at).toMatch(/\+06:00$/);
    expect(new Set(data.map((session: { id: string }) => session.id)).size).toBe(3);

    // Nothing secret in the answer: no token, no token hash of anyone's session.
    const everyHash = (await t.db.select().from(sessions)).map((row) => row.tokenHash);
    for (const hash of everyHash) {
      expect(response.body).not.toContain(hash);
      expect(response.body).not.toContain(hash.slice(0, 32));
    }
    for (const browser of [phone, laptop, stranger.phone]) {
      expect(response.body).not.toContain(browser.cookies.get('ngso_session'));
    }
    expect(response.body).not.toContain(stranger.user.id);
    expect(response.body).not.toContain(user.id);
  });

  it('leaves out sessions past their idle time', async () => {
    const student = newStudent();
    const old = client(t.app);
    await old.post('/api/v1/register', student, { 'user-agent': LAPTOP });
    clock.advance(6 * 24 * 60 * 60_000);
    const fresh = client(t.app);
    await fresh.post(
      '/api/v1/login',
      { email: student.email, password: student.password },
      { 'user-agent': PHONE },
    );
    clock.advance(2 * 24 * 60 * 60_000);
    const { data } = (await fresh.get('/api/v1/sessions')).json();
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ current: true, device: { browser: 'Chrome', os: 'Android' } });
  });

  it('ends one of its own sessions by id: that device is signed out at once, the others stay', async () => {
    const { phone, laptop, tablet } = await studentOnThreeDevices();
    const { data } = (await phone.get('/api/v1/sessions')).json();
    const laptopSession = data.find((s: { device: { os: string } }) => s.device.os === 'Windows');
    const ended = await remove(phone, `/api/v1/sessions/${laptopSession.id}`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({
      status: 'success',
      message: 'That device has been signed out.',
      current: false,
    });
    expect((await laptop.get('/api/v1/user')).statusCode).toBe(401);
    expect((await tablet.get('/api/v1/user')).statusCode).toBe(200);
    expect((await phone.get('/api/v1/user')).statusCode).toBe(200);
    const again = await remove(phone, `/api/v1/sessions/${laptopSession.id}`);
    expect(again.statusCode).toBe(404);
    expect((await phone.get('/api/v1/sessions')).json().data).toHaveLength(2);
  });

  it("answers 404 for another user's session, and for an unknown or malformed id, and ends nothing", async () => {
    const mine = await studentOnThreeDevices();
    const theirs = await studentOnThreeDevices();
    const { data } = (await theirs.phone.get('/api/v1/sessions')).json();
    for (const id of [data[0].id, data[1].id, '0'.repeat(32), 'not-an-id', "' OR 1=1 --"]) {
      const response = await remove(mine.phone, `/api/v1/sessions/${encodeURIComponent(id)}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({
        status: 'error',
        message: 'This session was not found. It may have ended already.',
      });
    }
    // The token hash itself is not an identifier either.
    const hash = hashToken(theirs.laptop.cookies.get('ngso_session') ?? '');
    expect((await remove(theirs.phone, `/api/v1/sessions/${hash}`)).statusCode).toBe(404);
    for (const browser of [theirs.phone, theirs.laptop, theirs.tablet, mine.laptop]) {
      expect((await browser.get('/api/v1/user')).statusCode).toBe(200);
    }
  });

  it('signs out everywhere else, keeping this device', async () => {
    const { phone, laptop, tablet } = await studentOnThreeDevices();
    const response = await phone.post('/api/v1/sessions/end-others');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'success',
      message: 'Every other device has been signed out.',
      ended: 2,
    });
    expect((await laptop.get('/api/v1/user')).statusCode).toBe(401);
    expect((await tablet.get('/api/v1/user')).statusCode).toBe(401);
    const { data } = (await phone.get('/api/v1/sessions')).json();
    expect(data).toEqual([expect.objectContaining({ current: true })]);
    expect((await phone.post('/api/v1/sessions/end-others')).json().ended).toBe(0);
  });

  it('ends the current session like a logout when asked to', async () => {
    const { phone, laptop } = await studentOnThreeDevices();
    const token = phone.cookies.get('ngso_session') ?? '';
    const { data } = (await phone.get('/api/v1/sessions')).json();
    const ended = await remove(phone, `/api/v1/sessions/${data[0].id}`);
    expect(ended.json()).toMatchObject({ status: 'success', current: true });
    expect(String(ended.headers['set-cookie'])).toMatch(/ngso_session=;/);
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user',
      cookies: { ngso_session: token },
    });
    expect(replay.statusCode).toBe(401);
    expect((await laptop.get('/api/v1/user')).statusCode).toBe(200);
  });

  it('needs the CSRF header to end sessions, and a session for every call', async () => {
    const { phone, laptop } = await studentOnThreeDevices();
    const { data } = (await phone.get('/api/v1/sessions')).json();
    const cookies = { ngso_session: phone.cookies.get('ngso_session') ?? '' };
    const forgedDelete = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/sessions/${data[1].id}`,
      cookies,
    });
    const forgedEnd = await t.app.inject({ method: 'POST', url: '/api/v1/sessions/end-others', cookies });
    for (const forged of [forgedDelete, forgedEnd]) {
      expect(forged.statusCode).toBe(403);
      expect(forged.json().message).toBe('This request was refused because it did not come from this site.');
    }
    const crossSite = await remove(phone, `/api/v1/sessions/${data[1].id}`, {
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await laptop.get('/api/v1/user')).statusCode).toBe(200);

    const nobody = client(t.app);
    for (const response of [
      await nobody.get('/api/v1/sessions'),
      await remove(nobody, `/api/v1/sessions/${data[1].id}`),
      await nobody.post('/api/v1/sessions/end-others'),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 'error', message: 'Please log in to continue.' });
    }
    expect((await laptop.get('/api/v1/user')).statusCode).toBe(200);
  });
});

describe("an organiser ends a user's sessions (V7.4.5)", () => {
  it('ends every session of the user at once, with an audit entry; students cannot', async () => {
    const admin = await signedInAdmin(t);
    const { user, phone, laptop, tablet } = await studentOnThreeDevices();
    const other = await studentOnThreeDevices();
    expect((await phone.post(`/api/v1/admin/users/${other.user.id}/sessions/end`)).statusCode).toBe(403);
    expect((await other.phone.get('/api/v1/user')).statusCode).toBe(200);

    const ended = await admin.post(`/api/v1/admin/users/${user.id}/sessions/end`);
    expect(ended.statusCode).toBe(200);
    for (const browser of [phone, laptop, tablet]) {
      expect((await browser.get('/api/v1/user')).statusCode).toBe(401);
    }
    expect((await other.laptop.get('/api/v1/user')).statusCode).toBe(200);
    const audit = (await admin.get('/api/v1/admin/audit?action=user.end_sessions')).json();
    expect(audit.data[0]).toMatchObject({
      actor_email: 'organiser@example.com',
      action: 'user.end_sessions',
      target_type: 'user',
      target_id: user.id,
    });
  });
});

describe('the OpenAPI document', () => {
  it('describes the password change and the session calls', async () => {
    const doc = (await client(t.app).get('/api/openapi.json')).json();
    const password = doc.paths['/api/v1/password']?.put;
    expect(password?.summary).toMatch(/current one/);
    expect(password?.description).toMatch(/current_password/);
    expect(password?.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['current_password', 'password']),
    );
    expect(doc.paths['/api/v1/sessions']?.get?.description).toMatch(/never its token/);
    expect(doc.paths['/api/v1/sessions/{id}']?.delete?.description).toMatch(/404/);
    expect(doc.paths['/api/v1/sessions/end-others']?.post?.summary).toMatch(/everywhere else/);
  });
});
