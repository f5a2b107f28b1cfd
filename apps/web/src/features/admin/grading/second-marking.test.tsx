import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fetch-stub.ts';
import { renderWithStore, signedInAuth } from '../../../test/render.tsx';
import { DisagreementsPanel, SecondMarkPanel } from './second-marking.tsx';

const held = {
  user_id: 'u1',
  roll_number: 'R-1',
  images: [{ sha256: 'p1', url: '/api/v1/media/p1', state: 'ready', late: false }],
  expires_at: '2025-01-14T18:35:00+06:00',
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('second marks', () => {
  it('takes an answer blind, saves the second mark and takes the next', async () => {
    const saves: unknown[] = [];
    let left = 1;
    stubApi({
      'POST /api/v1/admin/grading/second/claim': () => ({
        body: { status: 'success', data: { answer: left > 0 ? held : null, due: left, rubric: [] } },
      }),
      'PUT /api/v1/admin/grading/second/marks': async (request) => {
        saves.push(await request.json());
        left = 0;
        return { body: { status: 'success', data: { marks: 4 } } };
      },
    });
    renderWithStore(<SecondMarkPanel questionId="q1" maxMarks={10} />, { auth: signedInAuth });
    fireEvent.click(screen.getByRole('button', { name: 'Take an answer to second-mark' }));
    await screen.findByTestId('second-answer');
    expect(screen.getByTestId('second-answer')).toHaveTextContent('Roll number R-1');
    expect(screen.getByTestId('second-due')).toHaveTextContent('1 answer of this question is due');
    fireEvent.change(screen.getByLabelText('Marks (0 to 10)'), { target: { value: '11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save second mark' }));
    expect(await screen.findByText(/from 0 to 10/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Marks (0 to 10)'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save second mark' }));
    await screen.findByText('Second mark saved.');
    expect(saves).toEqual([{ question_id: 'q1', user_id: 'u1', marks: 4 }]);
    expect(await screen.findByText('No answer is free for you to second-mark now.')).toBeInTheDocument();
  });

  it('keeps a mark typed while the next answer is on its way for that answer, never for the one marked', async () => {
    const saves: unknown[] = [];
    const answers = [held, { ...held, user_id: 'u2', roll_number: 'R-2' }];
    let claims = 0;
    let arrive: (() => void) | undefined;
    stubApi({
      'POST /api/v1/admin/grading/second/claim': async () => {
        const answer = answers[claims] ?? null;
        claims += 1;
        if (claims === 2) await new Promise<void>((resolve) => (arrive = resolve));
        return { body: { status: 'success', data: { answer, due: 2, rubric: [] } } };
      },
      'PUT /api/v1/admin/grading/second/marks': async (request) => {
        saves.push(await request.json());
        return { body: { status: 'success', data: { marks: 4 } } };
      },
    });
    renderWithStore(<SecondMarkPanel questionId="q1" maxMarks={10} />, { auth: signedInAuth });
    fireEvent.click(screen.getByRole('button', { name: 'Take an answer to second-mark' }));
    expect(await screen.findByTestId('second-answer')).toHaveTextContent('Roll number R-1');
    const field = () => screen.getByLabelText('Marks (0 to 10)');
    fireEvent.change(field(), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save second mark' }));
    await screen.findByText('Second mark saved.');
    await waitFor(() => expect(arrive).toBeDefined());
    // The saved mark is cleared; the organiser types the next one before the next answer shows.
    expect(field()).toHaveValue('');
    expect(screen.getByTestId('second-answer')).toHaveTextContent('Roll number R-1');
    fireEvent.change(field(), { target: { value: '7' } });
    fireEvent.submit(field().closest('form') as HTMLFormElement);
    arrive?.();
    expect(await screen.findByText('Roll number R-2')).toBeInTheDocument();
    expect(field()).toHaveValue('7');
    expect(saves).toEqual([{ question_id: 'q1', user_id: 'u1', marks: 4 }]);
    fireEvent.click(screen.getByRole('button', { name: 'Save second mark' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]).toEqual({ question_id: 'q1', user_id: 'u2', marks: 7 });
  });

  it("ticks the question's rubric instead of typing marks, and sends the items for the server to count", async () => {
    const saves: unknown[] = [];
    const rubric = [
      { id: 'i1', position: 1, text: 'Correct formula', points: 3 },
      { id: 'i2', position: 2, text: 'Units given', points: 2 },
    ];
    stubApi({
      'POST /api/v1/admin/grading/second/claim': () => ({
        body: { status: 'success', data: { answer: saves.length ? null : held, due: 1, rubric } },
      }),
      'PUT /api/v1/admin/grading/second/marks': async (request) => {
        saves.push(await request.json());
        return { body: { status: 'success', data: { marks: 4 } } };
      },
    });
    renderWithStore(<SecondMarkPanel questionId="q1" maxMarks={10} />, { auth: signedInAuth });
    fireEvent.click(screen.getByRole('button', { name: 'Take an answer to second-mark' }));
    await screen.findByTestId('second-answer');
    expect(screen.queryByLabelText('Marks (0 to 10)')).toBeNull();
    expect(screen.getAllByTestId('rubric-item').map((item) => item.textContent)).toEqual([
      '1. Correct formula (+3)',
      '2. Units given (+2)',
    ]);
    fireEvent.click(screen.getByLabelText('1. Correct formula (+3)'));
    fireEvent.click(screen.getByLabelText('2. Units given (+2)'));
    fireEvent.change(screen.getByLabelText('Adjustment (points, optional)'), { target: { value: '-1' } });
    expect(screen.getByTestId('rubric-total')).toHaveTextContent('Marks: 4 of 10');
    fireEvent.click(screen.getByRole('button', { name: 'Save second mark' }));
    expect(await screen.findByText('Say in the comment why you adjusted the marks.')).toBeInTheDocument();
    expect(saves).toEqual([]);
    fireEvent.change(screen.getByLabelText('Comment (optional)'), { target: { value: 'Units half right.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save second mark' }));
    await screen.findByText('Second mark saved.');
    expect(saves).toEqual([
      {
        question_id: 'q1',
        user_id: 'u1',
        marks: 4,
        rubric_items: ['i1', 'i2'],
        adjustment: -1,
        comment: 'Units half right.',
      },
    ]);
  });

  it('takes the grading keys while the focus is on its answer: a number saves that many marks, 1 to 9 tick a rubric', async () => {
    const saves: unknown[] = [];
    let rubric: Array<{ id: string; position: number; text: string; points: number }> = [];
    stubApi({
      'POST /api/v1/admin/grading/second/claim': () => ({
        body: { status: 'success', data: { answer: held, due: 1, rubric } },
      }),
      'PUT /api/v1/admin/grading/second/marks': async (request) => {
        saves.push(await request.json());
        return { body: { status: 'success', data: { marks: 4 } } };
      },
    });
    const view = renderWithStore(<SecondMarkPanel questionId="q1" maxMarks={10} />, { auth: signedInAuth });
    fireEvent.click(screen.getByRole('button', { name: 'Take an answer to second-mark' }));
    const answer = await screen.findByRole('region', { name: 'Roll number R-1' });
    await waitFor(() => expect(answer).toHaveFocus());
    expect(
      screen.getByText(/Keys, once you click the answer: 0 to 9: give that many marks and save/),
    ).toBeInTheDocument();
    // Outside the panel the keys are not its own.
    fireEvent.keyDown(document.body, { key: '5' });
    fireEvent.keyDown(answer, { key: '7' });
    await screen.findByText('Second mark saved.');
    expect(saves).toEqual([{ question_id: 'q1', user_id: 'u1', marks: 7 }]);
    view.unmount();

    rubric = [
      { id: 'i1', position: 1, text: 'Correct formula', points: 3 },
      { id: 'i2', position: 2, text: 'Units given', points: 2 },
    ];
    renderWithStore(<SecondMarkPanel questionId="q1" maxMarks={10} />, { auth: signedInAuth });
    fireEvent.click(screen.getByRole('button', { name: 'Take an answer to second-mark' }));
    const ticking = await screen.findByRole('region', { name: 'Roll number R-1' });
    expect(screen.getByText(/1 to 9: tick or untick that rubric item/)).toBeInTheDocument();
    fireEvent.keyDown(ticking, { key: '2' });
    expect(screen.getByLabelText('2. Units given (+2)')).toBeChecked();
    expect(screen.getByLabelText('1. Correct formula (+3)')).not.toBeChecked();
    fireEvent.keyDown(ticking, { key: 'Enter' });
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]).toEqual({
      question_id: 'q1',
      user_id: 'u1',
      marks: 2,
      rubric_items: ['i2'],
      adjustment: 0,
    });
  });

  /** The second-mark panel with an answer held, its heartbeats run when the test says (the timer's own callback). */
  const holding = async (refuse: () => boolean = () => false) => {
    const timers = vi.spyOn(window, 'setInterval');
    const minute = () => {
      const beat = timers.mock.calls.filter((call) => call[1] === 60_000).at(-1)?.[0];
      if (typeof beat === 'function') beat();
    };
    const beats: unknown[] = [];
    const releases: unknown[] = [];
    const api = stubApi({
      'POST /api/v1/admin/grading/second/claim': () => ({
        body: { status: 'success', data: { answer: held, due: 1, rubric: [] } },
      }),
      'POST /api/v1/admin/grading/second/heartbeat': async (request) => {
        beats.push(await request.json());
        return refuse()
          ? {
              status: 409,
              body: {
                status: 'error',
                message: 'Your hold on this answer ran out and it went to another grader.',
              },
            }
          : { body: { status: 'success', data: { expires_at: '2025-01-14T18:40:00+06:00' } } };
      },
      'POST /api/v1/admin/grading/second/release': async (request) => {
        releases.push(await request.json());
        return { body: { status: 'success' } };
      },
    });
    const view = renderWithStore(<SecondMarkPanel questionId="q1" maxMarks={10} />, { auth: signedInAuth });
    fireEvent.click(screen.getByRole('button', { name: 'Take an answer to second-mark' }));
    await screen.findByTestId('second-answer');
    return { api, view, minute, beats, releases };
  };
  const key = { question_id: 'q1', user_id: 'u1' };

  it('keeps the answer held while it is shown (a heartbeat a minute), says when the hold was lost, and gives it back on leaving', async () => {
    let refuse = false;
    const { api, view, minute, beats, releases } = await holding(() => refuse);
    expect(beats).toEqual([]);
    minute();
    await waitFor(() => expect(beats).toEqual([key]));
    expect(screen.queryByRole('alert')).toBeNull();
    refuse = true;
    minute();
    expect(await screen.findByText(/ran out and it went to another grader/)).toBeInTheDocument();
    expect(api.keys()).not.toContain('POST /api/v1/admin/grading/heartbeat');
    view.unmount();
    await waitFor(() => expect(releases).toEqual([key]));
  });

  it('gives the answer back when the organiser closes the tab, in a request that outlives the page', async () => {
    await holding();
    const sent = vi.fn(async () => new Response(JSON.stringify({ status: 'success' })));
    vi.stubGlobal('fetch', sent);
    // The hold's listener is set by an effect after the answer shows; on a busy machine that may be a moment later.
    await waitFor(() => {
      window.dispatchEvent(new Event('pagehide'));
      expect(sent).toHaveBeenCalledWith(
        '/api/v1/admin/grading/second/release',
        expect.objectContaining({ method: 'POST', keepalive: true, body: JSON.stringify(key) }),
      );
    });
  });
});

describe('disagreements', () => {
  it('lists both marks and settles with a final mark and a comment', async () => {
    const settled: unknown[] = [];
    stubApi({
      'GET /api/v1/admin/grading/disagreements/junior': () => ({
        body: {
          status: 'success',
          data: {
            due: 2,
            disagreements: settled.length
              ? []
              : [
                  {
                    question_id: 'q1',
                    position: 1,
                    user_id: 'u1',
                    roll_number: 'R-1',
                    first_marks: 2,
                    first_grader: 'Rafiq',
                    second_marks: 7,
                    second_grader: 'Nusrat',
                    tolerance: 1,
                  },
                ],
          },
        },
      }),
      'POST /api/v1/admin/grading/disagreements/settle': async (request) => {
        settled.push(await request.json());
        return { body: { status: 'success', data: { marks: 5 } } };
      },
    });
    renderWithStore(<DisagreementsPanel category="junior" />, { auth: signedInAuth });
    fireEvent.click(screen.getByText('Disagreements to settle'));
    const row = await screen.findByTestId('disagreement');
    expect(row).toHaveTextContent('2 (Rafiq)');
    expect(row).toHaveTextContent('7 (Nusrat)');
    fireEvent.change(screen.getByLabelText('Final marks'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Settle' }));
    expect(await screen.findByText('Say in the comment why this is the final mark.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'Both read again.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Settle' }));
    await waitFor(() => expect(screen.queryByTestId('disagreement')).toBeNull());
    expect(settled).toEqual([{ question_id: 'q1', user_id: 'u1', marks: 5, comment: 'Both read again.' }]);
  });
});
