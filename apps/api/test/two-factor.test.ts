import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodes, users } from '../src/db/schema.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { ensureAdmin } from '../src/modules/auth/admin-accounts.ts';
import { findUserByEmail, updateUserRole } from '../src/modules/auth/auth.repo.ts';
import { signedInAdmin } from './helpers/fixtures.ts';
import { queuedMail } from './helpers/mail.ts';
import { totpCode } from './helpers/second-factor.ts';
import { client, createTestApp, newStudent } from './helpers/test-app.ts';

/**
 * Staff's second factor (security.md, V6.3.2): TOTP set up at the first console visit, passed once per
 * session, each code once, recovery codes shown once and hashed, wrong codes in a count of their own
 * (decision 066), and an admin's audited reset and unlock.
 */
const clock = fixedClock('2026-04-01T08:00:00Z');
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ clock, startMailWorker: false });
});
afterAll(() => t.close());

const REQUIRED =
  "Please confirm your sign-in with the code from your authenticator app to use the organisers' console.";
const LOCKED =
  'Two-step sign-in is locked on this device after too many wrong codes. Another admin can unlock it in the console (Users).';
const WRONG_CODE =
  'This code is not correct, or it has been used already. Please enter the current code from your authenticator app.';

/** A 6-digit code that no step around the clock's now accepts. */
function wrongCodeAt(secret: string) {
  const now = clock.now().getTime();
  const valid = new Set([-30_000, 0, 30_000].map((shift) => totpCode(secret, now + shift)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

let graders = 0;
/** A grader signed in with the password only. */
async function grader() {
  graders += 1;
  const email = `tf-grader-${graders}@example.com`;
  await ensureAdmin(t.db, email, 'Grader-pass-1', clock.now());
  await updateUserRole(t.db, (await findUserByEmail(t.db, email))?.id ?? '', 'grader', clock.now());
  return { email, session: await signIn(email) };
}

async function signIn(email: string) {
  const session = client(t.app);
  expect((await session.post('/api/v1/login', { email, password: 'Grader-pass-1' })).statusCode).toBe(200);
  return session;
}

const consoleCall = (who: ReturnType<typeof client>) => who.get('/api/v1/admin/submissions?category=junior');

/** Sets the second factor up for a signed-in grader; its secret and recovery codes. */
async function setUp(session: ReturnType<typeof client>) {
  const { secret } = (await session.post('/api/v1/two-factor/setup')).json().data;
  const confirmed = await session.post('/api/v1/two-factor/confirm', {
    code: totpCode(secret, clock.now().getTime()),
  });
  expect(confirmed.statusCode).toBe(200);
  return { secret: secret as string, codes: confirmed.json().recovery_codes as string[] };
}

describe('the second factor of staff', () => {
  it('keeps a grader signed in with the password alone out of the console, and sets up with a scanned secret', async () => {
    const { email, session } = await grader();
    const refused = await consoleCall(session);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: 'error', message: REQUIRED });
    expect((await session.get('/api/v1/two-factor')).json().data).toEqual({
      required: true,
      enabled: false,
      passed: false,
      recovery_codes_left: 0,
    });

    const setup = (await session.post('/api/v1/two-factor/setup')).json().data;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauth_url).toContain('otpauth://totp/NGSO:');
    expect(setup.otpauth_url).toContain(`secret=${setup.secret}`);
    expect(setup.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    const wrong = await session.post('/api/v1/two-factor/confirm', { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ code: [WRONG_CODE] });
    const malformed = await session.post('/api/v1/two-factor/confirm', { code: '12ab' });
    expect(malformed.json().errors).toEqual({
      code: ['Enter the 6-digit code from your authenticator app.'],
    });

    const other = await signIn(email);
    const confirmed = await session.post('/api/v1/two-factor/confirm', {
      code: totpCode(setup.secret, clock.now().getTime()),
    });
    expect(confirmed.json()).toMatchObject({
      message: 'Two-step sign-in is on. Keep your recovery codes somewhere safe.',
    });
    const codes = confirmed.json().recovery_codes as string[];
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(new Set(codes).size).toBe(10);
    expect((await consoleCall(session)).statusCode).toBe(200);
    // Setting it up ends the account's other sessions.
    expect((await other.get('/api/v1/user')).statusCode).toBe(401);

    // The recovery codes are kept only as hashes.
    const user = await findUserByEmail(t.db, email);
    const stored = await t.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, user?.id ?? ''));
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(codes.some((code) => row.codeHash.includes(code.replace('-', '')))).toBe(false);
    }
    expect((await session.post('/api/v1/two-factor/setup')).statusCode).toBe(409);
  });

  it('takes each code once, the next one at the next step, and each recovery code once', async () => {
    const { email, session } = await grader();
    const { secret, codes } = await setUp(session);
    const used = totpCode(secret, clock.now().getTime());

    const laptop = await signIn(email);
    expect((await consoleCall(laptop)).statusCode).toBe(403);
    const replay = await laptop.post('/api/v1/two-factor/verify', { code: used });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().errors).toEqual({ code: [WRONG_CODE] });

    clock.advance(30_000);
    const fresh = await laptop.post('/api/v1/two-factor/verify', {
      code: totpCode(secret, clock.now().getTime()),
    });
    expect(fresh.json()).toEqual({ status: 'success', message: 'Your sign-in is confirmed.' });
    expect((await consoleCall(laptop)).statusCode).toBe(200);

    const tablet = await signIn(email);
    const [recovery] = codes;
    expect(
      (await tablet.post('/api/v1/two-factor/verify', { recovery_code: recovery?.toUpperCase() })).statusCode,
    ).toBe(200);
    expect((await consoleCall(tablet)).statusCode).toBe(200);
    expect((await tablet.get('/api/v1/two-factor')).json().data.recovery_codes_left).toBe(9);
    const phone = await signIn(email);
    const again = await phone.post('/api/v1/two-factor/verify', { recovery_code: recovery });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({
      recovery_code: ['This recovery code is not correct, or it has been used already.'],
    });
    // Both fields at once, or neither, is not a request.
    expect(
      (await phone.post('/api/v1/two-factor/verify', { code: '123456', recovery_code: recovery })).statusCode,
    ).toBe(422);
  });

  it('waits after five wrong codes at set-up, in a count of its own', async () => {
    const { session } = await grader();
    await session.post('/api/v1/two-factor/setup');
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      answers.push((await session.post('/api/v1/two-factor/confirm', { code: '000000' })).statusCode);
    }
    expect(answers).toEqual([422, 422, 422, 422, 422, 429]);
    clock.advance(120_000);
  });

  it('counts wrong codes on their own, never cleared by a password sign-in: growing waits, and the 100th in a row locks the console until another admin unlocks it; the owner is mailed', async () => {
    const { email, session: owner } = await grader();
    const { secret } = await setUp(owner);
    const guess = (who: ReturnType<typeof client>) =>
      who.post('/api/v1/two-factor/verify', { code: wrongCodeAt(secret) });
    let stranger = await signIn(email); // knows the password, not the phone
    for (let i = 0; i < 5; i++) expect((await guess(stranger)).statusCode).toBe(422);
    const held = await guess(stranger);
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBe('1');
    // A password sign-in, on this device or a fresh one, does not start the count afresh.
    stranger = await signIn(email);
    expect((await guess(stranger)).statusCode).toBe(429);
    expect((await guess(await signIn(email))).statusCode).toBe(429);

    // The waits grow (1 s doubling to 15 minutes), however the stranger signs in again.
    const waits: number[] = [];
    let failures = 5;
    let last = held;
    while (last.statusCode !== 403) {
      const wait = Number(last.headers['retry-after'] ?? 0);
      if (wait > 0) waits.push(wait);
      clock.advance(wait * 1000);
      stranger = await signIn(email);
      last = await guess(stranger);
      if (last.statusCode === 422 || last.statusCode === 403) failures += 1;
      if (last.statusCode === 422) last = await guess(stranger); // the wait this failure set
      expect(failures).toBeLessThanOrEqual(100);
    }
    expect(failures).toBe(100);
    expect(waits.slice(0, 6)).toEqual([1, 2, 4, 8, 16, 32]);
    expect(Math.max(...waits)).toBe(15 * 60);
    expect(last.json()).toEqual({ status: 'error', message: LOCKED });
    // Locked: a day later, even the right code, from a device that never passed, is refused.
    clock.advance(24 * 60 * 60_000);
    const late = await signIn(email);
    const right = await late.post('/api/v1/two-factor/verify', {
      code: totpCode(secret, clock.now().getTime()),
    });
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toBe(LOCKED);
    expect((await consoleCall(late)).statusCode).toBe(403);

    // The owner is told, in their language, with the way to a new password.
    const mail = await queuedMail(t.db, email, 1, 'Your two-step sign-in was locked');
    expect(mail.text).toContain('100 wrong codes were entered in a row');
    expect(mail.text).toContain('/forgot-password');

    // Another admin sees it and unlocks it (not their own); audited.
    const admin = await signedInAdmin(t);
    const graderId = (await late.get('/api/v1/user')).json().user.id;
    const listed = (await admin.get(`/api/v1/admin/users?q=${encodeURIComponent(email)}`)).json().data;
    expect(listed[0]).toMatchObject({ two_factor: true, two_factor_locked: true });
    expect((await late.post(`/api/v1/admin/users/${graderId}/two-factor/unlock`)).statusCode).toBe(403);
    const me = (await admin.get('/api/v1/user')).json().user.id;
    const own = await admin.post(`/api/v1/admin/users/${me}/two-factor/unlock`);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe('You cannot unlock your own two-step sign-in. Ask another admin.');
    expect((await admin.post('/api/v1/admin/users/not-a-uuid/two-factor/unlock')).statusCode).toBe(404);
    const unlocked = await admin.post(`/api/v1/admin/users/${graderId}/two-factor/unlock`);
    expect(unlocked.json()).toEqual({
      status: 'success',
      message: 'Two-step sign-in is unlocked. The user can enter a code again.',
    });
    const audit = (await admin.get('/api/v1/admin/audit?action=user.two_factor.unlock')).json().data;
    expect(audit[0]).toMatchObject({
      target_id: graderId,
      before: { locked: true },
      after: { locked: false },
    });
    const lockedEntry = (await admin.get('/api/v1/admin/audit?action=user.two_factor.locked')).json().data;
    expect(lockedEntry[0]).toMatchObject({ target_id: graderId, after: { failures: 100 } });
    expect(
      (await admin.get(`/api/v1/admin/users?q=${encodeURIComponent(email)}`)).json().data[0],
    ).toMatchObject({ two_factor_locked: false });
    clock.advance(30_000); // the next step's code
    const back = await late.post('/api/v1/two-factor/verify', {
      code: totpCode(secret, clock.now().getTime()),
    });
    expect(back.statusCode).toBe(200);
    expect((await consoleCall(late)).statusCode).toBe(200);
  });

  it('gives wrong codes sent all at once no more attempts than one after another: five, then a wait', async () => {
    const { email, session: owner } = await grader();
    const { secret } = await setUp(owner);
    const stranger = await signIn(email);
    const burst = await Promise.all(
      Array.from({ length: 20 }, () =>
        stranger.post('/api/v1/two-factor/verify', { code: wrongCodeAt(secret) }),
      ),
    );
    const statuses = burst.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 422)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it("keeps the owner's device that passed the code step out of strangers' failures (decision 010 on the code step)", async () => {
    const { email, session: owner } = await grader();
    const { secret } = await setUp(owner); // this device passed the second factor
    const signInAgain = async () =>
      expect((await owner.post('/api/v1/login', { email, password: 'Grader-pass-1' })).statusCode).toBe(200);
    const ownerCode = () =>
      owner.post('/api/v1/two-factor/verify', { code: totpCode(secret, clock.now().getTime()) });
    clock.advance(30_000);
    await signInAgain();
    // A stranger's failed logins hold the account's login back-off for every new device ...
    const outsider = client(t.app);
    for (let i = 0; i < 6; i++) await outsider.post('/api/v1/login', { email, password: 'Wrong-pass-11' });
    expect((await client(t.app).post('/api/v1/login', { email, password: 'Grader-pass-1' })).statusCode).toBe(
      429,
    );
    // ... but not the owner's code step.
    expect((await ownerCode()).statusCode).toBe(200);

    // One who knows the password guesses codes from elsewhere until told to wait ...
    clock.advance(120_000);
    const guesser = await signIn(email);
    const guesses: number[] = [];
    for (let i = 0; i < 6; i++)
      guesses.push(
        (await guesser.post('/api/v1/two-factor/verify', { code: wrongCodeAt(secret) })).statusCode,
      );
    expect(guesses).toEqual([422, 422, 422, 422, 422, 429]);
    // ... and the owner, signing in again on their phone, passes at once.
    clock.advance(30_000);
    await signInAgain();
    expect((await ownerCode()).statusCode).toBe(200);
    expect((await consoleCall(owner)).statusCode).toBe(200);

    // The owner's device waits for its own wrong codes.
    await signInAgain();
    const own: number[] = [];
    for (let i = 0; i < 6; i++)
      own.push((await owner.post('/api/v1/two-factor/verify', { code: wrongCodeAt(secret) })).statusCode);
    expect(own).toEqual([422, 422, 422, 422, 422, 429]);
    clock.advance(20 * 60_000);
  });

  it("keeps a session with the password alone from changing the password or ending the owner's sessions", async () => {
    const { email, session: owner } = await grader();
    await setUp(owner);
    const stranger = await signIn(email); // the password only
    const ACCOUNT_REQUIRED =
      'Please confirm your sign-in with the code from your authenticator app before you change your password or sign out other devices.';
    const change = await stranger.put('/api/v1/password', {
      current_password: 'Grader-pass-1',
      password: 'Another-long-pass-7',
    });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toEqual({ status: 'error', message: ACCOUNT_REQUIRED });
    const endOthers = await stranger.post('/api/v1/sessions/end-others');
    expect(endOthers.statusCode).toBe(403);
    expect(endOthers.json().message).toBe(ACCOUNT_REQUIRED);
    const ownerSession = (await owner.get('/api/v1/sessions'))
      .json()
      .data.find((row: { current: boolean }) => row.current) as { id: string };
    const endOne = await stranger.delete(`/api/v1/sessions/${ownerSession.id}`);
    expect(endOne.statusCode).toBe(403);
    expect(endOne.json().message).toBe(ACCOUNT_REQUIRED);
    // Nothing changed: the owner is still in the console, and the password still signs in.
    expect((await consoleCall(owner)).statusCode).toBe(200);
    await signIn(email);
    // The owner's session, past the second factor, may.
    expect((await owner.post('/api/v1/sessions/end-others')).statusCode).toBe(200);
    expect((await stranger.get('/api/v1/sessions')).statusCode).toBe(401);
  });

  it('is not asked of students, who have no console', async () => {
    const student = client(t.app);
    await student.post('/api/v1/register', newStudent());
    expect((await student.get('/api/v1/two-factor')).json().data).toMatchObject({
      required: false,
      passed: false,
    });
    const setup = await student.post('/api/v1/two-factor/setup');
    expect(setup.statusCode).toBe(403);
    expect(setup.json().message).toBe('Two-step sign-in is for organisers and graders.');
  });

  it('is reset by an admin for a lost phone: the grader is signed out and sets it up again; audited', async () => {
    const { email, session } = await grader();
    await setUp(session);
    const admin = await signedInAdmin(t);
    const graderId = (await session.get('/api/v1/user')).json().user.id;

    expect(
      (await session.request({ method: 'DELETE', url: `/api/v1/admin/users/${graderId}/two-factor` }))
        .statusCode,
    ).toBe(403);
    const listed = (await admin.get(`/api/v1/admin/users?q=${encodeURIComponent(email)}`)).json().data;
    expect(listed[0]).toMatchObject({ two_factor: true });
    const reset = await admin.delete(`/api/v1/admin/users/${graderId}/two-factor`);
    expect(reset.json()).toEqual({
      status: 'success',
      message: 'Two-step sign-in has been reset. The user sets it up again at the next sign-in.',
    });
    expect((await session.get('/api/v1/user')).statusCode).toBe(401);
    const back = await signIn(email);
    expect((await back.get('/api/v1/two-factor')).json().data).toMatchObject({
      enabled: false,
      passed: false,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, graderId));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null });

    const audit = (await admin.get('/api/v1/admin/audit?action=user.two_factor.reset')).json().data;
    expect(audit[0]).toMatchObject({
      target_id: graderId,
      before: { enabled: true },
      after: { enabled: false },
    });
    const me = (await admin.get('/api/v1/user')).json().user.id;
    const own = await admin.delete(`/api/v1/admin/users/${me}/two-factor`);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe('You cannot reset your own two-step sign-in. Ask another admin.');
    expect((await admin.delete('/api/v1/admin/users/not-a-uuid/two-factor')).statusCode).toBe(404);
  });

  it("is reset by the operator's admin:create for an admin who lost the phone, ending their sessions", async () => {
    const { email, session } = await grader();
    await setUp(session);
    await ensureAdmin(t.db, email, 'Grader-pass-2', clock.now());
    expect((await session.get('/api/v1/user')).statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ role: 'admin', totpSecret: null, totpEnabledAt: null });
  });
});
