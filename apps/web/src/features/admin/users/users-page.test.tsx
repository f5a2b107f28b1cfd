import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi, testUser } from '../../../test/fetch-stub.ts';
import { renderWithStore, signedInAuth } from '../../../test/render.tsx';
import { UsersPage } from './users-page.tsx';

const admin = { ...testUser, id: 'a1', role: 'admin' as const };
const grader = (locked: boolean) => ({
  id: 'g1',
  name: 'Karim Uddin',
  email: 'karim@example.com',
  phone_number: null,
  role: 'grader',
  email_verified: true,
  two_factor: true,
  two_factor_locked: locked,
  created_at: '2026-03-01T10:00:00+06:00',
});

describe('UsersPage', () => {
  it('shows a locked second factor and unlocks it after a confirmation (decision 066)', async () => {
    let locked = true;
    const api = stubApi({
      'GET /api/v1/admin/invitations': { body: { status: 'success', data: [] } },
      'GET /api/v1/admin/users': () => ({
        body: {
          status: 'success',
          data: [grader(locked)],
          meta: { page: 1, per_page: 20, total: 1 },
        },
      }),
      'POST /api/v1/admin/users/g1/two-factor/unlock': () => {
        locked = false;
        return { body: { status: 'success', message: 'Two-step sign-in is unlocked.' } };
      },
    });
    const user = userEvent.setup();
    renderWithStore(<UsersPage />, { auth: { ...signedInAuth, user: admin } });
    const row = (await screen.findByRole('cell', { name: 'Karim Uddin' })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('(two-step sign-in locked)');
    await user.click(within(row).getByRole('button', { name: /^Unlock two-step sign-in/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock two-step sign-in?' });
    expect(dialog).toHaveTextContent('100 wrong codes in a row locked two-step sign-in for Karim Uddin');
    await user.click(within(dialog).getByRole('button', { name: 'Unlock two-step sign-in' }));
    expect(await screen.findByText("Karim Uddin's two-step sign-in is unlocked.")).toBeInTheDocument();
    expect(api.keys()).toContain('POST /api/v1/admin/users/g1/two-factor/unlock');
    await waitFor(() => expect(row).not.toHaveTextContent('locked'));
    expect(within(row).queryByRole('button', { name: /Unlock/ })).toBeNull();
  });
});
