import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi, testUser } from '../../../test/fetch-stub.ts';
import { renderWithStore, signedInAuth } from '../../../test/render.tsx';
import { GradingPage } from './grading-page.tsx';

const grader = { ...testUser, id: 'g1', role: 'grader' as const };

const answer = (question_id: string, marks: number | null) => ({
  question_id,
  image_urls: [`/api/v1/media/${question_id}-${marks ?? 'x'}`],
  marks,
  comment: null,
  grader_marks: marks,
  grader_comment: null,
  override_marks: null,
  override_comment: null,
});

function stub() {
  const marks: Record<string, number | null> = { s1: null, s2: null, s3: null };
  const saves: unknown[] = [];
  const api = stubApi({
    'GET /api/v1/admin/submissions': () => ({
      body: {
        status: 'success',
        data: Object.entries(marks).map(([id, value]) => ({
          user_id: id,
          name: `Name ${id}`,
          roll_number: `R-${id}`,
          submitted_at: null,
          answers: [answer('q1', value)],
        })),
      },
    }),
    // Graders read the question list too; an empty one leaves the marks' bound to the server.
    'GET /api/v1/admin/questions': () => ({ body: { status: 'success', data: [] } }),
    'PUT /api/v1/admin/submissions/s1/marks': async (request) => save('s1', request),
    'PUT /api/v1/admin/submissions/s2/marks': async (request) => save('s2', request),
    'PUT /api/v1/admin/submissions/s3/marks': async (request) => save('s3', request),
  });
  async function save(id: string, request: Request) {
    const body = (await request.json()) as { marks: number };
    saves.push({ id, ...body });
    if (body.marks > 10) {
      return {
        status: 422,
        body: {
          status: 'error',
          message: 'Please check the form.',
          errors: { marks: ['Marks must be a whole number from 0 to 10.'] },
        },
      };
    }
    marks[id] = body.marks;
    return { body: { status: 'success', data: { grader_marks: body.marks, override_marks: null } } };
  }
  return { api, saves };
}

const render = () => renderWithStore(<GradingPage />, { auth: { ...signedInAuth, user: grader } });

describe('GradingPage', () => {
  it('hides names, grades with number keys, moves to the next ungraded, and shows the count', async () => {
    const { saves } = stub();
    render();
    const count = await screen.findByTestId('graded-count');
    expect(count).toHaveTextContent('Graded 0 of 3');
    expect(screen.getByTestId('grading-student')).toHaveTextContent('Answer 1 of 3');
    expect(screen.queryByText(/Name s/)).not.toBeInTheDocument();

    fireEvent.keyDown(document.body, { key: '7' });
    await waitFor(() => expect(count).toHaveTextContent('Graded 1 of 3'));
    expect(screen.getByTestId('grading-student')).toHaveTextContent('Answer 2 of 3');
    expect(saves).toHaveLength(1);
    expect(saves[0]).toMatchObject({ marks: 7, question_id: 'q1', comment: null });

    // K goes back, J forward; N shows the name and roll number.
    fireEvent.keyDown(document.body, { key: 'k' });
    expect(screen.getByTestId('grading-student')).toHaveTextContent('Answer 1 of 3');
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(screen.getByTestId('grading-student')).toHaveTextContent('Answer 2 of 3');
    fireEvent.keyDown(document.body, { key: 'n' });
    expect(screen.getByTestId('grading-student')).toHaveTextContent(/Name s\d \(R-s\d\)/);
  });

  it("shows the server's message for marks out of range and keeps the answer", async () => {
    const { saves } = stub();
    render();
    const marks = await screen.findByLabelText('Marks');
    fireEvent.change(marks, { target: { value: '12' } });
    fireEvent.submit(marks.closest('form') as HTMLFormElement);
    expect(await screen.findByText('Marks must be a whole number from 0 to 10.')).toBeVisible();
    expect(screen.getByTestId('grading-student')).toHaveTextContent('Answer 1 of 3');
    expect(saves).toHaveLength(1);
    // Keys typed in the field stay there.
    fireEvent.keyDown(marks, { key: 'j' });
    expect(screen.getByTestId('grading-student')).toHaveTextContent('Answer 1 of 3');
  });

  it('refuses negative marks before calling the server', async () => {
    const { saves } = stub();
    render();
    const marks = await screen.findByLabelText('Marks');
    fireEvent.change(marks, { target: { value: '-1' } });
    fireEvent.submit(marks.closest('form') as HTMLFormElement);
    expect(await screen.findByText('Marks cannot be below 0.')).toBeVisible();
    expect(saves).toHaveLength(0);
  });
});
