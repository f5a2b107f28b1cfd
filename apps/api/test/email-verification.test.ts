import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/lib/clock.ts';
import { listMails } from '../src/mail/outbox.repo.ts';
import { signedInAdmin, signedInGrader } from './helpers/fixtures.ts';
import { queuedMail, verificationToken } from './helpers/mail.ts';
import { multipart } from './helpers/multipart.ts';
import { client, createTestApp, newStudent } from './helpers/test-app.ts';

/**
 * Proven addresses (security.md, 'E-mail verification' and 'Staff by invitation'): the preliminary result
 * and the final round need an address its owner has opened a mailed link of, and staff are made by an
 * invitation accepted through a mailed link, never by promoting whoever registered the address first.
 */
const clock = fixedClock('2026-03-01T10:00:00Z');
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp({ clock, startMailWorker: false });
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

const UNVERIFIED =
  'Please verify your email address first: open the link we sent to your email, or ask for a new one from your profile.';
const LINK_INVALID =
  'This verification link is invalid, has expired or has already been used. Please ask for a new one from your profile.';
const INVITATION_INVALID =
  'This invitation link is invalid, has expired or has already been used. Please ask the organisers for a new one.';

async function registered() {
  const details = newStudent();
  const browser = client(t.app);
  expect((await browser.post('/api/v1/register', details)).statusCode).toBe(201);
  return { browser, details };
}

const lookUp = (browser: ReturnType<typeof client>, email: string) =>
  browser.post('/api/v1/ngso-1/preliminary/result', { email });

const invitationToken = async (email: string, nth = 1) => {
  const mail = await queuedMail(
    t.db,
    email,
    nth,
    'You are invited to the National General Science Olympiad team',
  );
  return (
    new URL(/http\S+\/accept-invitation\?\S+/.exec(mail.text)?.[0] ?? '').searchParams.get('token') ?? ''
  );
};

describe('e-mail verification', () => {
  it('mails a link at registration; until it is opened, the preliminary result and the final round are refused', async () => {
    const { browser, details } = await registered();
    expect((await browser.get('/api/v1/user')).json().user.email_verified).toBe(false);
    const mail = await queuedMail(t.db, details.email, 1, 'Verify your email address');
    expect(mail.text).toContain('within 48 hours');
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/verify-email\?token=[\w-]{43}\b/);

    const imported = await admin.request({
      method: 'POST',
      url: '/api/v1/admin/preliminary/import',
      ...multipart([
        {
          name: 'results.csv',
          type: 'text/csv',
          data: Buffer.from(
            `email,name,category,score,total,qualified\n${details.email},A,junior,50,60,true\n`,
          ),
        },
      ]),
    });
    expect(imported.statusCode).toBe(200);
    const refused = await lookUp(browser, details.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: 'error', message: UNVERIFIED });
    const registration = await browser.post('/api/v1/ngso-1/registration', {});
    expect(registration.statusCode).toBe(403);
    expect(registration.json().message).toBe(UNVERIFIED);

    // The link works on any device, without signing in.
    const token = await verificationToken(t.db, details.email);
    const verified = await client(t.app).post('/api/v1/verify-email', { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      status: 'success',
      message: 'Your email address is verified. Thank you.',
    });
    expect((await browser.get('/api/v1/user')).json().user.email_verified).toBe(true);
    expect((await lookUp(browser, details.email)).json().data).toMatchObject({ qualified: true });

    // Once only.
    const again = await client(t.app).post('/api/v1/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ status: 'error', message: LINK_INVALID });
  });

  it('refuses an unknown, an empty and an expired token with a clear message', async () => {
    const unknown = await client(t.app).post('/api/v1/verify-email', { token: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(LINK_INVALID);
    expect((await client(t.app).post('/api/v1/verify-email', { token: '' })).statusCode).toBe(422);

    const { details } = await registered();
    const token = await verificationToken(t.db, details.email);
    clock.advance(49 * 60 * 60_000);
    const expired = await client(t.app).post('/api/v1/verify-email', { token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(LINK_INVALID);
  });

  it('sends a new link on request, within the limits of forgot-password; not to a verified or signed-out user', async () => {
    expect((await client(t.app).post('/api/v1/verify-email/resend')).statusCode).toBe(401);
    const { browser, details } = await registered();
    const resent = await browser.post('/api/v1/verify-email/resend');
    expect(resent.statusCode).toBe(200);
    expect(resent.json().message).toBe('We have sent a new verification link to your email.');
    const second = await queuedMail(t.db, details.email, 2, 'Verify your email address');
    // The newer link works as well as the first.
    const token = new URL(/http\S+/.exec(second.text)?.[0] ?? '').searchParams.get('token');
    expect((await client(t.app).post('/api/v1/verify-email', { token })).statusCode).toBe(200);
    const already = await browser.post('/api/v1/verify-email/resend');
    expect(already.statusCode).toBe(409);
    expect(already.json().message).toBe('Your email address is already verified.');

    const other = await registered();
    const answers: number[] = [];
    for (let i = 0; i < 6; i++)
      answers.push((await other.browser.post('/api/v1/verify-email/resend')).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    const mails = (await listMails(t.db)).filter((m) => m.to === other.details.email);
    expect(mails).toHaveLength(6); // the registration's link and five on request
  });
});

describe('staff by invitation', () => {
  // A fresh admin session for each test: the tests move the clock past a staff session's life.
  beforeEach(async () => {
    admin = await signedInAdmin(t);
  });

  it('is for admins only', async () => {
    const { browser } = await registered();
    const grader = await signedInGrader(t, 'invite-grader@example.com');
    for (const who of [browser, grader]) {
      const answer = await who.post('/api/v1/admin/invitations', { email: 'x@example.com', role: 'grader' });
      expect(answer.statusCode).toBe(403);
      expect((await who.get('/api/v1/admin/invitations')).statusCode).toBe(403);
    }
    expect((await client(t.app).get('/api/v1/admin/invitations')).statusCode).toBe(401);
  });

  it('never promotes whoever registered the address: accepting the mailed link sets a new password and ends their sessions', async () => {
    // Someone registers a future grader's address first, and keeps a session.
    const squatter = await registered();
    const invited = await admin.post('/api/v1/admin/invitations', {
      email: squatter.details.email.toUpperCase(),
      role: 'grader',
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({
      message: `The invitation has been sent to ${squatter.details.email}.`,
      data: { email: squatter.details.email, role: 'grader' },
    });
    // Inviting gives nothing yet.
    expect((await squatter.browser.get('/api/v1/user')).json().user.role).toBe('student');
    const pending = (await admin.get('/api/v1/admin/invitations')).json().data;
    expect(pending.map((i: { email: string }) => i.email)).toContain(squatter.details.email);

    const token = await invitationToken(squatter.details.email);
    const phone = client(t.app);
    const weak = await phone.post('/api/v1/invitations/accept', {
      token,
      name: 'Nadia',
      password: 'password1',
    });
    expect(weak.statusCode).toBe(422);
    const accepted = await phone.post('/api/v1/invitations/accept', {
      token,
      name: 'Nadia Karim',
      password: 'Grading-season-2026',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      message: 'Welcome to the team. Your password is set and you are signed in.',
      user: { email: squatter.details.email, role: 'grader', name: 'Nadia Karim', email_verified: true },
    });
    // The squatter's session and password are gone; the accepting device is signed in as grader.
    expect((await squatter.browser.get('/api/v1/user')).statusCode).toBe(401);
    const oldPassword = await client(t.app).post('/api/v1/login', {
      email: squatter.details.email,
      password: squatter.details.password,
    });
    expect(oldPassword.statusCode).toBe(401);
    expect((await phone.get('/api/v1/user')).json().user).toMatchObject({
      role: 'grader',
      name: 'Nadia Karim',
    });

    const reused = await client(t.app).post('/api/v1/invitations/accept', {
      token,
      name: 'Someone',
      password: 'Another-pass-2026',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(INVITATION_INVALID);

    const audit = (await admin.get('/api/v1/admin/audit?action=staff.invite')).json().data;
    expect(audit[0]).toMatchObject({ after: { email: squatter.details.email, role: 'grader' } });
    const acceptance = (await admin.get('/api/v1/admin/audit?action=staff.invitation.accept')).json().data;
    expect(acceptance[0]).toMatchObject({ before: { role: 'student' }, after: { role: 'grader' } });
  });

  it('creates the account of a new address, replaces an earlier invitation, and can be withdrawn', async () => {
    const email = `new-admin-${Date.now()}@example.com`;
    await admin.post('/api/v1/admin/invitations', { email, role: 'grader' });
    await admin.post('/api/v1/admin/invitations', { email, role: 'admin' });
    const first = await invitationToken(email, 1);
    const second = await invitationToken(email, 2);
    const replaced = await client(t.app).post('/api/v1/invitations/accept', {
      token: first,
      name: 'Rafiq',
      password: 'Season-organiser-26',
    });
    expect(replaced.statusCode).toBe(400);
    const accepted = await client(t.app).post('/api/v1/invitations/accept', {
      token: second,
      name: 'Rafiq Islam',
      password: 'Season-organiser-26',
    });
    expect(accepted.json().user).toMatchObject({ email, role: 'admin', email_verified: true });

    const again = await admin.post('/api/v1/admin/invitations', { email, role: 'grader' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'This address already belongs to a member of staff with this role or a higher one.',
    );

    const withdrawnEmail = `withdrawn-${Date.now()}@example.com`;
    const invitation = (
      await admin.post('/api/v1/admin/invitations', { email: withdrawnEmail, role: 'grader' })
    ).json().data;
    const withdrawn = await admin.delete(`/api/v1/admin/invitations/${invitation.id}`);
    expect(withdrawn.json().message).toBe('The invitation has been withdrawn.');
    expect((await admin.delete(`/api/v1/admin/invitations/${invitation.id}`)).statusCode).toBe(404);
    expect((await admin.delete('/api/v1/admin/invitations/not-a-uuid')).statusCode).toBe(404);
    const token = await invitationToken(withdrawnEmail);
    const late = await client(t.app).post('/api/v1/invitations/accept', {
      token,
      name: 'Late',
      password: 'Season-organiser-26',
    });
    expect(late.statusCode).toBe(400);
  });

  it('expires after seven days', async () => {
    const email = `slow-${Date.now()}@example.com`;
    await admin.post('/api/v1/admin/invitations', { email, role: 'grader' });
    const token = await invitationToken(email);
    clock.advance(7 * 24 * 60 * 60_000 + 1000);
    const late = await client(t.app).post('/api/v1/invitations/accept', {
      token,
      name: 'Slow Reader',
      password: 'Season-organiser-26',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(INVITATION_INVALID);
  });
});
