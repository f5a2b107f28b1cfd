import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveExam, saveQuestions } from '../../features/exam/exam-snapshot.ts';
import { openQueueStorage } from '../../features/exam/queue-storage.ts';
import { stubApi, testUser } from '../../test/fetch-stub.ts';
import { openPaperExam, paperQuestions } from '../../test/paper.ts';
import { renderApp, signedInAuth } from '../../test/render.tsx';

const exam = openPaperExam(60_000, 30);

/** The phone has no connection: every call fails as fetch does then. */
const unreachable = () => {
  throw new TypeError('Failed to fetch');
};
const noConnection = Object.fromEntries(
  [
    'GET /api/v1/user',
    'GET /api/v1/user/profile',
    'GET /api/v1/ngso-1/registration/status',
    'GET /api/v1/time',
    'GET /api/v1/ngso-1/exam',
    'GET /api/v1/ngso-1/questions',
    'GET /api/v1/ngso-1/answers',
  ].map((key) => [key, unreachable]),
);

describe('/final-exam with no connection (docs/decisions/060-offline-exam-pages.md)', () => {
  it('shows the exam and the questions this phone kept, with the timer running on', async () => {
    const storage = await openQueueStorage();
    await saveExam(storage, testUser.id, exam);
    await saveQuestions(storage, testUser.id, exam, paperQuestions);
    stubApi(noConnection);
    renderApp('/final-exam', { auth: signedInAuth });
    expect(await screen.findByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
    expect(screen.getByText('What is light?')).toBeVisible();
    expect(screen.getByTestId('exam-clock')).toHaveTextContent(/^2\d:\d\d$/);
    // The first render of the app in this file loads the whole exam page: slow on a busy machine.
  }, 15_000);

  it('with nothing kept for this window, says the exam could not be loaded, as before', async () => {
    const storage = await openQueueStorage();
    await saveExam(storage, testUser.id, {
      ...exam,
      starts_at: new Date(Date.parse(exam.starts_at) + 1000).toISOString(),
    });
    stubApi(noConnection);
    renderApp('/final-exam', { auth: signedInAuth });
    expect(
      await screen.findByText('The exam could not be loaded. Please check your connection and try again.'),
    ).toBeVisible();
  });
});
