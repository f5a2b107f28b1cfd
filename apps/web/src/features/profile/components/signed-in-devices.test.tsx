import type { OwnSession } from '@ngso/shared/schemas/account';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fetch-stub.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { AccountSecurity } from './account-security.tsx';

const session = (id: string, current: boolean, browser: string | null, os: string | null): OwnSession => ({
  id: id.repeat(32),
  current,
  created_at: '2026-03-28T10:00:00+06:00',
  last_seen_at: '2026-04-01T15:30:00+06:00',
  device: { browser, os },
});
const phone = session('a', true, 'Chrome', 'Android');
const laptop = session('b', false, 'Firefox', 'Windows');
const unknown = session('c', false, null, null);

async function showDevices(list: OwnSession[][], handlers: Parameters<typeof stubApi>[0] = {}) {
  let loads = 0;
  const api = stubApi({
    'GET /api/v1/sessions': () => {
      const data = list[Math.min(loads, list.length - 1)];
      loads += 1;
      return { body: { status: 'success', data } };
    },
    ...handlers,
  });
  const user = userEvent.setup();
  const view = renderWithStore(<AccountSecurity />);
  const devices = await screen.findByTestId('signed-in-devices');
  return { api, user, devices, ...view };
}

const rows = (devices: HTMLElement) => within(devices).getAllByRole('listitem');

describe('Signed-in devices', () => {
  it('lists the devices, this one first and marked, with times in Dhaka, and no Sign out for this one', async () => {
    const { devices } = await showDevices([[phone, laptop, unknown]]);
    const [first, second, third] = rows(devices);
    expect(first).toHaveTextContent('Chrome on AndroidThis device');
    expect(first).toHaveTextContent('Last active Apr 1, 2026, 3:30 PM');
    expect(first).toHaveTextContent('Signed in Mar 28, 2026, 10:00 AM');
    expect(within(first as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(second).toHaveTextContent('Firefox on Windows');
    expect(
      within(second as HTMLElement).getByRole('button', { name: 'Sign out Firefox on Windows' }),
    ).toHaveTextContent('Sign out');
    expect(third).toHaveTextContent('Unknown device');
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeInTheDocument();
  });

  it('says when this is the only device, and offers nothing to sign out', async () => {
    await showDevices([[phone]]);
    expect(screen.getByText('Your account is signed in on this device only.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
  });

  it('asks first: Cancel signs out nothing, Sign out ends that session and reloads the list', async () => {
    const { api, user, devices } = await showDevices([[phone, laptop], [phone]], {
      'DELETE /api/v1/sessions/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb': {
        body: { status: 'success', message: 'That device has been signed out.', current: false },
      },
    });
    const signOut = within(devices).getByRole('button', { name: 'Sign out Firefox on Windows' });
    await user.click(signOut);
    let dialog = await screen.findByRole('dialog', { name: 'Sign out this device?' });
    expect(dialog).toHaveTextContent(
      'Firefox on Windows will be signed out at once. Signing in there again needs your password.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.keys().filter((key) => key.startsWith('DELETE'))).toEqual([]);
    expect(signOut).toHaveFocus();

    await user.click(signOut);
    dialog = await screen.findByRole('dialog', { name: 'Sign out this device?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const deleted = api.calls.find((call) => call.method === 'DELETE');
    expect(deleted?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(await screen.findByRole('status')).toHaveTextContent('That device has been signed out.');
    await waitFor(() => expect(rows(screen.getByTestId('signed-in-devices'))).toHaveLength(1));
  });

  it('signs out everywhere else after confirming', async () => {
    const { api, user } = await showDevices([[phone, laptop, unknown], [phone]], {
      'POST /api/v1/sessions/end-others': {
        body: { status: 'success', message: 'Every other device has been signed out.', ended: 2 },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    expect(dialog).toHaveTextContent('Every device but this one will be signed out at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Every other device has been signed out.')).toBeInTheDocument();
    expect(api.keys()).toContain('POST /api/v1/sessions/end-others');
    await waitFor(() =>
      expect(screen.getByText('Your account is signed in on this device only.')).toBeInTheDocument(),
    );
  });

  it("keeps the dialog open with the server's sentence when the sign-out fails", async () => {
    const gone = 'This session was not found. It may have ended already.';
    const { user, devices } = await showDevices([[phone, laptop]], {
      'DELETE /api/v1/sessions/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb': {
        status: 404,
        body: { status: 'error', message: gone },
      },
    });
    await user.click(within(devices).getByRole('button', { name: 'Sign out Firefox on Windows' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this device?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(gone);
  });
});
