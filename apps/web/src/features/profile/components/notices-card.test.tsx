import type { Announcement } from '@ngso/shared/schemas/announcements';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/i18n.ts';
import { stubApi } from '../../../test/fetch-stub.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { NoticesCard } from './notices-card.tsx';

const bus: Announcement = {
  id: '11111111-1111-4111-8111-111111111111',
  title_en: 'Bus times',
  title_bn: 'বাসের সময়',
  body_en: 'The bus leaves at 7:00.\nBe there by 6:45.',
  body_bn: 'বাস ৭টায় ছাড়বে।',
  sent_at: '2026-04-01T10:00:00+06:00',
  read_at: null,
};
const venue: Announcement = {
  ...bus,
  id: '22222222-2222-4222-8222-222222222222',
  title_en: 'New venue',
  title_bn: 'নতুন ভেন্যু',
  sent_at: '2026-04-02T09:30:00+06:00',
};
const old: Announcement = {
  ...bus,
  id: '3'.repeat(8),
  title_en: 'Old news',
  read_at: '2026-03-01T10:00:00+06:00',
};

afterEach(async () => {
  await applyLanguage('en');
});

describe('Notices on the profile', () => {
  it('shows the unread notices, newest first; Mark as read removes one and says so', async () => {
    let read = false;
    const api = stubApi({
      'GET /api/v1/announcements': () => ({
        body: {
          status: 'success',
          data: read ? [venue, { ...bus, read_at: '2026-04-03T10:00:00+06:00' }, old] : [bus, venue, old],
        },
      }),
      [`POST /api/v1/announcements/${bus.id}/read`]: () => {
        read = true;
        return { body: { status: 'success', data: { read_at: '2026-04-03T10:00:00+06:00' } } };
      },
    });
    const user = userEvent.setup();
    renderWithStore(<NoticesCard />);
    const card = await screen.findByRole('region', { name: 'Notices from the organisers' });
    const notices = within(card).getAllByRole('article');
    expect(notices.map((n) => within(n).getByRole('heading').textContent)).toEqual([
      'New venue',
      'Bus times',
    ]);
    expect(notices[1]).toHaveTextContent('Sent Apr 1, 2026, 10:00 AM');
    expect(screen.queryByText('Old news')).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Mark “Bus times” as read' }));
    await waitFor(() => expect(screen.queryByText('Bus times')).not.toBeInTheDocument());
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Marked as read.');
    expect(status).toHaveFocus();
    expect(api.keys()).toContain(`POST /api/v1/announcements/${bus.id}/read`);
    expect(screen.getByRole('button', { name: 'Mark “New venue” as read' })).toBeInTheDocument();
  });

  it('keeps the notice and says so when it could not be marked', async () => {
    stubApi({
      'GET /api/v1/announcements': { body: { status: 'success', data: [bus] } },
      [`POST /api/v1/announcements/${bus.id}/read`]: {
        status: 404,
        body: { status: 'error', message: 'This notice was not found.' },
      },
    });
    const user = userEvent.setup();
    renderWithStore(<NoticesCard />);
    await user.click(await screen.findByRole('button', { name: 'Mark “Bus times” as read' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This notice could not be marked as read. Please try again.',
    );
    expect(screen.getByText('Bus times')).toBeInTheDocument();
  });

  it('is in Bangla for a Bangla reader, and shows nothing without an unread notice', async () => {
    await applyLanguage('bn');
    stubApi({ 'GET /api/v1/announcements': { body: { status: 'success', data: [bus] } } });
    const { unmount } = renderWithStore(<NoticesCard />);
    const card = await screen.findByRole('region', { name: 'আয়োজকদের নোটিশ' });
    expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent('বাসের সময়');
    expect(card).toHaveTextContent('বাস ৭টায় ছাড়বে।');
    expect(
      within(card).getByRole('button', { name: '“বাসের সময়” পড়া হয়েছে হিসেবে চিহ্নিত করুন' }),
    ).toHaveTextContent('পড়া হয়েছে');
    unmount();

    stubApi({ 'GET /api/v1/announcements': { body: { status: 'success', data: [old] } } });
    const { container } = renderWithStore(<NoticesCard />);
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });
});
