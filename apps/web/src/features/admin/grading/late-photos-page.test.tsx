import type { AdminLatePhoto } from '@ngso/shared/schemas/results';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi, testUser } from '../../../test/fetch-stub.ts';
import { renderWithStore, signedInAuth } from '../../../test/render.tsx';
import { LatePhotosPage } from './late-photos-page.tsx';

const admin = { ...testUser, id: 'a1', role: 'admin' as const };
const render = (role: 'admin' | 'grader' = 'admin') =>
  renderWithStore(<LatePhotosPage />, { auth: { ...signedInAuth, user: { ...admin, role } } });

const photo = (overrides: Partial<AdminLatePhoto>): AdminLatePhoto => ({
  user_id: 's1',
  name: 'Nusrat Jahan',
  roll_number: 'J-0007',
  question_id: 'q2',
  question_position: 2,
  sha256: 'a'.repeat(64),
  size: 70_000,
  url: '/api/v1/media/late-1',
  state: 'ready',
  taken_at: '2026-03-01T10:59:30+06:00',
  received_at: '2026-03-01T11:02:30+06:00',
  ends_at: '2026-03-01T11:00:00+06:00',
  decision: 'pending',
  decided_at: null,
  ...overrides,
});

/** The server's answer: the page asked for, and the counts of them all. */
function pageOf(list: AdminLatePhoto[], request: Request) {
  const query = new URL(request.url).searchParams;
  const page = Number(query.get('page') ?? 1);
  const perPage = Number(query.get('per_page') ?? 50);
  return {
    status: 'success',
    data: list.slice((page - 1) * perPage, page * perPage),
    meta: {
      page,
      per_page: perPage,
      total: list.length,
      pending: list.filter((photo) => photo.decision === 'pending').length,
    },
  };
}

function stub(list: AdminLatePhoto[]) {
  const decisions: unknown[] = [];
  const api = stubApi({
    'GET /api/v1/admin/late-photos/junior': (request) => ({ body: pageOf(list, request) }),
    // A category without an exam: the server does not know it.
    'GET /api/v1/admin/late-photos/senior': () => ({
      status: 404,
      body: { status: 'error', message: 'Not found.' },
    }),
    'GET /api/v1/admin/late-photos/secondary': (request) => ({ body: pageOf([], request) }),
    'POST /api/v1/admin/late-photos/decision': async (request) => {
      const body = (await request.json()) as { user_id: string; sha256: string; decision: string };
      decisions.push(body);
      const found = list.find((entry) => entry.sha256 === body.sha256);
      if (found?.state !== 'ready') {
        return { status: 404, body: { status: 'error', message: 'This late photo was not found.' } };
      }
      return {
        body: {
          status: 'success',
          data: { ...found, decision: body.decision, decided_at: '2026-03-01T12:15:00+06:00' },
        },
      };
    },
  });
  return { api, decisions };
}

/** The cards of the list shown. */
const cards = () =>
  within(screen.getByRole('list', { name: 'Late photos of the Junior category' })).getAllByRole('listitem');

describe('LatePhotosPage', () => {
  it('shows who, which question, how late, and the photo or its state', async () => {
    stub([
      photo({}),
      photo({
        user_id: 's2',
        name: 'Rafi Ahmed',
        roll_number: null,
        question_position: 5,
        sha256: 'b'.repeat(64),
        url: null,
        state: 'arriving',
        taken_at: null,
        received_at: '2026-03-01T12:10:05+06:00',
      }),
    ]);
    render();
    const cards = await screen.findAllByTestId('late-photo');
    expect(screen.getByRole('list', { name: 'Late photos of the Junior category' })).toBeVisible();
    expect(screen.getByTestId('late-pending')).toHaveTextContent('2 late photos wait for a decision.');
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading')).toHaveTextContent('Nusrat Jahan (J-0007) · Question 2');
    expect(within(first).getByTestId('late-received')).toHaveTextContent(
      'Received 1 Mar, 11:02:30, 2 min 30 s after their end (1 Mar, 11:00:00).',
    );
    expect(within(first).getByTestId('late-taken')).toHaveTextContent(
      "Phone's clock: taken 1 Mar, 10:59:30, 30 s before their end.",
    );
    expect(
      within(first).getByRole('img', { name: 'Late photo from Nusrat Jahan for question 2' }),
    ).toHaveAttribute('src', '/api/v1/media/late-1');
    expect(within(first).getByTestId('late-decision')).toHaveTextContent('Not decided yet');

    expect(within(second).getByRole('heading')).toHaveTextContent('Rafi Ahmed · Question 5');
    expect(within(second).getByTestId('late-received')).toHaveTextContent('1 h 10 min after their end');
    expect(within(second).getByTestId('late-taken')).toHaveTextContent(
      'The phone sent no time for this photo.',
    );
    expect(within(second).getByTestId('late-photo-state')).toHaveTextContent(
      'Still arriving: the photo will appear when it reaches the server.',
    );
    expect(within(second).queryByRole('img')).not.toBeInTheDocument();
  });

  it("shows beside each photo the student's receipt, with a link to its check, and in the viewer", async () => {
    const receipt = 'v1.eyJrIjoiYSJ9.c2ln';
    stub([
      photo({ receipt, receipt_code: 'K7QM-2XDA' }),
      photo({ user_id: 's2', name: 'Rafi Ahmed', roll_number: null, sha256: 'b'.repeat(64) }),
    ]);
    render();
    const [first, second] = (await screen.findAllByTestId('late-photo')) as [HTMLElement, HTMLElement];
    expect(within(first).getByTestId('photo-receipt')).toHaveTextContent(
      "The student's receipt for this photo: K7QM-2XDA",
    );
    expect(within(first).getByRole('link', { name: 'Check the receipt' })).toHaveAttribute(
      'href',
      `/verify/receipt#${receipt}`,
    );
    // No roll number, no receipt: nothing is shown rather than an empty line.
    expect(within(second).queryByTestId('photo-receipt')).not.toBeInTheDocument();

    fireEvent.click(within(first).getByRole('button', { name: /View larger/ }));
    const dialog = screen.getByRole('dialog', { name: 'Late photo: Nusrat Jahan, question 2' });
    expect(within(dialog).getByTestId('photo-receipt')).toHaveTextContent('K7QM-2XDA');
  });

  it('opens the photo in the zoomable viewer', async () => {
    stub([photo({})]);
    render();
    fireEvent.click(await screen.findByRole('button', { name: /View larger/ }));
    const dialog = screen.getByRole('dialog', { name: 'Late photo: Nusrat Jahan, question 2' });
    expect(within(dialog).getByTestId('answer-image')).toHaveAttribute('src', '/api/v1/media/late-1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
    expect(within(dialog).getByText('125%')).toBeVisible();
  });

  it("accepts and rejects, shows the decision, and the server's message when it refuses", async () => {
    const { decisions } = stub([
      photo({}),
      photo({ user_id: 's2', name: 'Rafi Ahmed', sha256: 'b'.repeat(64), state: 'processing', url: null }),
    ]);
    render();
    const [first, second] = (await screen.findAllByTestId('late-photo')) as [HTMLElement, HTMLElement];
    const accept = within(first).getByRole('button', { name: 'Accept' });
    expect(accept).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(accept);
    await waitFor(() =>
      expect(within(first).getByTestId('late-decision')).toHaveTextContent(
        'Accepted: it is part of the answer and will be graded.',
      ),
    );
    expect(accept).toHaveAttribute('aria-pressed', 'true');
    expect(within(first).getByText('Decided 1 Mar, 12:15:00.')).toBeVisible();
    expect(decisions).toEqual([{ user_id: 's1', sha256: 'a'.repeat(64), decision: 'accepted' }]);
    expect(screen.getByTestId('late-pending')).toHaveTextContent('1 late photo waits for a decision.');
    // Accepting it again sends nothing; rejecting it changes the decision.
    fireEvent.click(accept);
    fireEvent.click(within(first).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(within(first).getByTestId('late-decision')).toHaveTextContent('Rejected: it does not count.'),
    );
    expect(decisions).toHaveLength(2);

    fireEvent.click(within(second).getByRole('button', { name: 'Reject' }));
    expect(await within(second).findByRole('alert')).toHaveTextContent('This late photo was not found.');
    expect(within(second).getByTestId('late-decision')).toHaveTextContent('Not decided yet');
    expect(within(second).getByTestId('late-photo-state')).toHaveTextContent('Being processed');
  });

  it('says so when a category has no late photos, or no exam', async () => {
    stub([photo({})]);
    render();
    await screen.findAllByTestId('late-photo');
    fireEvent.click(screen.getByRole('button', { name: 'Senior' }));
    expect(await screen.findByText('No late photos in this category.')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Secondary' }));
    expect(await screen.findByText('No late photos in this category.')).toBeVisible();
  });

  it('is for admins only', async () => {
    const { api } = stub([photo({})]);
    render('grader');
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    expect(screen.queryByTestId('late-photo')).not.toBeInTheDocument();
    expect(api.keys()).toEqual([]);
  });

  it('reads the list a page at a time, and counts the undecided of every page', async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      photo({ user_id: `s${i}`, sha256: i.toString(16).padStart(64, '0'), name: `Student ${i + 1}` }),
    );
    const { api } = stub(many);
    render();
    expect(await screen.findByTestId('late-pending')).toHaveTextContent('25');
    expect(cards()).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(screen.getByTestId('late-pending')).toHaveTextContent('25');
    expect(api.keys().filter((key) => key === 'GET /api/v1/admin/late-photos/junior')).toHaveLength(2);
  });
});
