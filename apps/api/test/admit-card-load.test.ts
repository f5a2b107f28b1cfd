import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrations } from '../src/db/schema.ts';
import { ADMIT_CARD_RENDERS } from '../src/modules/admit-card/admit-card.service.ts';
import { registeredStudent } from './helpers/fixtures.ts';
import { occupyRenders } from './helpers/render-queue.ts';
import { type client, createTestApp } from './helpers/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let browser: ReturnType<typeof client>;
beforeAll(async () => {
  t = await createTestApp();
  const approved = await registeredStudent(t, 'approved');
  browser = approved.browser;
  // Approved as an organiser's approval leaves it: with the card's verification code.
  await t.db
    .update(registrations)
    .set({ verificationCode: 'LOADTESTCODE1' })
    .where(eq(registrations.userId, approved.user.id));
});
afterAll(() => t.close());

describe('a crowd of admit-card downloads', () => {
  it('renders a few at a time: a download waits while every render place is taken', async () => {
    const release = occupyRenders(ADMIT_CARD_RENDERS.atOnce);
    let answered = false;
    const waiting = browser.get('/api/v1/ngso-1/admit-card').then((answer) => {
      answered = true;
      return answer;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(answered).toBe(false);
    await release();
    const answer = await waiting;
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
  });

  it('answers 503 with Retry-After in the envelope once the queue is full, and serves again after', async () => {
    const release = occupyRenders(ADMIT_CARD_RENDERS.atOnce + ADMIT_CARD_RENDERS.waiting);
    const refused = await browser.get('/api/v1/ngso-1/admit-card');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(ADMIT_CARD_RENDERS.retryAfterSeconds));
    expect(refused.json()).toEqual({
      status: 'error',
      message: 'The service is busy or briefly unavailable. Please try again in a moment.',
    });
    await release();
    expect((await browser.get('/api/v1/ngso-1/admit-card')).statusCode).toBe(200);
  });

  it('never fails under a real crowd: each download is a card or a 503 to retry', async () => {
    const answers = await Promise.all(
      Array.from({ length: 3 * ADMIT_CARD_RENDERS.waiting }, () => browser.get('/api/v1/ngso-1/admit-card')),
    );
    expect(
      answers.map((answer) => answer.statusCode).filter((status) => status !== 200 && status !== 503),
    ).toEqual([]);
  });
});
