import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupStore } from '../../../app/store.ts';
import { stubApi } from '../../../test/fetch-stub.ts';
import { ResetPasswordForm } from './reset-password-form.tsx';

function renderForm() {
  const { store } = setupStore();
  const router = createMemoryRouter(
    [
      { path: '/reset-password', element: <ResetPasswordForm token="t0ken" email="ayesha@example.com" /> },
      { path: '/login', element: <h1>Login page</h1> },
    ],
    { initialEntries: ['/reset-password?token=t0ken&email=ayesha@example.com'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

describe('ResetPasswordForm', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('blocks submit while the passwords do not match, with show/hide toggles and a strength meter', async () => {
    const api = stubApi({});
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderForm();
    await user.type(screen.getByLabelText('New password'), 'Secret12!');
    expect(screen.getByText('Password strength: Very Strong')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm new password'), 'Secret12');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeDisabled();

    const [showNew] = screen.getAllByRole('button', { name: 'Show password' });
    await user.click(showNew as HTMLElement);
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('type', 'password');
    expect(api.calls).toHaveLength(0);
  });

  it('sends token, email and password, says so, and goes to /login after 3 seconds', async () => {
    const api = stubApi({
      'POST /api/v1/reset-password': { body: { status: 'success', message: 'Password has been reset.' } },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const router = renderForm();
    await user.type(screen.getByLabelText('New password'), 'Secret12!');
    await user.type(screen.getByLabelText('Confirm new password'), 'Secret12!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password has been reset successfully.')).toBeInTheDocument();
    expect(await api.calls[0]?.json()).toEqual({
      token: 't0ken',
      email: 'ayesha@example.com',
      password: 'Secret12!',
    });

    await act(() => vi.advanceTimersByTimeAsync(2_900));
    expect(router.state.location.pathname).toBe('/reset-password');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows the server's refusal of a common password beside the new password, and stays on the form", async () => {
    const common =
      'This password is one of the most common passwords and is easy to guess. Please choose another one.';
    stubApi({
      'POST /api/v1/reset-password': {
        status: 422,
        body: {
          status: 'error',
          message: 'Some fields are not valid. Please correct them and try again.',
          errors: { password: [common] },
        },
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const router = renderForm();
    await user.type(screen.getByLabelText('New password'), 'Password123');
    await user.type(screen.getByLabelText('Confirm new password'), 'Password123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Some fields are not valid. Please correct them and try again.',
    );
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(common);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it("shows the server's message, else the spec's sentence", async () => {
    let calls = 0;
    stubApi({
      'POST /api/v1/reset-password': () =>
        ++calls === 1
          ? {
              status: 400,
              body: {
                status: 'error',
                message: 'This password reset link is invalid or has expired. Please request a new one.',
              },
            }
          : { status: 502, body: null },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderForm();
    await user.type(screen.getByLabelText('New password'), 'Secret12!');
    await user.type(screen.getByLabelText('Confirm new password'), 'Secret12!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password reset link is invalid or has expired. Please request a new one.',
    );
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Unable to reset password. Please try again.')).toBeInTheDocument();
  });
});
