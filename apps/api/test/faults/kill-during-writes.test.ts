import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../helpers/server-process.ts';
import { verifyThroughOutbox } from '../helpers/verify-through-outbox.ts';
import {
  ADMIN,
  accountOf,
  answerPhoto,
  approvedStudent,
  eventually,
  expectStatus,
  type FaultEnvironment,
  faultEnvironment,
  importQualified,
  newStudent,
  openJuniorExam,
  outboxIdOf,
  registrationFormOf,
  registrationIdOf,
  type Student,
  signIn,
} from './support.ts';

/**
 * kill -9 of the server while registrations, approvals, photo commitments and deliveries and grading marks
 * are in flight, then a restart on the same database: what was acknowledged is there, nothing is half
 * written, every committed photo can still be delivered, and the mails queued before the kill are
 * delivered after it, once.
 */
let env: FaultEnvironment;
let admin: HttpClient;

beforeAll(async () => {
  env = await faultEnvironment({ postgres: 4640, http: 4620, smtp: 4625 });
  // A slow mail server, so mails are still waiting in the outbox when the server is killed.
  await env.startSmtp(80);
  await env.startServer();
  admin = await signIn(env, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await env?.teardown();
});

type Candidate = Awaited<ReturnType<typeof approvedStudent>>;

/** What the server acknowledged (2xx) before the kill, and what was sent but never answered. */
const acked = {
  accounts: [] as Array<{ student: Student; browser: HttpClient }>,
  registrations: [] as Student[],
  approvals: new Map<string, string>(), // email -> roll number
  /** Photos whose bytes the server acknowledged. */
  deliveries: [] as Array<{ owner: Candidate; sha256: string }>,
  /** Answers as committed: the photos' hashes, in order. */
  answers: new Map<string, { version: number; hashes: string[] }>(), // `${userId}/${questionId}`
  marks: new Map<string, number>(), // `${userId}/${questionId}`
};
const unanswered = {
  answers: new Map<string, { hashes: string[] }>(),
  marks: new Map<string, number>(),
};
/** Every photo a candidate took, with its bytes: what the page keeps on the device until delivered. */
const taken = new Map<string, { owner: Candidate; bytes: Buffer }>(); // `${userId}/${sha256}`
const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const deliver = (candidate: Candidate, sha256: string, bytes: Buffer) =>
  candidate.browser.put(`/api/v1/ngso-1/answer-photos/${sha256}`, bytes, { 'content-type': 'image/jpeg' });

describe('kill -9 of the server during writes', () => {
  it('keeps every acknowledged write, writes nothing by halves, and delivers the queued mails once', async () => {
    // Before: eight approved students in an open exam, and sixty qualified students yet to register.
    const candidatesToBe = Array.from({ length: 8 }, () => newStudent('candidate'));
    const newcomers = Array.from({ length: 60 }, () => newStudent('newcomer'));
    await importQualified(admin, [...candidatesToBe, ...newcomers]);
    await openJuniorExam(admin);
    const candidates: Candidate[] = [];
    for (const student of candidatesToBe) candidates.push(await approvedStudent(env, admin, student));
    const questions = (await candidates[0]?.browser.get('/api/v1/ngso-1/questions?category=junior'))?.body
      .data as Array<{ id: string }>;
    expect(questions.length).toBeGreaterThan(0);

    // During: writers of every kind, until the kill. Each stops at its first failed request.
    let killed = false;
    const running = (promise: Promise<unknown>) =>
      promise.catch((err) => {
        if (!killed) throw err;
      });
    const pendingApprovals: Student[] = [];
    let nextNewcomer = 0;

    const registrar = async () => {
      for (;;) {
        const student = newcomers[nextNewcomer++];
        if (!student) return;
        const browser = env.client();
        expectStatus(await browser.post('/api/v1/register', accountOf(student)), 201);
        acked.accounts.push({ student, browser });
        await verifyThroughOutbox(env.query, browser, student.email);
        const form = await browser.post('/api/v1/ngso-1/registration', registrationFormOf(student));
        expectStatus(form, 201);
        acked.registrations.push(student);
        pendingApprovals.push(student);
      }
    };
    const approver = async () => {
      for (;;) {
        const student = pendingApprovals.shift();
        if (!student) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          continue;
        }
        const id = await registrationIdOf(admin, student.email);
        const approved = await admin.post(`/api/v1/admin/registrations/${id}/approve`, {});
        expectStatus(approved, 200);
        acked.approvals.set(student.email, (approved.body.data as { roll_number: string }).roll_number);
      }
    };
    // As the exam page does: commit each photo (hash and size) to the answer, then deliver its bytes.
    const answerer = async (candidate: Candidate, offset: number) => {
      for (let round = 0; ; round++) {
        const question = questions[(offset + round) % questions.length];
        if (!question) return;
        const key = `${candidate.userId}/${question.id}`;
        // Each photo different (photos are named by their bytes' hash), as two pages of paper are.
        const bytes = await sharp(await answerPhoto(offset * 29 + round * 7))
          .withExif({ IFD0: { ImageDescription: `${candidate.userId} page ${round}` } })
          .jpeg()
          .toBuffer();
        const sha256 = sha256Of(bytes);
        taken.set(`${candidate.userId}/${sha256}`, { owner: candidate, bytes });
        const previous = acked.answers.get(key);
        const hashes = [sha256];
        unanswered.answers.set(key, { hashes });
        const saved = await candidate.browser.post('/api/v1/ngso-1/answers', {
          question_id: question.id,
          images: [{ sha256, size: bytes.length }],
          version: previous?.version ?? 0,
        });
        expectStatus(saved, 200);
        unanswered.answers.delete(key);
        acked.answers.set(key, { version: (saved.body.data as { version: number }).version, hashes });
        expectStatus(await deliver(candidate, sha256, bytes), 200);
        acked.deliveries.push({ owner: candidate, sha256 });
      }
    };
    const grader = async (share: Candidate[]) => {
      for (let round = 0; ; round++) {
        for (const candidate of share) {
          for (const [position, question] of questions.entries()) {
            const key = `${candidate.userId}/${question.id}`;
            const marks = (round * 3 + position) % 11;
            unanswered.marks.set(key, marks);
            const response = await admin.put(`/api/v1/admin/submissions/${candidate.userId}/marks`, {
              question_id: question.id,
              marks,
            });
            expectStatus(response, 200);
            unanswered.marks.delete(key);
            acked.marks.set(key, marks);
          }
        }
      }
    };

    const writers = [
      registrar(),
      registrar(),
      registrar(),
      approver(),
      ...candidates.map((candidate, i) => answerer(candidate, i)),
      grader(candidates.slice(0, 4)),
      grader(candidates.slice(4)),
    ].map(running);

    const server = env.server;
    if (!server) throw new Error('no server');
    const start = Date.now();
    await eventually(
      'enough acknowledged writes',
      async () =>
        acked.registrations.length >= 16 && acked.approvals.size >= 6 && acked.marks.size >= 20
          ? true
          : undefined,
      90_000,
    );
    const writesBefore = Date.now() - start;
    killed = true;
    await server.kill();
    await Promise.all(writers);
    expect(server.alive()).toBe(false);

    // Right after the kill, the outbox as the dead server left it.
    const atKill = await env.query<{ id: string; status: string; locked_until: Date | null }>(
      'select id, status, locked_until from outbox_mails',
    );
    const waitingAtKill = atKill.filter((mail) => mail.status === 'pending');
    expect(waitingAtKill.length, 'mails queued but not yet sent at the kill').toBeGreaterThan(0);

    // After: the same database, a new process.
    await env.startServer();

    // Accounts: the user, and the session the registration answer's cookie carries, in one transaction.
    const users = await env.query<{ id: string; email: string; sessions: string }>(
      `select u.id, u.email, (select count(*) from sessions s where s.user_id = u.id) as sessions
       from users u where u.email like 'newcomer-%'`,
    );
    const userByEmail = new Map(users.map((user) => [user.email, user]));
    for (const { student, browser } of acked.accounts) {
      expect(userByEmail.has(student.email), student.email).toBe(true);
      const me = await browser.get('/api/v1/user');
      expect(me.status, `${student.email} is still signed in`).toBe(200);
    }
    for (const user of users) expect(Number(user.sessions), `a session of ${user.email}`).toBeGreaterThan(0);

    // Registrations: each with exactly one "received" mail (same transaction), acknowledged or not.
    const registrations = await env.query<{
      id: string;
      email: string;
      transaction_id: string;
      status: string;
      roll_number: string | null;
      verification_code: string | null;
      decided_by: string | null;
    }>(
      `select r.id, u.email, r.transaction_id, r.status, r.roll_number, r.verification_code, r.decided_by
       from registrations r join users u on u.id = r.user_id`,
    );
    const registrationByEmail = new Map(registrations.map((row) => [row.email, row]));
    for (const student of acked.registrations) {
      expect(registrationByEmail.get(student.email)?.transaction_id, student.email).toBe(
        student.transactionId,
      );
    }
    const mails = await env.query<{ id: string; to: string; subject: string; status: string }>(
      'select id, "to", subject, status from outbox_mails',
    );
    const mailsTo = (email: string, subject: string) =>
      mails.filter((mail) => mail.to === email && mail.subject === subject).length;
    for (const row of registrations) {
      expect(mailsTo(row.email, 'We received your final-round registration'), row.email).toBe(1);
    }

    // Approvals: roll number, verification code, decider, audit entry and mail, all or none.
    const audits = await env.query<{ action: string; target_id: string; after: Record<string, unknown> }>(
      'select action, target_id, after from audit_log order by id',
    );
    for (const [email, rollNumber] of acked.approvals) {
      expect(registrationByEmail.get(email)?.roll_number, email).toBe(rollNumber);
    }
    for (const row of registrations) {
      const approvalsLogged = audits.filter(
        (audit) => audit.action === 'registration.approve' && audit.target_id === row.id,
      ).length;
      const approvalMails = mailsTo(row.email, 'Your final-round registration is approved');
      if (row.status === 'approved') {
        expect(row.roll_number && row.verification_code && row.decided_by, row.email).toBeTruthy();
        expect([approvalsLogged, approvalMails], row.email).toEqual([1, 1]);
      } else {
        expect(row.status, row.email).toBe('pending');
        expect([row.roll_number, approvalsLogged, approvalMails], row.email).toEqual([null, 0, 0]);
      }
    }

    // Photos: every acknowledged delivery has its file, whole; every acknowledged commitment is there.
    type MediaFile = { id: string; owner_id: string; storage_key: string; size_bytes: number };
    const mediaColumns = 'id, owner_id, storage_key, size_bytes';
    const media = await env.query<MediaFile>(`select ${mediaColumns} from media`);
    const mediaById = new Map(media.map((row) => [row.id, row]));
    const fileOf = (key: string) => path.join(env.dataDir, 'uploads', key.slice(0, 2), key.slice(2, 4), key);
    const sizeOfFile = (row: MediaFile) => {
      const file = fileOf(row.storage_key);
      return existsSync(file) && statSync(file).size;
    };
    for (const row of media) {
      // The restarted server's image worker runs meanwhile: a photo pending in the list above may have been
      // processed since (a new file, its received bytes removed), so a missing file is looked up again.
      const now =
        sizeOfFile(row) === row.size_bytes
          ? row
          : (await env.query<MediaFile>(`select ${mediaColumns} from media where id = $1`, [row.id]))[0];
      expect(now && sizeOfFile(now), `the file of media ${row.id}`).toBe(now?.size_bytes);
    }
    const photoRows = await env.query<{ user_id: string; sha256: string; media_id: string | null }>(
      'select user_id, sha256, media_id from answer_photos',
    );
    const photoByKey = new Map(photoRows.map((row) => [`${row.user_id}/${row.sha256}`, row]));
    for (const delivery of acked.deliveries) {
      const row = photoByKey.get(`${delivery.owner.userId}/${delivery.sha256}`);
      expect(row?.media_id && mediaById.get(row.media_id)?.owner_id, delivery.sha256).toBe(
        delivery.owner.userId,
      );
    }

    // Answers: the acknowledged version or the one in flight at the kill, naming only recorded photos.
    const answers = await env.query<{
      user_id: string;
      question_id: string;
      images: Array<{ sha256: string; size: number }>;
      version: number;
    }>('select user_id, question_id, images, version from answers');
    const answerByKey = new Map(answers.map((row) => [`${row.user_id}/${row.question_id}`, row]));
    const hashesOf = (row: (typeof answers)[number] | undefined) => row?.images.map((image) => image.sha256);
    for (const [key, answer] of acked.answers) {
      const row = answerByKey.get(key);
      const inFlight = unanswered.answers.get(key);
      if (row?.version === answer.version) expect(hashesOf(row), key).toEqual(answer.hashes);
      else {
        expect(row?.version, key).toBe(answer.version + 1);
        expect(hashesOf(row), key).toEqual(inFlight?.hashes);
      }
    }
    for (const row of answers) {
      for (const image of row.images) {
        expect(photoByKey.has(`${row.user_id}/${image.sha256}`), `photo ${image.sha256}`).toBe(true);
      }
    }

    // Delivery after the restart: every committed photo the server does not have yet is taken now, as
    // the page sends it again, and every photo of every answer ends processed and served.
    let deliveredAfter = 0;
    for (const row of answers) {
      for (const image of row.images) {
        if (photoByKey.get(`${row.user_id}/${image.sha256}`)?.media_id) continue;
        const photo = taken.get(`${row.user_id}/${image.sha256}`);
        if (!photo) throw new Error(`a photo nobody took: ${image.sha256}`);
        expectStatus(await deliver(photo.owner, image.sha256, photo.bytes), 200);
        deliveredAfter += 1;
      }
    }
    for (const candidate of candidates) {
      const own = await eventually(
        `every photo of ${candidate.student.email} processed`,
        async () => {
          const list = (await candidate.browser.get('/api/v1/ngso-1/answers')).body.data as {
            data: Array<{ images: Array<{ status: string; url: string | null }> }>;
          };
          const images = list.data.flatMap((answer) => answer.images);
          if (images.some((image) => image.status !== 'stored')) return undefined;
          for (const image of images) {
            if ((await candidate.browser.get(image.url as string)).status !== 200) return undefined;
          }
          return images;
        },
        60_000,
      );
      expect(own.length).toBeGreaterThan(0);
    }

    // Marks: the acknowledged value or the one in flight, each with the audit entry of its write.
    const marks = await env.query<{ user_id: string; question_id: string; grader_marks: number }>(
      'select user_id, question_id, grader_marks from marks',
    );
    const markByKey = new Map(marks.map((row) => [`${row.user_id}/${row.question_id}`, row.grader_marks]));
    for (const [key, value] of acked.marks) {
      const allowed = unanswered.marks.has(key) ? [value, unanswered.marks.get(key)] : [value];
      expect(allowed, key).toContain(markByKey.get(key));
    }
    for (const [key, value] of markByKey) {
      const last = audits.filter((audit) => audit.action === 'marks.grade' && audit.target_id === key).at(-1);
      expect(last?.after.graderMarks, key).toBe(value);
    }

    // Mails: the restarted worker sends what waited; each mail arrives once. Only a mail the killed
    // process was handing to the SMTP server at the kill may arrive twice (delivery is at least once).
    await eventually(
      'the outbox to empty',
      async () => {
        const [row] = await env.query<{ waiting: string }>(
          `select count(*) as waiting from outbox_mails where status <> 'sent'`,
        );
        return Number(row?.waiting) === 0 ? true : undefined;
      },
      60_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const deliveries = new Map<number, number>();
    for (const mail of env.received()) {
      const id = outboxIdOf(mail.messageId);
      deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
    }
    const outboxIds = new Set(mails.map((mail) => Number(mail.id)));
    expect(
      [...deliveries.keys()].filter((id) => !outboxIds.has(id)),
      'mails not from the outbox',
    ).toEqual([]);
    for (const id of outboxIds)
      expect(deliveries.get(id) ?? 0, `deliveries of mail ${id}`).toBeGreaterThan(0);
    const twice = [...deliveries].filter(([, count]) => count > 1);
    expect(twice.length, 'mails delivered twice').toBeLessThanOrEqual(1);
    for (const [id, count] of twice) {
      expect(count).toBe(2);
      expect(
        atKill.some((mail) => Number(mail.id) === id && mail.status === 'pending' && mail.locked_until),
        `mail ${id}, delivered twice, was being sent at the kill`,
      ).toBe(true);
    }

    console.info(
      `kill -9 after ${writesBefore} ms of writes: ${acked.accounts.length} accounts, ` +
        `${acked.registrations.length} registrations, ${acked.approvals.size} approvals, ` +
        `${acked.answers.size} answers, ${acked.deliveries.length} photos, ${acked.marks.size} marks acknowledged; ` +
        `${deliveredAfter} committed photos delivered after the restart; ` +
        `${waitingAtKill.length} of ${atKill.length} mails waiting at the kill, ${twice.length} delivered twice; ` +
        `in flight at the kill: ${unanswered.answers.size} answer saves, ${unanswered.marks.size} marks, ` +
        `${registrations.length - candidates.length - acked.registrations.length} registrations committed unanswered`,
    );
  });
});
