import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fetch-stub.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { AccountSecurity } from './account-security.tsx';

const INVALID = 'Some fields are not valid. Please correct them and try again.';
const WRONG_CURRENT = 'Your current password is incorrect.';
const COMMON =
  'This password is one of the most common passwords and is easy to guess. Please choose another one.';
const CHANGED = 'Your password has been changed. Every other device has been signed out.';

const thisDevice = {
  id: 'a'.repeat(32),
  current: true,
  created_at: '2026-04-01T15:00:00+06:00',
  last_seen_at: '2026-04-01T15:00:00+06:00',
  device: { browser: 'Chrome', os: 'Android' },
};

async function openChangePassword(handlers: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    'GET /api/v1/sessions': { body: { status: 'success', data: [thisDevice] } },
    ...handlers,
  });
  const user = userEvent.setup();
  const view = renderWithStore(<AccountSecurity email="ayesha@example.com" />);
  const opener = screen.getByRole('button', { name: 'Change Password' });
  await user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
  const field = (label: string) => within(dialog).getByLabelText(label);
  const fill = async (current: string, next: string, confirmation = next) => {
    await user.type(field('Current password'), current);
    await user.type(field('New password'), next);
    await user.type(field('Confirm new password'), confirmation);
  };
  const submit = () => user.click(within(dialog).getByRole('button', { name: 'Change Password' }));
  return { api, user, dialog, opener, field, fill, submit, ...view };
}

const puts = (api: ReturnType<typeof stubApi>) => api.calls.filter((call) => call.method === 'PUT');

describe('Change Password', () => {
  it('opens with focus on the current password, masked fields, the strength meter and the hint', async () => {
    const { dialog, field, user } = await openChangePassword();
    expect(field('Current password')).toHaveFocus();
    expect(field('Current password')).toHaveAttribute('type', 'password');
    expect(field('Current password')).toHaveAttribute('autocomplete', 'current-password');
    expect(field('New password')).toHaveAttribute('type', 'password');
    expect(field('New password')).toHaveAttribute('autocomplete', 'new-password');
    expect(field('Confirm new password')).toHaveAttribute('autocomplete', 'new-password');
    expect(field('New password')).toHaveAccessibleDescription(
      'At least 8 characters. Every other device signed in to your account will be signed out.',
    );
    expect(within(dialog).queryByTestId('password-strength')).not.toBeInTheDocument();
    await user.type(field('New password'), 'Kodom-phul-2026!');
    expect(within(dialog).getByTestId('password-strength')).toBeInTheDocument();
  });

  it("shows the server's field errors beside their fields: a wrong current password and a common new one", async () => {
    const { api, dialog, field, fill, submit } = await openChangePassword({
      'PUT /api/v1/password': {
        status: 422,
        body: {
          status: 'error',
          message: INVALID,
          errors: { current_password: [WRONG_CURRENT], password: [COMMON] },
        },
      },
    });
    await fill('Not-my-password-1', 'iloveyou1');
    await submit();

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(INVALID);
    expect(field('Current password')).toHaveAccessibleDescription(WRONG_CURRENT);
    expect(field('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Current password')).toHaveFocus();
    expect(field('New password')).toHaveAccessibleDescription(expect.stringContaining(COMMON));
    expect(field('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Confirm new password')).not.toHaveAttribute('aria-invalid');
    // The dialog stays, with what was typed, for the correction.
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeInTheDocument();
    expect(field('Current password')).toHaveValue('Not-my-password-1');
    expect(puts(api)).toHaveLength(1);
  });

  it('says when the account must wait, as the server words it', async () => {
    const wait = 'Too many failed attempts for this account. Please wait 2 seconds and try again.';
    const { dialog, fill, submit } = await openChangePassword({
      'PUT /api/v1/password': { status: 429, body: { status: 'error', message: wait } },
    });
    await fill('Not-my-password-1', 'Kodom-phul-2026!');
    await submit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(wait);
  });

  it('checks the length and the confirmation before any call', async () => {
    const { api, dialog, field, fill, submit, user } = await openChangePassword();
    await fill('Current-pass-1', 'Short1!', 'Short1');
    expect(within(dialog).getByText('Passwords do not match')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Change Password' })).toBeDisabled();

    await user.type(field('Confirm new password'), '!');
    await submit();
    expect(field('New password')).toHaveAccessibleDescription(
      expect.stringContaining('Password must be at least 8 characters long'),
    );
    await user.clear(field('Current password'));
    await submit();
    expect(field('Current password')).toHaveAccessibleDescription('This field is required.');
    expect(puts(api)).toHaveLength(0);
  });

  it('sends the three fields with the CSRF header, shows a spinner while waiting, then the success', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    const { api, dialog, fill, submit, user, opener } = await openChangePassword({
      'PUT /api/v1/password': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    await fill('Current-pass-1', 'Kodom-phul-2026!');
    await submit();

    const pending = await within(dialog).findByRole('button', { name: 'Changing...' });
    expect(pending).toBeDisabled();
    expect(pending).toHaveAttribute('aria-busy', 'true');
    const [put] = puts(api);
    expect(await put?.json()).toEqual({
      current_password: 'Current-pass-1',
      password: 'Kodom-phul-2026!',
      password_confirmation: 'Kodom-phul-2026!',
    });
    expect(put?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');

    answer({ body: { status: 'success', message: CHANGED } });
    expect(await within(dialog).findByRole('status')).toHaveTextContent(CHANGED);
    expect(within(dialog).queryByLabelText('Current password')).not.toBeInTheDocument();
    // The device list is loaded again (the other devices are signed out).
    await waitFor(() =>
      expect(api.keys().filter((key) => key === 'GET /api/v1/sessions').length).toBeGreaterThanOrEqual(2),
    );

    const [, close] = within(dialog).getAllByRole('button', { name: 'Close' });
    if (close) await user.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});
