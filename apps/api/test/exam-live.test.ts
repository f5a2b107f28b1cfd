import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/lib/clock.ts';
import { registeredStudent, signedInAdmin } from './helpers/fixtures.ts';
import { multipart } from './helpers/multipart.ts';
import { client, createTestApp } from './helpers/test-app.ts';

const clock = fixedClock('2025-01-14T11:10:00Z'); // 17:10 in Dhaka: the seeded exam is open
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp({ clock, startMailWorker: false });
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

describe("the organisers' live view of an exam", () => {
  it('shows who started, who is active in the last minute, who submitted, and each own end', async () => {
    const [writer, finisher, late] = await Promise.all([
      registeredStudent(t, 'approved', 'secondary'),
      registeredStudent(t, 'approved', 'secondary'),
      registeredStudent(t, 'approved', 'secondary'),
    ]);
    await registeredStudent(t, 'pending', 'secondary');
    const questions = (await writer.browser.get('/api/v1/ngso-1/questions?category=secondary')).json().data;
    const photo = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#cde' } })
      .jpeg()
      .toBuffer();
    const upload = await writer.browser.request({
      method: 'POST',
      url: '/api/v1/upload',
      ...multipart([{ name: 'a.jpg', data: photo }]),
    });
    await writer.browser.post('/api/v1/ngso-1/answers', {
      question_id: questions[0].id,
      image_urls: [upload.json().url],
    });
    await finisher.browser.post('/api/v1/ngso-1/exam/submit', {});
    await admin.post('/api/v1/admin/exams/secondary/extensions', { user_id: late.user.id, minutes: 20 });

    const live = await admin.get('/api/v1/admin/exams/secondary/live');
    expect(live.statusCode).toBe(200);
    const view = live.json().data;
    expect(view).toMatchObject({
      category: 'secondary',
      phase: 'DURING_EXAM',
      now: '2025-01-14T17:10:00+06:00',
      total_questions: questions.length,
      counts: { approved: 3, started: 2, active: 1, submitted: 1 },
    });
    const row = (id: string) => view.students.find((s: { user_id: string }) => s.user_id === id);
    expect(row(writer.user.id)).toMatchObject({
      answered: 1,
      last_saved_at: '2025-01-14T17:10:00+06:00',
      active: true,
      submitted_at: null,
    });
    expect(row(finisher.user.id)).toMatchObject({ answered: 0, submitted_at: '2025-01-14T17:10:00+06:00' });
    expect(row(late.user.id)).toMatchObject({ extra_minutes: 20, ends_at: '2025-01-14T18:20:00+06:00' });

    // A minute without a save: no longer active.
    clock.advance(61_000);
    const later = (await admin.get('/api/v1/admin/exams/secondary/live')).json().data;
    expect(later.counts).toMatchObject({ active: 0, started: 2 });
  });

  it('is for admins only', async () => {
    const { browser } = await registeredStudent(t, 'approved', 'junior');
    expect((await browser.get('/api/v1/admin/exams/junior/live')).statusCode).toBe(403);
    expect((await client(t.app).get('/api/v1/admin/exams/junior/live')).statusCode).toBe(401);
  });
});
