import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fetch-stub.ts';
import { renderWithStore, signedInAuth } from '../../../test/render.tsx';
import { ResultView } from './result-view.tsx';

const question = (position: number, marks_awarded: number | null, comment: string | null) => ({
  question_id: `q${position}`,
  position,
  questionEnglish: `English text ${position}`,
  questionBangla: `বাংলা ${position}`,
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
