import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearStartHandover, handOverStart } from '../../features/exam/start-handover.ts';
import { approvedRegistrationStatus, stubApi, testProfile, testUser } from '../../test/fetch-stub.ts';
import { openPaperExam, paperQuestions } from '../../test/paper.ts';
import { renderApp, signedInAuth } from '../../test/render.tsx';

const exam = openPaperExam(1000, 120);
const questions = paperQuestions;

const handlers = {
  'GET /api/v1/user': { body: { status: 'success', user: testUser } },
  'GET /api/v1/user/profile': { body: { status: 'success', user: testProfile } },
  'GET /api/v1/ngso-1/registration/status': { body: approvedRegistrationStatus },
  'GET /api/v1/time': () => ({ body: { status: 'success', now: new Date().toISOString() } }),
};
/** What every page asked for in the start second before the paper. */
const PER_STUDENT = ['GET /api/v1/ngso-1/exam', 'GET /api/v1/ngso-1/questions', 'GET /api/v1/ngso-1/answers'];

afterEach(() => clearStartHandover());

describe('/final-exam at the start', () => {
  it('opened from the paper: the questions, with no exam, questions or answers call', async () => {
    handOverStart({ userId: testUser.id, exam, questions, at: Date.now() });
    const api = stubApi({
      ...handlers,
      'GET /api/v1/ngso-1/exam': { body: { status: 'success', data: exam } },
    });
    renderApp('/final-exam', { auth: signedInAuth });
    expect(await screen.findByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
    expect(screen.getByText('What is light?')).toBeVisible();
    for (const call of PER_STUDENT) expect(api.keys()).not.toContain(call);

    // Back on the page later, the exam is asked for again, and the page stays where the student was.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Question 2 of 2' })).toBeVisible();
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(api.keys()).toContain('GET /api/v1/ngso-1/exam'));
    expect(screen.getByRole('heading', { name: 'Question 2 of 2' })).toBeVisible();
  });

  it('without the paper (a reload, a late arrival): the ordinary calls', async () => {
    const api = stubApi({
      ...handlers,
      'GET /api/v1/ngso-1/exam': { body: { status: 'success', data: exam } },
      'GET /api/v1/ngso-1/questions': { body: { status: 'success', data: questions } },
      'GET /api/v1/ngso-1/answers': { body: { status: 'success', data: { data: [], late_photos: [] } } },
    });
    renderApp('/final-exam', { auth: signedInAuth });
    expect(await screen.findByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
    // (The answers: the queue of the test before is still handing over, as between two pages of the app.)
    expect(api.keys()).toContain('GET /api/v1/ngso-1/exam');
    expect(api.keys()).toContain('GET /api/v1/ngso-1/questions');
  });
});
