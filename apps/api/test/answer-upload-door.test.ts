import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANSWER_UPLOADS_KEPT_FOR_RETURNS,
  ANSWER_UPLOADS_WAITING,
  admitAnswerUpload,
} from '../src/modules/exam/answer-upload-gate.ts';
import { registeredStudent } from './helpers/fixtures.ts';
import { jpegPhoto } from './helpers/images.ts';
import { client, createTestApp } from './helpers/test-app.ts';

/**
 * The answer uploads' door (upload-gate.ts) comes after the session (issue 41, item 9): while the gate is
 * full, a request signed out is a 401 and is never given a moment to come back, so junk with made-up hashes
 * moves neither the students' moments nor the places kept for their returns.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Fills the process's answer-upload gate: one upload holding its whole budget, and every new place waiting. */
function fillTheGate() {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const uploads = [admitAnswerUpload('door-holder', () => held, 200 * 1_000_000)];
  for (let i = 0; i < ANSWER_UPLOADS_WAITING - ANSWER_UPLOADS_KEPT_FOR_RETURNS; i++) {
    uploads.push(admitAnswerUpload(`door-waiting-${i}`, async () => {}, 1_000_000));
  }
  // A place that waits longer than the gate keeps it (a slow machine) is told to come back: settled at the end.
  for (const upload of uploads) upload.catch(() => {});
  return async () => {
    release();
    await Promise.allSettled(uploads);
  };
}

const randomSha = () => createHash('sha256').update(randomBytes(16)).digest('hex');

describe('the answer uploads door', () => {
  it('answers a request signed out 401 before the full door, and a signed-in student 503 with Retry-After', async () => {
    const student = (await registeredStudent(t, 'approved')).browser;
    const photo = await jpegPhoto();
    const empty = await fillTheGate();
    try {
      const stranger = client(t.app);
      for (let i = 0; i < 20; i++) {
        const junk = await stranger.put(`/api/v1/ngso-1/answer-photos/${randomSha()}`, photo, {
          'content-type': 'image/jpeg',
        });
        expect(junk.statusCode).toBe(401);
        expect(junk.headers['retry-after']).toBeUndefined();
      }
      const upload = await stranger.post('/api/v1/upload', 'x', {
        'content-type': 'multipart/form-data; boundary=x',
      });
      expect(upload.statusCode).toBe(401);

      // The door still turns real students away while it is full, each with a moment of its own.
      const turned = await student.put(`/api/v1/ngso-1/answer-photos/${randomSha()}`, photo, {
        'content-type': 'image/jpeg',
      });
      expect(turned.statusCode).toBe(503);
      expect(Number(turned.headers['retry-after'])).toBeGreaterThanOrEqual(5);
    } finally {
      await empty();
    }
  });
});
