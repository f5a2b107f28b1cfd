import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/i18n.ts';
import { stubApi, testUser } from '../../../test/fetch-stub.ts';
import { renderWithStore, signedInAuth } from '../../../test/render.tsx';
import { GradingPage } from './grading-page.tsx';

const grader = { ...testUser, id: 'g1', role: 'grader' as const };

type Photo = {
  sha256: string;
  url: string | null;
  state: 'arriving' | 'processing' | 'ready' | 'failed';
  late: boolean;
};
const ready = (name: string, late = false): Photo => ({
  sha256: name,
  url: `/api/v1/media/${name}`,
  state: 'ready',
  late,
});
const notHere = (name: string, state: Photo['state']): Photo => ({
  sha256: name,
  url: null,
  state,
  late: false,
});

const answer = (
  question_id: string,
  marks: number | null,
  images: Photo[] = [ready(`${question_id}-${marks ?? 'x'}`)],
) => ({
  question_id,
  image_urls: images.flatMap((image) => (image.url ? [image.url] : [])),
  images,
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
        // Graders are sent roll numbers, not names.
        data: Object.entries(marks).map(([id, value]) => ({
          user_id: id,
          name: null,
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
  it('hides who wrote an answer, grades with number keys, moves to the next ungraded, and shows the count', async () => {
    const { saves } = stub();
    render();
    const count = await screen.findByTestId('graded-count');
    expect(count).toHaveTextContent('Graded 0 of 3');
    expect(screen.getByTestId('grading-student')).toHaveTextContent('Answer 1 of 3');
    expect(screen.queryByText(/R-s/)).not.toBeInTheDocument();

    fireEvent.keyDown(document.body, { key: '7' });
    await waitFor(() => expect(count).toHaveTextContent('Graded 1 of 3'));
    expect(screen.getByTestId('grading-student')).toHaveTextContent('Answer 2 of 3');
    expect(saves).toHaveLength(1);
    expect(saves[0]).toMatchObject({ marks: 7, question_id: 'q1', comment: null });

    // K goes back, J forward; N shows the roll number (a grader has no names).
    fireEvent.keyDown(document.body, { key: 'k' });
    expect(screen.getByTestId('grading-student')).toHaveTextContent('Answer 1 of 3');
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(screen.getByTestId('grading-student')).toHaveTextContent('Answer 2 of 3');
    fireEvent.keyDown(document.body, { key: 'n' });
    expect(screen.getByTestId('grading-student')).toHaveTextContent(/^R-s\d$/);
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

describe('GradingPage: photos not all here', () => {
  function stubPhotos() {
    const saves: string[] = [];
    const submission = (id: string, images: Photo[]) => ({
      user_id: id,
      name: `Name ${id}`,
      roll_number: `R-${id}`,
      submitted_at: null,
      answers: [answer('q1', null, images)],
    });
    stubApi({
      'GET /api/v1/admin/submissions': () => ({
        body: {
          status: 'success',
          data: [
            submission('waits', [notHere('w1', 'arriving'), notHere('w2', 'processing')]),
            submission('mixed', [
              ready('m1'),
              notHere('m2', 'arriving'),
              ready('m3', true),
              notHere('m4', 'failed'),
            ]),
          ],
        },
      }),
      'GET /api/v1/admin/questions': () => ({ body: { status: 'success', data: [] } }),
      'PUT /api/v1/admin/submissions/waits/marks': () => {
        saves.push('waits');
        return { body: { status: 'success', data: { grader_marks: 0, override_marks: null } } };
      },
      'PUT /api/v1/admin/submissions/mixed/marks': () => {
        saves.push('mixed');
        return { body: { status: 'success', data: { grader_marks: 6, override_marks: null } } };
      },
    });
    return saves;
  }
  const student = () => screen.getByTestId('grading-student');
  const showing = (id: string) => {
    fireEvent.keyDown(document.body, { key: 'n' });
    const shown = student().textContent?.includes(`Name ${id}`) ?? false;
    fireEvent.keyDown(document.body, { key: 'n' });
    return shown;
  };

  it('starts on an answer that can be graded and shows each photo by its state', async () => {
    stubPhotos();
    render();
    await screen.findByTestId('graded-count');
    expect(showing('mixed')).toBe(true);
    expect(screen.getByTestId('waiting-count')).toHaveTextContent('1 answer is waiting for its photos.');
    expect(screen.getByTestId('answer-image')).toHaveAttribute('src', '/api/v1/media/m1');
    expect(screen.getByTestId('photos-waiting')).toHaveTextContent(
      '1 photo of this answer is not ready yet.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Page 2 (still arriving)' }));
    expect(screen.queryByTestId('answer-image')).not.toBeInTheDocument();
    expect(screen.getByTestId('photo-placeholder')).toHaveTextContent(
      'Still arriving: the student took this photo in time; it will appear when it reaches the server.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByTestId('answer-image')).toHaveAttribute('src', '/api/v1/media/m3');
    expect(screen.getByText('Late photo, accepted')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Page 4 (not an image)' }));
    expect(screen.getByTestId('photo-placeholder')).toHaveTextContent('Could not be read as an image');
    expect(screen.queryByText('Late photo, accepted')).not.toBeInTheDocument();
  });

  it('does not let an answer whose photos are all on their way be graded as empty', async () => {
    const saves = stubPhotos();
    render();
    await screen.findByTestId('graded-count');
    fireEvent.keyDown(document.body, { key: 'j' });
    expect(showing('waits')).toBe(true);
    expect(screen.getByTestId('photo-placeholder')).toHaveTextContent(/^Still arriving/);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2 (being processed)' }));
    expect(screen.getByTestId('photo-placeholder')).toHaveTextContent('Being processed');
    expect(screen.getByTestId('answer-state')).toHaveTextContent(
      /cannot be graded: it is not an empty answer/,
    );
    expect(screen.getByLabelText('Marks')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save marks' })).toBeDisabled();

    // A number key does not save it; the keys still move on to the answer that can be graded.
    fireEvent.keyDown(document.body, { key: '0' });
    expect(saves).toEqual([]);
    fireEvent.keyDown(document.body, { key: 'j' });
    expect(showing('mixed')).toBe(true);
    fireEvent.keyDown(document.body, { key: '6' });
    await waitFor(() => expect(saves).toEqual(['mixed']));
    // Nothing else can be graded now: it stays on the saved answer rather than the waiting one.
    expect(await screen.findByText('Saved. Every answer to this question is graded.')).toBeVisible();
    expect(showing('mixed')).toBe(true);
  });
});

describe('GradingPage: before grading opens', () => {
  afterEach(async () => {
    await applyLanguage('en');
  });

  const refused = {
    status: 403,
    body: {
      status: 'error',
      message:
        'Grading opens when the exam has ended for every student in this category, extra time included.',
    },
  };

  it('tells a grader when grading opens, in English and Bangla, instead of an error', async () => {
    stubApi({
      'GET /api/v1/admin/submissions': () => refused,
      'GET /api/v1/admin/questions': () => refused,
    });
    render();
    const state = await screen.findByTestId('grading-not-open');
    expect(state).toHaveTextContent(
      'Grading opens when the exam has ended for every student in this category, extra time included.',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await applyLanguage('bn');
    expect(await screen.findByTestId('grading-not-open')).toHaveTextContent(
      'এই ক্যাটাগরির প্রত্যেক শিক্ষার্থীর পরীক্ষা (বাড়তি সময়সহ) শেষ হলে মূল্যায়ন শুরু হবে।',
    );
  });

  it('shows an admin a refusal as the error it is', async () => {
    stubApi({
      'GET /api/v1/admin/submissions': () => ({
        status: 403,
        body: { status: 'error', message: 'You do not have permission to do this.' },
      }),
      'GET /api/v1/admin/questions': () => ({ body: { status: 'success', data: [] } }),
    });
    renderWithStore(<GradingPage />, {
      auth: { ...signedInAuth, user: { ...testUser, role: 'admin' as const } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to do this.');
    expect(screen.queryByTestId('grading-not-open')).not.toBeInTheDocument();
  });
});
