import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi, testUser } from '../../../test/fetch-stub.ts';
import { renderWithStore, signedInAuth } from '../../../test/render.tsx';
import { ResultsPage } from './results-page.tsx';

const admin = { ...testUser, id: 'a1', role: 'admin' as const };
const PHOTOS =
  'Photos still arriving: 2; late photos not decided: 1. Wait for them, or publish with the override.';

function stub(ungraded: number, refusal = PHOTOS, photos = { arriving: 0, late: 0 }) {
  const publishes: { override: boolean }[] = [];
  let publishedAt: string | null = null;
  stubApi({
    'GET /api/v1/admin/results/junior': () => ({
      body: {
        status: 'success',
        data: {
          published_at: publishedAt,
          ungraded,
          photos_arriving: photos.arriving,
          late_photos_undecided: photos.late,
          standings: [
            { user_id: 's1', name: 'Nusrat Jahan', roll_number: 'J-1', total: 7, rank: 1, award: null },
          ],
        },
      },
    }),
    'POST /api/v1/admin/results/junior/publish': async (request) => {
      const body = (await request.json()) as { override: boolean };
      publishes.push(body);
      if (refusal !== PHOTOS) publishedAt = '2026-03-02T09:00:00+06:00';
      if (!body.override) return { status: 409, body: { status: 'error', message: refusal } };
      return {
        body: { status: 'success', data: { published_at: '2026-03-02T10:00:00+06:00', participants: 1 } },
      };
    },
  });
  return publishes;
}

const render = () => renderWithStore(<ResultsPage />, { auth: { ...signedInAuth, user: admin } });

describe('ResultsPage: publishing while photos are outstanding', () => {
  it("shows the server's photos message and offers the override, then publishes with it", async () => {
    const publishes = stub(0);
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Publish results' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish the Junior results?' });
    // Every answer is graded: nothing to override yet.
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: /^Publish$/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PHOTOS);
    const override = within(dialog).getByRole('checkbox', {
      name: 'Publish anyway, without the photos still arriving and the late photos not decided',
    });
    fireEvent.click(override);
    fireEvent.click(within(dialog).getByRole('button', { name: /^Publish$/ }));
    expect(await screen.findByText('Published. 1 participant is being e-mailed.')).toBeVisible();
    expect(publishes).toEqual([{ override: false }, { override: true }]);
  });

  it('warns of the photos outstanding before the first try, from the standings', async () => {
    const publishes = stub(0, PHOTOS, { arriving: 2, late: 1 });
    render();
    expect(await screen.findByTestId('photos-outstanding')).toHaveTextContent(
      'Photos still arriving: 2; late photos not decided: 1.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Publish results' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish the Junior results?' });
    expect(within(dialog).getByText('Photos still arriving: 2; late photos not decided: 1.')).toBeVisible();
    fireEvent.click(
      within(dialog).getByRole('checkbox', {
        name: 'Publish anyway, without the photos still arriving and the late photos not decided',
      }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: /^Publish$/ }));
    expect(await screen.findByText('Published. 1 participant is being e-mailed.')).toBeVisible();
    expect(publishes).toEqual([{ override: true }]);
  });

  it('says that the override for ungraded answers covers the photos too', async () => {
    stub(3);
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Publish results' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish the Junior results?' });
    expect(within(dialog).getByText('3 answers are not graded yet: they count as 0.')).toBeVisible();
    expect(
      within(dialog).getByText(
        'Publishing anyway also leaves out any photos still arriving and any late photos not decided yet.',
      ),
    ).toBeVisible();
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(dialog).getByRole('checkbox')).not.toBeChecked();
  });

  it('offers no override when the refusal was that another admin published meanwhile', async () => {
    const published = 'The results of this category are already published.';
    stub(0, published);
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Publish results' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish the Junior results?' });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Publish$/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(published);
    expect(await screen.findByText(/^Published on /)).toBeVisible();
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

describe('ResultsPage: as a grader', () => {
  const grader = { ...testUser, id: 'g1', role: 'grader' as const };
  const renderAsGrader = () => renderWithStore(<ResultsPage />, { auth: { ...signedInAuth, user: grader } });

  it('says when grading opens instead of an error, before the exam has ended for everyone', async () => {
    stubApi({
      'GET /api/v1/admin/results/junior': () => ({
        status: 403,
        body: {
          status: 'error',
          message:
            'Grading opens when the exam has ended for every student in this category, extra time included.',
        },
      }),
    });
    renderAsGrader();
    expect(await screen.findByTestId('grading-not-open')).toHaveTextContent(
      'Grading opens when the exam has ended for every student in this category, extra time included.',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the standings without a name column (graders are sent roll numbers only)', async () => {
    stubApi({
      'GET /api/v1/admin/results/junior': () => ({
        body: {
          status: 'success',
          data: {
            published_at: null,
            ungraded: 0,
            photos_arriving: 0,
            late_photos_undecided: 0,
            standings: [{ user_id: 's1', name: null, roll_number: 'J-1', total: 7, rank: 1, award: null }],
          },
        },
      }),
    });
    renderAsGrader();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('cell', { name: 'J-1' })).toBeVisible();
    expect(within(table).queryByRole('columnheader', { name: 'Name' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish results' })).not.toBeInTheDocument();
  });
});

describe('ResultsPage: certificates', () => {
  it("offers the category's certificates as one ZIP once published, not before", async () => {
    let publishedAt: string | null = null;
    stubApi({
      'GET /api/v1/admin/results/junior': () => ({
        body: {
          status: 'success',
          data: {
            published_at: publishedAt,
            ungraded: 0,
            photos_arriving: 0,
            late_photos_undecided: 0,
            standings: [],
          },
        },
      }),
    });
    const first = render();
    expect(await screen.findByRole('button', { name: 'Publish results' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Download certificates (ZIP)' })).toBeNull();
    first.unmount();
    publishedAt = '2026-03-02T09:00:00+06:00';
    render();
    const link = await screen.findByRole('link', { name: 'Download certificates (ZIP)' });
    expect(link.getAttribute('href')).toMatch(
      /^\/api\/v1\/admin\/certificates\/junior\.zip(\?competition=ngso-1)?$/,
    );
  });
});

describe('ResultsPage: referred look-alike answers', () => {
  const standings = {
    body: {
      status: 'success',
      data: { published_at: null, ungraded: 0, photos_arriving: 0, late_photos_undecided: 0, standings: [] },
    },
  };
  const photo = (roll: string, position: number) => ({
    user_id: roll,
    name: `Finalist ${roll}`,
    roll_number: roll,
    question_id: `q${position}`,
    question_position: position,
    sha256: roll.repeat(4),
    url: `/api/v1/media/${roll}`,
  });

  it('lists the referred pairs for the admin who publishes, with their notes', async () => {
    const api = stubApi({
      'GET /api/v1/admin/results/junior': standings,
      'GET /api/v1/admin/exams/junior/look-alikes': {
        body: {
          status: 'success',
          data: [
            {
              id: 'p1',
              distance: 4,
              same_file: false,
              status: 'referred',
              note: 'Ask both to explain.',
              found_at: '2026-03-01T18:10:00+06:00',
              decided_at: '2026-03-01T19:00:00+06:00',
              first: photo('J-1', 1),
              second: photo('J-2', 3),
            },
          ],
          meta: { max_distance: 12 },
        },
      },
    });
    render();
    const referred = await screen.findByRole('region', { name: 'Referred look-alike answers' });
    expect(referred).toHaveTextContent('Roll J-1 (question 1) and roll J-2 (question 3)');
    expect(referred).toHaveTextContent('Note: Ask both to explain.');
    expect(within(referred).getByRole('link', { name: 'Review look-alike answers' })).toHaveAttribute(
      'href',
      '/admin/look-alikes?category=junior',
    );
    const asked = api.calls.find((call) => call.url.includes('look-alikes'));
    expect(new URL(asked?.url ?? 'http://x').searchParams.get('status')).toBe('referred');
  });

  it('asks nothing of look-alikes for a grader (grading stays blind)', async () => {
    const api = stubApi({ 'GET /api/v1/admin/results/junior': standings });
    renderWithStore(<ResultsPage />, {
      auth: { ...signedInAuth, user: { ...testUser, id: 'g1', role: 'grader' as const } },
    });
    await screen.findByRole('table');
    expect(api.keys().filter((key) => key.includes('look-alikes'))).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Referred look-alike answers' })).not.toBeInTheDocument();
  });
});
