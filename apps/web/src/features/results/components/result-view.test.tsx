import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fetch-stub.ts';
import { renderWithStore, signedInAuth } from '../../../test/render.tsx';
import { ResultView } from './result-view.tsx';

const question = (position: number, marks_awarded: number | null, comment: string | null) => ({
  question_id: `q${position}`,
  position,
  questionEnglish: `English text ${position}`,
  questionBangla: `বাংলা ${position}`,
  questionEnglishHtml: `<p>English text ${position}</p>`,
  questionBanglaHtml: `<p>বাংলা ${position}</p>`,
  marks: 10,
  marks_awarded,
  comment,
});

const render = () => renderWithStore(<ResultView />, { auth: signedInAuth });

describe('ResultView', () => {
  it('says results are not out yet before publication', async () => {
    stubApi({
      'GET /api/v1/ngso-1/result': {
        body: {
          status: 'success',
          message: 'Results are not published yet.',
          data: {
            published: false,
            category: 'junior',
            total: null,
            total_marks: 60,
            rank: null,
            participants: null,
            award: null,
            questions: [],
          },
        },
      },
    });
    render();
    expect(await screen.findByText('Results are not out yet.')).toBeVisible();
  });

  it('shows marks per question, comments, the total, the rank and the award', async () => {
    stubApi({
      'GET /api/v1/ngso-1/result': {
        body: {
          status: 'success',
          data: {
            published: true,
            category: 'junior',
            total: 15,
            total_marks: 60,
            rank: 2,
            participants: 40,
            award: 'silver',
            questions: [question(1, 8, 'Well argued.'), question(2, 7, null), question(3, null, null)],
          },
        },
      },
      'GET /api/v1/ngso-1/rechecks': { body: { status: 'success', data: rechecks() } },
    });
    render();
    expect(await screen.findByTestId('result-total')).toHaveTextContent('15 / 60');
    expect(screen.getByTestId('result-rank')).toHaveTextContent('2 of 40');
    expect(screen.getByTestId('result-award')).toHaveTextContent('Future Scientist Award: Silver');
    expect(screen.getByRole('heading', { name: 'Question 1' })).toBeVisible();
    expect(screen.getByText('English text 1')).toBeVisible();
    expect(screen.getByText('Well argued.')).toBeVisible();
    expect(screen.getAllByTestId('question-marks').map((el) => el.textContent)).toEqual([
      '8 / 10',
      '7 / 10',
      'Not graded (out of 10)',
    ]);
  });

  it("shows the server's message when the student may not see a result", async () => {
    stubApi({
      'GET /api/v1/ngso-1/result': {
        status: 403,
        body: { status: 'error', message: 'Your registration is not approved.' },
      },
    });
    render();
    expect(await screen.findByText('Your registration is not approved.')).toBeVisible();
  });
});

describe('re-checks on the result page', () => {
  const published = {
    status: 'success',
    data: {
      published: true,
      category: 'junior',
      total: 15,
      total_marks: 60,
      rank: 2,
      participants: 40,
      award: 'silver',
      questions: [question(1, 8, null), question(2, 7, null), question(3, 0, null)],
    },
  };

  it('asks for a re-check of the chosen questions with a reason, and shows it in progress', async () => {
    let sent: unknown;
    stubApi({
      'GET /api/v1/ngso-1/result': { body: published },
      'GET /api/v1/ngso-1/rechecks': { body: { status: 'success', data: rechecks() } },
      'POST /api/v1/ngso-1/rechecks': async (request) => {
        sent = await request.json();
        return {
          status: 201,
          body: {
            status: 'success',
            message: 'Your re-check request is received. We will e-mail you the outcome.',
            data: rechecks({ requests: [recheck({ question_id: 'q2', question_position: 2 })] }),
          },
        };
      },
    });
    render();
    const section = await screen.findByRole('region', { name: 'Re-checks' });
    expect(within(section).getByText(/You can ask for up to 2 questions in all \(2 left\)/)).toBeVisible();
    await userEvent.click(within(section).getByRole('button', { name: 'Ask for a re-check' }));
    expect(await within(section).findByText('Choose the questions to re-check (each once).')).toBeVisible();
    await userEvent.click(within(section).getByRole('checkbox', { name: 'Question 2' }));
    await userEvent.type(
      within(section).getByLabelText('Why should it be re-checked?'),
      'My units were right.',
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Ask for a re-check' }));
    expect(
      await within(section).findByText('Your re-check request is received. We will e-mail you the outcome.'),
    ).toBeVisible();
    expect(sent).toEqual({ question_ids: ['q2'], reason: 'My units were right.' });
    expect(within(section).getByTestId('recheck-outcome')).toHaveTextContent('being re-checked');
    expect(within(section).queryByRole('checkbox', { name: 'Question 2' })).toBeNull();
  });

  it('shows an outcome with the note, and no form once the window has closed', async () => {
    stubApi({
      'GET /api/v1/ngso-1/result': { body: published },
      'GET /api/v1/ngso-1/rechecks': {
        body: {
          status: 'success',
          data: rechecks({
            open: false,
            requests: [
              recheck({
                status: 'decided',
                outcome: 'changed',
                marks_after: 9,
                outcome_note: 'Units are right.',
              }),
            ],
          }),
        },
      },
    });
    render();
    const section = await screen.findByRole('region', { name: 'Re-checks' });
    expect(within(section).getByTestId('recheck-outcome')).toHaveTextContent(
      'checked again; your mark changed from 3 to 9',
    );
    expect(within(section).getByText('Units are right.')).toBeVisible();
    expect(within(section).getByText('Re-checks closed on 21 January 2025, 7:00 PM.')).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Ask for a re-check' })).toBeNull();
  });
});

function rechecks(overrides: Record<string, unknown> = {}) {
  return {
    open: true,
    closes_at: '2025-01-21T19:00:00+06:00',
    max_questions: 2,
    fee_bdt: 0,
    requests: [],
    ...overrides,
  };
}

function recheck(overrides: Record<string, unknown> = {}) {
  return {
    id: 'r1',
    question_id: 'q1',
    question_position: 1,
    reason: 'My units were right.',
    status: 'requested',
    requested_at: '2025-01-15T10:00:00+06:00',
    marks_before: 3,
    marks_after: null,
    outcome: null,
    outcome_note: null,
    decided_at: null,
    ...overrides,
  };
}
