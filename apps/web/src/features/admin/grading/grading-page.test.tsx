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

const question = {
  id: 'q1',
  category: 'junior',
  marks: 10,
  position: 1,
  questionEnglish: 'Why is the sky blue?',
  questionBangla: 'আকাশ নীল কেন?',
};

type Stored = { id: string; images: Photo[]; marks: number | null };

/**
 * The server's side of grading as a team, kept in memory: a claim hands out the first ungraded answer not
 * passed over (or the one named) with the counts and the following answer's photos; a save records marks.
 */
type Item = { id: string; position: number; text: string; points: number };

function stub(
  answers: Stored[],
  options: {
    refuseSave?: { status: number; message: string };
    rubric?: Item[];
    /** Further calls the page may make (the second marks' panel). */
    more?: Parameters<typeof stubApi>[0];
  } = {},
) {
  const saves: Array<Record<string, unknown>> = [];
  const claims: Array<Record<string, unknown>> = [];
  const progress = () => ({
    total: answers.length,
    graded: answers.filter((a) => a.marks !== null).length,
    claimed: 0,
    waiting: answers.filter((a) => a.marks === null && !a.images.some((i) => i.state === 'ready')).length,
  });
  const shown = (a: Stored) => ({
    user_id: a.id,
    name: null,
    roll_number: `R-${a.id}`,
    images: a.images,
    marks: a.marks,
    comment: null,
    rubric: null,
    expires_at: '2025-01-14T18:35:00+06:00',
  });
  const handlers: Parameters<typeof stubApi>[0] = {
    'GET /api/v1/admin/questions': () => ({ body: { status: 'success', data: [question] } }),
    'POST /api/v1/admin/grading/claim': async (request) => {
      const body = (await request.json()) as { user_id?: string; skip?: string[] };
      claims.push(body);
      const free = answers.filter(
        (a) => a.marks === null && a.images.some((i) => i.state === 'ready') && !body.skip?.includes(a.id),
      );
      const answer = body.user_id ? answers.find((a) => a.id === body.user_id) : free[0];
      const following = free.find((a) => a !== answer);
      // As the server: answers waiting for photos are counted only when none was free.
      const counts = { ...progress(), ...(answer ? { waiting: null } : {}) };
      return {
        body: {
          status: 'success',
          data: {
            answer: answer ? shown(answer) : null,
            progress: counts,
            rubric: options.rubric ?? [],
            prefetch: following ? following.images.flatMap((i) => (i.url ? [i.url] : [])) : [],
          },
        },
      };
    },
    'POST /api/v1/admin/grading/release': () => ({ body: { status: 'success' } }),
    'GET /api/v1/admin/grading/progress/junior': () => ({
      body: {
        status: 'success',
        data: {
          questions: [
            {
              question_id: 'q1',
              position: 1,
              ...progress(),
              left: progress().total - progress().graded,
              per_hour: 24,
              minutes_left: 75,
            },
          ],
          graders: [{ grader_id: 'g2', name: 'Rafiq Grader', graded: 7, claimed: 1, per_hour: 12 }],
        },
      },
    }),
    'GET /api/v1/admin/questions/q1/rubric': () => ({
      body: { status: 'success', data: options.rubric ?? [] },
    }),
    'POST /api/v1/admin/grading/heartbeat': () => ({
      body: { status: 'success', data: { expires_at: '2025-01-14T18:40:00+06:00' } },
    }),
  };
  for (const answer of answers) {
    handlers[`PUT /api/v1/admin/submissions/${answer.id}/marks`] = async (request) => {
      const body = (await request.json()) as { marks: number };
      saves.push({ id: answer.id, ...body });
      if (options.refuseSave) {
        return {
          status: options.refuseSave.status,
          body: { status: 'error', message: options.refuseSave.message },
        };
      }
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
      answer.marks = body.marks;
      return { body: { status: 'success', data: { grader_marks: body.marks, override_marks: null } } };
    };
  }
  const api = stubApi({ ...handlers, ...options.more });
  return { api, saves, claims };
}

const three = (): Stored[] =>
  ['s1', 's2', 's3'].map((id) => ({ id, images: [ready(`p-${id}`)], marks: null }));
const render = () => renderWithStore(<GradingPage />, { auth: { ...signedInAuth, user: grader } });
const student = () => screen.getByTestId('grading-student');
const image = () => screen.getByTestId('answer-image');

describe('GradingPage: one answer at a time, held for this grader', () => {
  it('takes an answer from the server, grades it with a number key, takes the next, and fetches the one after ahead', async () => {
    const { saves, claims } = stub(three());
    render();
    const count = await screen.findByTestId('graded-count');
    expect(count).toHaveTextContent('Graded 0 of 3');
    await waitFor(() => expect(image()).toHaveAttribute('src', '/api/v1/media/p-s1'));
    expect(student()).toHaveTextContent('Answer (name hidden)');
    expect(screen.queryByText(/R-s/)).not.toBeInTheDocument();
    // The next answer's photo is fetched ahead.
    expect(document.querySelector('link[rel="prefetch"]')).toHaveAttribute('href', '/api/v1/media/p-s2');

    fireEvent.keyDown(document.body, { key: '7' });
    await waitFor(() => expect(count).toHaveTextContent('Graded 1 of 3'));
    expect(saves[0]).toMatchObject({ id: 's1', marks: 7, question_id: 'q1', comment: null, claimed: true });
    await waitFor(() => expect(image()).toHaveAttribute('src', '/api/v1/media/p-s2'));
    expect(screen.getByText('Saved 7 marks. Here is the next answer.')).toBeVisible();

    // J leaves this one for later; K goes back to the one graded before (its marks are there).
    fireEvent.keyDown(document.body, { key: 'j' });
    await waitFor(() => expect(image()).toHaveAttribute('src', '/api/v1/media/p-s3'));
    expect(claims.at(-1)).toEqual({ question_id: 'q1', skip: ['s2'] });
    fireEvent.keyDown(document.body, { key: 'k' });
    await waitFor(() => expect(image()).toHaveAttribute('src', '/api/v1/media/p-s1'));
    expect(claims.at(-1)).toEqual({ question_id: 'q1', user_id: 's1' });
    expect(screen.getByTestId('answer-state')).toHaveTextContent('Marks given: 7');
    // N shows the roll number (a grader has no names).
    fireEvent.keyDown(document.body, { key: 'n' });
    expect(student()).toHaveTextContent('R-s1');
  });

  it("shows the team's progress: per question the time left at the pace, per grader the pace", async () => {
    stub(three());
    render();
    await waitFor(() => expect(image()).toHaveAttribute('src', '/api/v1/media/p-s1'));
    fireEvent.click(await screen.findByText('Progress of the team'));
    const row = await screen.findByTestId('progress-question');
    expect(row).toHaveTextContent('Question 1');
    expect(row).toHaveTextContent('0 of 3');
    expect(row).toHaveTextContent('24 an hour');
    expect(row).toHaveTextContent('1 h 15 min');
    expect(screen.getByTestId('progress-grader')).toHaveTextContent('Rafiq Grader');
  });

  it('says when every answer is graded', async () => {
    stub([{ id: 's1', images: [ready('a')], marks: null }]);
    render();
    await waitFor(() => expect(image()).toHaveAttribute('src', '/api/v1/media/a'));
    fireEvent.keyDown(document.body, { key: '4' });
    expect(await screen.findByText('Every answer to this question is graded.')).toBeVisible();
    expect(screen.getByTestId('graded-count')).toHaveTextContent('Graded 1 of 1');
  });

  it("shows the server's refusal of a stale save and keeps the answer on screen", async () => {
    const message =
      'Your hold on this answer ran out and it went to another grader, so your marks were not saved. Take the next answer.';
    stub(three(), { refuseSave: { status: 409, message } });
    render();
    await waitFor(() => expect(image()).toHaveAttribute('src', '/api/v1/media/p-s1'));
    fireEvent.keyDown(document.body, { key: '5' });
    expect(await screen.findByText(message)).toBeVisible();
    expect(image()).toHaveAttribute('src', '/api/v1/media/p-s1');
  });

  it("shows the server's message for marks out of range and keeps the answer", async () => {
    const { saves } = stub(three());
    render();
    const marks = await screen.findByLabelText('Marks (0 to 10)');
    fireEvent.change(marks, { target: { value: '12' } });
    fireEvent.submit(marks.closest('form') as HTMLFormElement);
    expect(await screen.findByText('Marks must be from 0 to 10.')).toBeVisible();
    expect(saves).toHaveLength(0);
    // Keys typed in the field stay there.
    fireEvent.keyDown(marks, { key: 'j' });
    expect(image()).toHaveAttribute('src', '/api/v1/media/p-s1');
    fireEvent.change(marks, { target: { value: '-1' } });
    fireEvent.submit(marks.closest('form') as HTMLFormElement);
    expect(await screen.findByText('Marks must be from 0 to 10.')).toBeVisible();
    expect(saves).toHaveLength(0);
  });
});

describe('GradingPage: the second marks beside it', () => {
  it("leaves a key pressed on the second mark's answer to that panel: the page's own answer is not graded", async () => {
    const secondSaves: unknown[] = [];
    const { saves, claims } = stub(three(), {
      more: {
        'POST /api/v1/admin/grading/second/claim': () => ({
          body: {
            status: 'success',
            data: {
              answer: {
                user_id: 's9',
                roll_number: 'R-9',
                images: [ready('p-s9')],
                expires_at: '2025-01-14T18:35:00+06:00',
              },
              due: 1,
              rubric: [],
            },
          },
        }),
        'PUT /api/v1/admin/grading/second/marks': async (request) => {
          secondSaves.push(await request.json());
          return { body: { status: 'success', data: { marks: 3 } } };
        },
      },
    });
    render();
    await waitFor(() => expect(image()).toHaveAttribute('src', '/api/v1/media/p-s1'));
    fireEvent.click(screen.getByText('Second marks', { exact: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Take an answer to second-mark' }));
    const answer = await screen.findByRole('region', { name: 'Roll number R-9' });
    fireEvent.keyDown(answer, { key: '3' });
    fireEvent.keyDown(answer, { key: 'j' });
    await waitFor(() => expect(secondSaves).toEqual([{ question_id: 'q1', user_id: 's9', marks: 3 }]));
    expect(saves).toEqual([]);
    expect(claims).toEqual([{ question_id: 'q1' }]);
    // Elsewhere on the page the keys are the page's.
    fireEvent.keyDown(document.body, { key: '6' });
    await waitFor(() => expect(saves).toMatchObject([{ id: 's1', marks: 6 }]));
  });
});

describe('GradingPage: grading by rubric', () => {
  const rubric = [
    { id: 'r1', position: 1, text: 'Correct formula', points: 4 },
    { id: 'r2', position: 2, text: 'Units given', points: 2 },
    { id: 'r3', position: 3, text: 'Arithmetic slip', points: -1 },
  ];

  it('ticks items with keys 1 to 9, shows the sum, asks a comment for an adjustment, and saves the ticks', async () => {
    const { saves } = stub(three(), { rubric });
    render();
    await waitFor(() => expect(screen.getAllByTestId('rubric-item')).toHaveLength(3));
    expect(screen.getByText('1 to 9: tick or untick that rubric item')).toBeVisible();
    expect(screen.getByText('1. Correct formula (+4)')).toBeVisible();
    expect(screen.getByText('3. Arithmetic slip (−1)')).toBeVisible();
    const total = screen.getByTestId('rubric-total');
    expect(total).toHaveTextContent('Marks: 0 of 10');
    fireEvent.keyDown(document.body, { key: '1' });
    fireEvent.keyDown(document.body, { key: '2' });
    expect(total).toHaveTextContent('Marks: 6 of 10');
    fireEvent.keyDown(document.body, { key: '2' });
    fireEvent.keyDown(document.body, { key: '3' });
    expect(total).toHaveTextContent('Marks: 3 of 10');
    expect(screen.getByRole('checkbox', { name: '1. Correct formula (+4)' })).toBeChecked();
    // An adjustment needs a comment.
    fireEvent.change(screen.getByLabelText('Adjustment (points, optional)'), { target: { value: '20' } });
    expect(total).toHaveTextContent('Marks: 10 of 10');
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(await screen.findByText('Say in the comment why you adjusted the marks.')).toBeVisible();
    expect(saves).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Comment (optional)'), { target: { value: 'Extra work.' } });
    fireEvent.keyDown(document.body, { key: 'Enter' });
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({
      id: 's1',
      marks: 10,
      rubric_items: ['r1', 'r3'],
      adjustment: 20,
      comment: 'Extra work.',
      claimed: true,
    });
    // The next answer starts with nothing ticked.
    await waitFor(() => expect(image()).toHaveAttribute('src', '/api/v1/media/p-s2'));
    expect(screen.getByTestId('rubric-total')).toHaveTextContent('Marks: 0 of 10');
  });

  it('lets an admin add an item and change its points, saying how many answers were regraded', async () => {
    const items: Item[] = [];
    stubApi({
      'GET /api/v1/admin/questions': () => ({ body: { status: 'success', data: [question] } }),
      'POST /api/v1/admin/grading/claim': () => ({
        body: {
          status: 'success',
          data: {
            answer: null,
            progress: { total: 0, graded: 0, claimed: 0, waiting: 0 },
            rubric: items,
            prefetch: [],
          },
        },
      }),
      'GET /api/v1/admin/questions/q1/rubric': () => ({ body: { status: 'success', data: items } }),
      'GET /api/v1/admin/grading/progress/junior': () => ({
        body: { status: 'success', data: { questions: [], graders: [] } },
      }),
      'POST /api/v1/admin/questions/q1/rubric': async (request) => {
        const body = (await request.json()) as { text: string; points: number };
        const item = { id: `r${items.length + 1}`, position: items.length + 1, ...body };
        items.push(item);
        return { body: { status: 'success', data: { ...item, regraded: 0 } } };
      },
      'PUT /api/v1/admin/rubric/r1': async (request) => {
        const body = (await request.json()) as { text: string; points: number };
        Object.assign(items[0] as Item, body);
        return { body: { status: 'success', data: { ...(items[0] as Item), regraded: 12 } } };
      },
    });
    renderWithStore(<GradingPage />, {
      auth: { ...signedInAuth, user: { ...testUser, role: 'admin' as const } },
    });
    fireEvent.click(await screen.findByText('Rubric of this question (0 items)'));
    fireEvent.change(screen.getByLabelText('New item'), { target: { value: 'Correct formula' } });
    fireEvent.change(screen.getByLabelText('Points'), { target: { value: 'four' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    expect(await screen.findByText('Points are a whole number from -100 to 100.')).toBeVisible();
    fireEvent.change(screen.getByLabelText('Points'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    expect(await screen.findByText('Rubric of this question (1 item)')).toBeInTheDocument();
    const points = await screen.findByLabelText('Points of item 1');
    expect(points).toHaveValue('4');
    fireEvent.change(points, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save item 1' }));
    expect(await screen.findByText('Saved; 12 answers regraded.')).toBeVisible();
  });
});

describe('GradingPage: photos not all here', () => {
  it('shows each photo by its state and counts the answers waiting for their photos', async () => {
    stub([
      { id: 'waits', images: [notHere('w1', 'arriving'), notHere('w2', 'processing')], marks: null },
      {
        id: 'mixed',
        images: [ready('m1'), notHere('m2', 'arriving'), ready('m3', true), notHere('m4', 'failed')],
        marks: null,
      },
    ]);
    render();
    await waitFor(() => expect(image()).toHaveAttribute('src', '/api/v1/media/m1'));
    expect(screen.queryByTestId('waiting-count')).not.toBeInTheDocument();
    expect(screen.getByTestId('photos-waiting')).toHaveTextContent(
      '1 photo of this answer is not ready yet.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Page 2 (still arriving)' }));
    expect(screen.queryByTestId('answer-image')).not.toBeInTheDocument();
    expect(screen.getByTestId('photo-placeholder')).toHaveTextContent(
      'Still arriving: the student took this photo in time; it will appear when it reaches the server.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(image()).toHaveAttribute('src', '/api/v1/media/m3');
    expect(screen.getByText('Late photo, accepted')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Page 4 (not an image)' }));
    expect(screen.getByTestId('photo-placeholder')).toHaveTextContent('Could not be read as an image');

    // Once it is graded, the only answer left waits for its photos: the page says so, with "Check again".
    fireEvent.keyDown(document.body, { key: '6' });
    expect(
      await screen.findByText('No answer can be graded now: the rest are waiting for their photos.'),
    ).toBeVisible();
    expect(screen.getByTestId('waiting-count')).toHaveTextContent('1 answer is waiting for its photos.');
    expect(screen.getByRole('button', { name: 'Check again' })).toBeVisible();
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
    stubApi({ 'GET /api/v1/admin/questions': () => refused });
    render();
    const state = await screen.findByTestId('grading-not-open');
    expect(state).toHaveTextContent(
      'Grading opens when the exam has ended for every student in this category, extra time included.',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await applyLanguage('bn');
    expect(await screen.findByTestId('grading-not-open')).toHaveTextContent(
      'এই ক্যাটাগরির প্রত্যেক শিক্ষার্থীর পরীক্ষা (বাড়তি সময়সহ) শেষ হলে মূল্যায়ন শুরু হবে।',
    );
  });

  it('lets a grader choose another category while this one is not open yet', async () => {
    const api = stubApi({
      'GET /api/v1/admin/questions': (request) =>
        new URL(request.url).searchParams.get('category') === 'junior'
          ? refused
          : { body: { status: 'success', data: [{ ...question, id: 'q9', category: 'senior' }] } },
    });
    render();
    await screen.findByTestId('grading-not-open');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'senior' } });
    await waitFor(() => expect(screen.queryByTestId('grading-not-open')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Category')).toHaveValue('senior');
    expect(api.calls.some((call) => call.url.includes('category=senior'))).toBe(true);
  });

  it('shows an admin a refusal as the error it is', async () => {
    stubApi({
      'GET /api/v1/admin/questions': () => ({
        status: 403,
        body: { status: 'error', message: 'You do not have permission to do this.' },
      }),
    });
    renderWithStore(<GradingPage />, {
      auth: { ...signedInAuth, user: { ...testUser, role: 'admin' as const } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to do this.');
    expect(screen.queryByTestId('grading-not-open')).not.toBeInTheDocument();
  });
});
