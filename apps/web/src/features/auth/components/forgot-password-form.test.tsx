import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fetch-stub.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

const sent = {
  status: 'success',
  message: 'If an account exists for this email, a reset link has been sent.',
};

describe('ForgotPasswordForm', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function sendLink() {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithStore(<ForgotPasswordForm />);
    await user.type(screen.getByLabelText('Email'), 'ayesha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await screen.findByText(/Password reset link has been sent to your email\./);
    expect(screen.getByRole('heading', { name: 'Email Sent' })).toBeInTheDocument();
    return user;
  }

  it('shows the Email Sent view with a 1:30 countdown, then Resend Link at 0 which restarts it', async () => {
    const api = stubApi({ 'POST /api/v1/forgot-password': { body: sent } });
    const user = await sendLink();

    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('You can resend the link in 1:30');
    expect(screen.queryByRole('button', { name: 'Resend Link' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');

    await act(() => vi.advanceTimersByTimeAsync(31_000));
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('0:59');

    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(screen.queryByTestId('resend-countdown')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resend Link' }));
    expect(
      await screen.findByText(/Password reset link has been resent to your email\./),
    ).toBeInTheDocument();
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('1:30');
    expect(api.keys()).toEqual(['POST /api/v1/forgot-password', 'POST /api/v1/forgot-password']);
  });

  it("says why a resend failed, with the server's sentence or the spec's", async () => {
    let calls = 0;
    stubApi({
      'POST /api/v1/forgot-password': () =>
        ++calls === 1 ? { body: sent } : { status: 503, body: '<html>unavailable</html>' },
    });
    const user = await sendLink();
    await act(() => vi.advanceTimersByTimeAsync(90_000));
    await user.click(screen.getByRole('button', { name: 'Resend Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to resend reset link. Please check your email.',
    );
  });

  it("shows the server's message when sending fails", async () => {
    stubApi({
      'POST /api/v1/forgot-password': {
        status: 429,
        body: { status: 'error', message: 'Too many attempts. Please wait 60 minutes and try again.' },
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithStore(<ForgotPasswordForm />);
    await user.type(screen.getByLabelText('Email'), 'ayesha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait 60 minutes and try again.',
    );
  });
});
