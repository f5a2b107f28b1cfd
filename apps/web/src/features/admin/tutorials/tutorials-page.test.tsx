import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi, testUser } from '../../../test/fetch-stub.ts';
import { renderWithStore, signedInAuth } from '../../../test/render.tsx';
import { TutorialsPage } from './tutorials-page.tsx';

const admin = { ...testUser, id: 'a1', role: 'admin' as const };
const listed = {
  id: 't1',
  title_en: 'Forces and motion',
  title_bn: 'বল ও গতি',
  video_url: 'https://www.youtube.com/watch?v=one',
  position: 1,
  thumbnail: null,
  created_at: '2026-11-25T10:00:00.000Z',
};

const renderPage = () => renderWithStore(<TutorialsPage />, { auth: { ...signedInAuth, user: admin } });

describe('TutorialsPage', () => {
  it('lists the tutorials with both titles and says which are not shown yet', async () => {
    stubApi({ 'GET /api/v1/admin/tutorials': { body: { status: 'success', data: [listed] } } });
    renderPage();
    const row = (await screen.findByRole('rowheader', { name: /Forces and motion/ })).closest('tr');
    expect(row).toHaveTextContent('বল ও গতি');
    expect(row).toHaveTextContent('No thumbnail: not shown yet');
    expect(within(row as HTMLElement).getByRole('link', { name: listed.video_url })).toHaveAttribute(
      'target',
      '_blank',
    );
  });

  it('checks the form with the shared rules before sending: only an http(s) video address, both titles, an image', async () => {
    const api = stubApi({ 'GET /api/v1/admin/tutorials': { body: { status: 'success', data: [] } } });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'New tutorial' }));
    const dialog = screen.getByRole('dialog', { name: 'New tutorial' });
    await user.type(within(dialog).getByLabelText('Title in English'), 'Forces');
    await user.type(within(dialog).getByLabelText('Video address'), 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByLabelText('Video address')).toHaveAccessibleDescription(
      /Enter the video's address, starting with http:\/\/ or https:\/\/\./,
    );
    expect(within(dialog).getByLabelText('Title in Bangla')).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(dialog).toHaveTextContent('Please choose an image for the thumbnail.');
    expect(api.keys()).toEqual(['GET /api/v1/admin/tutorials']);
  });
});
