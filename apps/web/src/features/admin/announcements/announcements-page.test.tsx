import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi, testUser } from '../../../test/fetch-stub.ts';
import { renderWithStore, signedInAuth } from '../../../test/render.tsx';
import { AnnouncementsPage } from './announcements-page.tsx';

const admin = { ...testUser, id: 'a1', role: 'admin' as const };
const sent = {
  id: 'n1',
  title_en: 'Bus times',
  title_bn: 'বাসের সময়',
  body_en: 'The bus leaves at 7.',
  body_bn: 'বাস ৭টায় ছাড়বে।',
  segment: { kind: 'pickup', pickup_spot: 'Dhaka — Farmgate' },
  rate_per_minute: 60,
  sent_at: '2026-04-01T10:00:00+06:00',
  sent_by: 'a1',
  recipients: 120,
  delivered: 100,
  failed: 2,
  pending: 18,
  read: 40,
};

const renderPage = () => renderWithStore(<AnnouncementsPage />, { auth: { ...signedInAuth, user: admin } });

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Title in English'), 'Venue changed');
  await user.type(screen.getByLabelText('Title in Bangla'), 'ভেন্যু বদলেছে');
  await user.type(screen.getByLabelText('Text in English'), 'The final round is at Dhaka College.');
  await user.type(screen.getByLabelText('Text in Bangla'), 'চূড়ান্ত পর্ব ঢাকা কলেজে।');
}

describe('AnnouncementsPage', () => {
  it('lists the sent notices with their delivery: delivered, failed, pending, read', async () => {
    stubApi({ 'GET /api/v1/admin/announcements': { body: { status: 'success', data: [sent] } } });
    renderPage();
    const row = (await screen.findByRole('rowheader', { name: /Bus times/ })).closest('tr') as HTMLElement;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      '1 Apr 2026, 10:00',
      'Approved entrants of a pick-up spot: Dhaka — Farmgate',
      '120',
      '100',
      '2',
      '18',
      '40',
    ]);
    expect(row).toHaveTextContent('বাসের সময়');
    expect(row).toHaveTextContent('60 mails a minute');
  });

  it('checks the form with the shared rules and sends nothing while it is incomplete', async () => {
    const api = stubApi({ 'GET /api/v1/admin/announcements': { body: { status: 'success', data: [] } } });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('No notice sent yet.');
    await user.type(screen.getByLabelText('Title in English'), 'Venue changed');
    await user.clear(screen.getByLabelText('Mails a minute'));
    await user.type(screen.getByLabelText('Mails a minute'), '0');
    await user.click(screen.getByRole('button', { name: 'Send…' }));
    expect(screen.getByLabelText('Title in Bangla')).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('Who gets it')).toHaveAccessibleDescription('Choose who gets the notice');
    expect(screen.getByLabelText('Mails a minute')).toHaveAccessibleDescription(
      /The rate must be a whole number of mails per minute, from 1 to 10000\./,
    );
    expect(api.keys()).toEqual(['GET /api/v1/admin/announcements']);
  });

  it('counts the recipients, asks before sending, and sends to the segment at the rate', async () => {
    const bodies: unknown[] = [];
    const api = stubApi({
      'GET /api/v1/admin/announcements': { body: { status: 'success', data: [] } },
      'POST /api/v1/admin/announcements/preview': async (request) => {
        bodies.push(await request.json());
        return { body: { status: 'success', data: { recipients: 1500 } } };
      },
      'POST /api/v1/admin/announcements': async (request) => {
        bodies.push(await request.json());
        return {
          status: 201,
          body: { status: 'success', data: { ...sent, title_en: 'Venue changed', recipients: 1500 } },
        };
      },
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('No notice sent yet.');
    await fill(user);
    await user.selectOptions(screen.getByLabelText('Who gets it'), 'Registered in a category');
    await user.selectOptions(screen.getByLabelText('Registered in a category'), 'Senior');
    await user.clear(screen.getByLabelText('Mails a minute'));
    await user.type(screen.getByLabelText('Mails a minute'), '100');
    await user.click(screen.getByRole('button', { name: 'Count recipients' }));
    expect(await screen.findByText('Students in this group now: 1500')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this notice?' });
    expect(dialog).toHaveTextContent(
      '“Venue changed” goes to 1500 students now: on their profiles at once, and by e-mail at 100 a minute (about 15 min for all). A sent notice cannot be taken back.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Sent “Venue changed” to 1500 students.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies.at(-1)).toEqual({
      title_en: 'Venue changed',
      title_bn: 'ভেন্যু বদলেছে',
      body_en: 'The final round is at Dhaka College.',
      body_bn: 'চূড়ান্ত পর্ব ঢাকা কলেজে।',
      segment: { kind: 'category', category: 'senior' },
      rate_per_minute: 100,
    });
    expect(bodies[0]).toEqual({ segment: { kind: 'category', category: 'senior' } });
    expect(api.keys().filter((key) => key === 'POST /api/v1/admin/announcements')).toHaveLength(1);
    expect(screen.getByLabelText('Title in English')).toHaveValue('');
  });

  it('does not offer to send to a group without a student', async () => {
    const api = stubApi({
      'GET /api/v1/admin/announcements': { body: { status: 'success', data: [] } },
      'POST /api/v1/admin/announcements/preview': { body: { status: 'success', data: { recipients: 0 } } },
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('No notice sent yet.');
    await fill(user);
    await user.selectOptions(screen.getByLabelText('Who gets it'), 'Every student');
    await user.click(screen.getByRole('button', { name: 'Send…' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No student is in this group, so there is no one to send the notice to.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.keys()).not.toContain('POST /api/v1/admin/announcements');
  });
});
