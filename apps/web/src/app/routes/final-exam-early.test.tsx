import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearStartHandover, handOverStart } from '../../features/exam/start-handover.ts';
import { approvedRegistrationStatus, stubApi, testProfile, testUser } from '../../test/fetch-stub.ts';
import { openPaperExam, paperQuestions } from '../../test/paper.ts';
import { renderApp, signedInAuth } from '../../test/render.tsx';

/**
 * A first visit to /final-exam (a reload, a late arrival; issue 39's slow link): the page's own calls go
 * out with the signed-in session's, not after them, since the server authorises each by the cookie.
 */
const exam = openPaperExam(1000, 120);

/** The session's calls answer only when `answer()` is called; the exam's at once. */
function slowSession() {
  let answer = () => {};
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const api = stubApi({
    'GET /api/v1/user': async () => {
      await held;
      return { body: { status: 'success', user: testUser } };
    },
    'GET /api/v1/user/profile': async () => {
      await held;
      return { body: { status: 'success', user: testProfile } };
    },
    'GET /api/v1/ngso-1/registration/status': async () => {
      await held;
      return { body: approvedRegistrationStatus };
    },
    'GET /api/v1/time': () => ({ body: { status: 'success', now: new Date().toISOString() } }),
    'GET /api/v1/ngso-1/exam': { body: { status: 'success', data: exam } },
    'GET /api/v1/ngso-1/questions': { body: { status: 'success', data: paperQuestions } },
    'GET /api/v1/ngso-1/answers': { body: { status: 'success', data: { data: [], late_photos: [] } } },
  });
  return { api, answer };
}

const count = (keys: string[], key: string) => keys.filter((k) => k === key).length;

afterEach(() => clearStartHandover());

describe('/final-exam on a first visit', () => {
  it("asks for the clock, the exam and its questions while the session's calls are still on their way", async () => {
    const { api, answer } = slowSession();
    renderApp('/final-exam', { auth: signedInAuth }, { loadersStore: true });
    await waitFor(() =>
      expect(api.keys()).toEqual(
        expect.arrayContaining([
          'GET /api/v1/time',
          'GET /api/v1/ngso-1/exam',
          'GET /api/v1/ngso-1/questions',
        ]),
      ),
    );
    // The session's calls went out and none has been answered: the page is still loading.
    expect(api.keys()).toContain('GET /api/v1/user');
    expect(screen.queryByRole('heading', { name: 'Question 1 of 2' })).toBeNull();

    answer();
    expect(await screen.findByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
    // The page took the questions asked for early instead of asking again.
    expect(count(api.keys(), 'GET /api/v1/ngso-1/questions')).toBe(1);
  });

  it('opened from the countdown at the start (with the paper), asks for none of them', async () => {
    handOverStart({ userId: testUser.id, exam, questions: paperQuestions, at: Date.now() });
    const { api, answer } = slowSession();
    renderApp('/final-exam', { auth: signedInAuth }, { loadersStore: true });
    answer();
    expect(await screen.findByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
    expect(api.keys()).not.toContain('GET /api/v1/ngso-1/exam');
    expect(api.keys()).not.toContain('GET /api/v1/ngso-1/questions');
  });
});
