import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/lib/clock.ts';
import { commitmentsServed } from '../src/lib/commitments-first.ts';
import { admitAnswerUpload, WHILE_COMMITMENTS_SERVED_BYTES } from '../src/modules/exam/answer-upload-gate.ts';
import { registeredStudent } from './helpers/fixtures.ts';
import { client, createTestApp } from './helpers/test-app.ts';

/**
 * Commitments never wait for photo bytes (issue 40, decision 071): while a student's commitment is being
 * served, the process's answer-photo gate admits new photos only within a small budget; the rest once the
 * commitment is answered. The seeded junior exam runs 2025-01-14 11:00 to 12:00 UTC.
 */
const clock = fixedClock('2025-01-14T11:05:00Z');
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const randomSha = () => createHash('sha256').update(randomBytes(16)).digest('hex');

/** An upload holding `bytes` of the gate until released. */
function heldUpload(account: string, bytes: number) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { done: admitAnswerUpload(account, () => held, bytes), release };
}

async function studentInExam() {
  const { browser } = await registeredStudent(t, 'approved');
  const questions = (await browser.get('/api/v1/ngso-1/questions?category=junior')).json().data;
  return { browser, questionId: (questions as Array<{ id: string }>)[0]?.id as string };
}

describe('commitments before photo bytes', () => {
  it('keeps a photo that has room waiting while a commitment is served, and admits it once the commitment is answered', async () => {
    const { browser, questionId } = await studentInExam();
    const events: string[] = [];
    commitmentsServed.onNoneWaiting(() => events.push('no commitment served'));

    // A photo larger than the gate's budget runs alone; the next two wait for it, in their order. The next
    // one is as large as the gate's budget while a commitment is served, so the waiting one fits beside it
    // in any other budget (the whole one, or the one while the thread is busy, decision 047), not in that one.
    const large = heldUpload('large-photo', 200 * 1_000_000);
    const next = heldUpload('next-photo', WHILE_COMMITMENTS_SERVED_BYTES);
    const waiting = admitAnswerUpload(
      'waiting-photo',
      async () => {
        events.push('waiting photo admitted');
      },
      1000,
    );
    await nextTurn();
    expect(events).toEqual([]);

    const commit = browser.post('/api/v1/ngso-1/answers', {
      question_id: questionId,
      images: [{ sha256: randomSha(), size: 1000 }],
    });
    while (commitmentsServed.waiting() === 0) await nextTurn();
    events.push('commitment arrived');
    // The large one done, the next goes (none in flight: photos always move), and there would be room for
    // the waiting one too; but a commitment is being served: it waits for the commitment's answer.
    large.release();
    const committed = await commit;
    expect(committed.statusCode).toBe(200);
    await waiting;
    expect(events).toEqual(['commitment arrived', 'no commitment served', 'waiting photo admitted']);

    next.release();
    await Promise.all([large.done, next.done]);
  });

  it('counts a commitment answered however it ends: refused, invalid or signed out', async () => {
    const { browser, questionId } = await studentInExam();
    const invalid = await browser.post('/api/v1/ngso-1/answers', { question_id: questionId, images: 'x' });
    expect(invalid.statusCode).toBe(422);
    const unknownQuestion = await browser.post('/api/v1/ngso-1/answers', {
      question_id: '00000000-0000-4000-8000-000000000000',
      images: [{ sha256: randomSha(), size: 1000 }],
    });
    expect(unknownQuestion.statusCode).toBe(404);
    const stranger = await client(t.app).post('/api/v1/ngso-1/answers', {
      question_id: questionId,
      images: [{ sha256: randomSha(), size: 1000 }],
    });
    expect(stranger.statusCode).toBe(401);
    const submitted = await browser.post('/api/v1/ngso-1/exam/submit', {});
    expect(submitted.statusCode).toBe(200);
    expect(commitmentsServed.waiting()).toBe(0);
  });

  it('counts a commitment whose connection drops before its body has arrived as answered', async () => {
    const { browser } = await studentInExam();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    // The headers, and half of the body it announces: the process has begun to serve it.
    socket.write(
      `POST /api/v1/ngso-1/answers HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n` +
        'Content-Type: application/json\r\nX-Requested-With: XMLHttpRequest\r\nContent-Length: 100\r\n\r\n{"question_id":',
    );
    while (commitmentsServed.waiting() === 0) await nextTurn();
    socket.destroy();
    while (commitmentsServed.waiting() > 0) await nextTurn();
    expect(commitmentsServed.waiting()).toBe(0);
  });
});
