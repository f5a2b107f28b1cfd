import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announcementRecipients,
  announcements,
  auditLog,
  outboxMails,
  registrations,
  users,
} from '../src/db/schema.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { toDhakaIso } from '../src/lib/time.ts';
import {
  registeredStudent,
  signedInAdmin,
  signedInGrader,
  verifyEmailThroughMail,
} from './helpers/fixtures.ts';
import { startSmtpServer } from './helpers/smtp-server.ts';
import { client, createTestApp, newStudent } from './helpers/test-app.ts';

/** Announcements (issue 17, part 4; decision 032): segments, all-or-nothing sending, throttling, reading. */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof client>;
const clock = fixedClock('2026-04-01T04:00:00Z');

type Student = Awaited<ReturnType<typeof registeredStudent>>;
let approvedFarmgate: Student;
let approvedSenior: Student;
let pendingJunior: Student;
let unregistered: { browser: ReturnType<typeof client>; user: { id: string; email: string; name: string } };

const FARMGATE = 'Dhaka — Farmgate';

const notice = {
  title_en: 'Bus times for the final round',
  title_bn: 'চূড়ান্ত পর্বের বাসের সময়',
  body_en: 'The bus leaves at 7:00 sharp.\nPlease be there by 6:45.',
  body_bn: 'বাস ঠিক ৭টায় ছাড়বে।\nসাড়ে ছয়টা পঁয়তাল্লিশের মধ্যে পৌঁছান।',
  rate_per_minute: 600,
};

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ clock, smtpUrl: smtp.url, startMailWorker: false });
  admin = await signedInAdmin(t);
  approvedFarmgate = await registeredStudent(t, 'approved', 'junior');
  approvedSenior = await registeredStudent(t, 'approved', 'senior');
  pendingJunior = await registeredStudent(t, 'pending', 'junior');
  await registeredStudent(t, 'rejected', 'secondary');
  await t.db
    .update(registrations)
    .set({ pickupSpot: FARMGATE })
    .where(eq(registrations.userId, approvedFarmgate.user.id));
  await t.db
    .update(registrations)
    .set({ division: 'Chattogram' })
    .where(eq(registrations.userId, approvedSenior.user.id));
  await t.db.update(users).set({ language: 'bn' }).where(eq(users.id, approvedFarmgate.user.id));
  // A student without a registration, from Khulna by the profile.
  const browser = client(t.app);
  await browser.post('/api/v1/register', newStudent());
  const user = (await browser.get('/api/v1/user')).json().user;
  await verifyEmailThroughMail(t, user.email);
  await t.db.update(users).set({ division: 'Khulna' }).where(eq(users.id, user.id));
  unregistered = { browser, user };
  // The mails of the registrations are out of the way.
  await t.app.mailWorker.drain();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const preview = async (segment: unknown) => {
  const response = await admin.post('/api/v1/admin/announcements/preview', { segment });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.recipients as number;
};

async function send(segment: unknown, overrides: Record<string, unknown> = {}) {
  const response = await admin.post('/api/v1/admin/announcements', { ...notice, segment, ...overrides });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; recipients: number; pending: number };
}

const adminList = async () => {
  const response = await admin.get('/api/v1/admin/announcements');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Array<{
    id: string;
    recipients: number;
    delivered: number;
    failed: number;
    pending: number;
    read: number;
  }>;
};

const ownNotices = async (who: ReturnType<typeof client>) => {
  const response = await who.get('/api/v1/announcements');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Array<{ id: string; title_en: string; read_at: string | null }>;
};

const mailsOf = (announcementId: string) =>
  t.db.select().from(outboxMails).where(eq(outboxMails.throttleKey, announcementId)).orderBy(outboxMails.id);

describe('announcement segments', () => {
  it('counts each segment: everyone, a category, a status, a division, the approved of a pick-up spot', async () => {
    expect(await preview({ kind: 'everyone' })).toBe(5);
    expect(await preview({ kind: 'category', category: 'junior' })).toBe(2);
    expect(await preview({ kind: 'category', category: 'secondary' })).toBe(1);
    expect(await preview({ kind: 'status', status: 'approved' })).toBe(2);
    expect(await preview({ kind: 'status', status: 'rejected' })).toBe(1);
    // The registration's division when there is one, else the profile's.
    expect(await preview({ kind: 'division', division: 'Dhaka' })).toBe(3);
    expect(await preview({ kind: 'division', division: 'Chattogram' })).toBe(1);
    expect(await preview({ kind: 'division', division: 'Khulna' })).toBe(1);
    expect(await preview({ kind: 'pickup', pickup_spot: FARMGATE })).toBe(1);
    // Own transport: only approved entrants (the pending junior also chose it).
    expect(await preview({ kind: 'pickup', pickup_spot: 'own' })).toBe(1);
  });

  it('refuses a segment it does not know, with the field and the message', async () => {
    const division = await admin.post('/api/v1/admin/announcements/preview', {
      segment: { kind: 'division', division: 'Atlantis' },
    });
    expect(division.statusCode).toBe(422);
    expect(division.json().errors).toEqual({
      'segment.division': ['Please choose a division from the list.'],
    });
    const spot = await admin.post('/api/v1/admin/announcements/preview', {
      segment: { kind: 'pickup', pickup_spot: 'The moon' },
    });
    expect(spot.statusCode).toBe(422);
    expect(spot.json().errors).toEqual({
      'segment.pickup_spot': ['Please choose a pick-up spot from the list.'],
    });
    const kind = await admin.post('/api/v1/admin/announcements/preview', { segment: { kind: 'planet' } });
    expect(kind.statusCode).toBe(422);
    expect(kind.json().errors).toEqual({ 'segment.kind': ['Please choose who receives the notice.'] });
    const competition = await admin.post('/api/v1/admin/announcements/preview?competition=ngso-99', {
      segment: { kind: 'everyone' },
    });
    expect(competition.statusCode).toBe(404);
  });
});

describe('sending a notice', () => {
  it('writes one recipient and one mail each, in their language, and the audit entry, at once', async () => {
    const sent = await send({ kind: 'status', status: 'approved' });
    expect(sent).toMatchObject({ recipients: 2, pending: 2 });
    const recipients = await t.db
      .select()
      .from(announcementRecipients)
      .where(eq(announcementRecipients.announcementId, sent.id));
    expect(recipients.map((r) => r.userId).sort()).toEqual(
      [approvedFarmgate.user.id, approvedSenior.user.id].sort(),
    );
    const mails = await mailsOf(sent.id);
    expect(mails.map((m) => m.id).sort()).toEqual(recipients.map((r) => r.mailId).sort());
    const bangla = mails.find((m) => m.to === approvedFarmgate.user.email);
    expect(bangla?.subject).toBe(notice.title_bn);
    expect(bangla?.text).toBe(
      `প্রিয় ${approvedFarmgate.user.name},\n\n${notice.body_bn}\n\n` +
        'নোটিশটি আপনার প্রোফাইলেও আছে:\nhttp://localhost:3000/profile\n\n— জাতীয় সাধারণ বিজ্ঞান অলিম্পিয়াড',
    );
    const english = mails.find((m) => m.to === approvedSenior.user.email);
    expect(english?.subject).toBe(notice.title_en);
    expect(english?.text).toBe(
      `Hello ${approvedSenior.user.name},\n\n${notice.body_en}\n\n` +
        'You can also read this notice on your profile:\nhttp://localhost:3000/profile\n\n' +
        '— National General Science Olympiad',
    );
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'announcement.send'), eq(auditLog.targetId, sent.id)));
    expect(audit?.after).toMatchObject({
      title_en: notice.title_en,
      segment: { kind: 'status', status: 'approved' },
      rate_per_minute: 600,
      recipients: 2,
    });

    // Spread at 600 a minute: the second mail is due 100 ms after the first.
    expect(mails.map((m) => m.nextAttemptAt.getTime() - clock.now().getTime())).toEqual([0, 100]);
    // Delivered once the worker runs; the console counts from the outbox rows.
    clock.advance(1_000);
    await t.app.mailWorker.drain();
    expect((await adminList()).find((a) => a.id === sent.id)).toMatchObject({
      recipients: 2,
      delivered: 2,
      failed: 0,
      pending: 0,
      read: 0,
    });
    expect(smtp.received.filter((m) => m.subject === notice.title_bn)).toHaveLength(1);
  });

  it('sends nothing to an empty segment (422), and refuses bad input with the message', async () => {
    const [before] = await t.db.select({ n: count() }).from(announcements);
    const [mailsBefore] = await t.db.select({ n: count() }).from(outboxMails);
    const empty = await admin.post('/api/v1/admin/announcements', {
      ...notice,
      segment: { kind: 'pickup', pickup_spot: 'Gazipur — Chowrasta' },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe(
      'No student is in this group, so there is no one to send the notice to.',
    );
    expect((await t.db.select({ n: count() }).from(announcements))[0]).toEqual(before);
    expect((await t.db.select({ n: count() }).from(outboxMails))[0]).toEqual(mailsBefore);

    for (const rate of [0, 10_001, 1.5, '60']) {
      const response = await admin.post('/api/v1/admin/announcements', {
        ...notice,
        segment: { kind: 'everyone' },
        rate_per_minute: rate,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        rate_per_minute: ['The rate must be a whole number of mails per minute, from 1 to 10000.'],
      });
    }
    const blank = await admin.post('/api/v1/admin/announcements', {
      ...notice,
      title_bn: '  ',
      segment: { kind: 'everyone' },
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ title_bn: ['This field is required.'] });
  });

  it('is for admins only: students and graders get 403, nobody signed in 401', async () => {
    const grader = await signedInGrader(t);
    for (const who of [pendingJunior.browser, grader]) {
      expect((await who.get('/api/v1/admin/announcements')).statusCode).toBe(403);
      const response = await who.post('/api/v1/admin/announcements', {
        ...notice,
        segment: { kind: 'everyone' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('You do not have permission to do this.');
    }
    expect((await client(t.app).get('/api/v1/admin/announcements')).statusCode).toBe(401);
    expect((await client(t.app).get('/api/v1/announcements')).statusCode).toBe(401);
  });
});

describe("a student's notices", () => {
  it('shows a student only their own, unread first; another’s cannot be read or marked (404)', async () => {
    const first = await send({ kind: 'pickup', pickup_spot: FARMGATE }, { title_en: 'First notice' });
    clock.advance(60_000);
    const second = await send({ kind: 'category', category: 'junior' }, { title_en: 'Second notice' });
    const mine = await ownNotices(approvedFarmgate.browser);
    expect(mine.map((n) => n.title_en)).toEqual([
      'Second notice',
      'First notice',
      'Bus times for the final round',
    ]);

    // The pending junior has the second only; the first is someone else's.
    expect((await ownNotices(pendingJunior.browser)).map((n) => n.id)).toEqual([second.id]);
    const others = await pendingJunior.browser.post(`/api/v1/announcements/${first.id}/read`);
    expect(others.statusCode).toBe(404);
    expect(others.json().message).toBe('This notice was not found.');
    expect((await ownNotices(unregistered.browser)).map((n) => n.id)).toEqual([]);
    expect((await unregistered.browser.post('/api/v1/announcements/not-an-id/read')).statusCode).toBe(404);

    // Read: it moves after the unread ones, and stays read when marked again.
    const read = await approvedFarmgate.browser.post(`/api/v1/announcements/${second.id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    const readAt = read.json().data.read_at;
    expect(readAt).toBe(toDhakaIso(clock.now()));
    clock.advance(60_000);
    const again = await approvedFarmgate.browser.post(`/api/v1/announcements/${second.id}/read`);
    expect(again.json().data.read_at).toBe(readAt);
    const after = await ownNotices(approvedFarmgate.browser);
    expect(after.map((n) => [n.title_en, n.read_at])).toEqual([
      ['First notice', null],
      ['Bus times for the final round', null],
      ['Second notice', readAt],
    ]);
    expect((await adminList()).find((a) => a.id === second.id)).toMatchObject({ recipients: 2, read: 1 });
    clock.advance(60_000);
    await t.app.mailWorker.drain();
  });
});

describe('throttling', () => {
  it('never hands a notice’s mails to the mail server faster than its rate, also after a pause', async () => {
    const sent = await send({ kind: 'everyone' }, { rate_per_minute: 2, title_en: 'Throttled' });
    expect(sent.recipients).toBe(5);
    // The not-before times are spread at the rate: one every 30 s.
    const spread = (await mailsOf(sent.id)).map((m) => m.nextAttemptAt.getTime() - clock.now().getTime());
    expect(spread).toEqual([0, 30_000, 60_000, 90_000, 120_000]);
    const delivered = async () => (await mailsOf(sent.id)).filter((m) => m.status === 'sent').length;

    await t.app.mailWorker.drain();
    expect(await delivered()).toBe(1);
    await t.app.mailWorker.drain();
    expect(await delivered()).toBe(1);
    clock.advance(30_000);
    await t.app.mailWorker.drain();
    expect(await delivered()).toBe(2);

    // The worker was stopped ten minutes: every remaining mail is due, but only two go in a minute.
    clock.advance(10 * 60_000);
    await t.app.mailWorker.drain();
    expect(await delivered()).toBe(4);
    clock.advance(59_000);
    await t.app.mailWorker.drain();
    expect(await delivered()).toBe(4);
    clock.advance(1_000);
    await t.app.mailWorker.drain();
    expect(await delivered()).toBe(5);
  });

  it('keeps a notice’s mails while the mail server is down: pending, then delivered; failed ones counted', async () => {
    const sent = await send({ kind: 'category', category: 'junior' }, { title_en: 'Server down' });
    smtp.refuse(true);
    clock.advance(1_000);
    await t.app.mailWorker.drain();
    expect((await adminList()).find((a) => a.id === sent.id)).toMatchObject({
      recipients: 2,
      delivered: 0,
      failed: 0,
      pending: 2,
    });
    const mails = await mailsOf(sent.id);
    expect(mails.map((m) => [m.status, m.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ]);
    // Retried no sooner than a minute after the try, so each try counts in the rate's window.
    for (const mail of mails) {
      expect(mail.nextAttemptAt.getTime()).toBe((mail.claimedAt?.getTime() ?? 0) + 60_000);
    }
    // One of them has used up its attempts (as after 20 refusals): failed for good.
    await t.db
      .update(outboxMails)
      .set({ status: 'failed' })
      .where(eq(outboxMails.id, mails[0]?.id ?? 0));
    smtp.refuse(false);
    clock.advance(60 * 60_000);
    await t.app.mailWorker.drain();
    expect((await adminList()).find((a) => a.id === sent.id)).toMatchObject({
      recipients: 2,
      delivered: 1,
      failed: 1,
      pending: 0,
    });
  });
});
