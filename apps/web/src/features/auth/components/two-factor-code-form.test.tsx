import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TwoFactorCodeForm } from './two-factor-code-form.tsx';

const renderForm = (onCode = vi.fn().mockResolvedValue(undefined)) => {
  render(
    <TwoFactorCodeForm allowRecovery onCode={onCode} submitLabel="Confirm" pendingLabel="Confirming..." />,
  );
  return onCode;
};

describe('TwoFactorCodeForm', () => {
  it('sends six digits, and says what a code looks like when it is not one', async () => {
    const user = userEvent.setup();
    const onCode = renderForm();
    await user.type(screen.getByLabelText('Code from the app'), '12 34');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeInTheDocument();
    expect(onCode).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Code from the app'));
    await user.type(screen.getByLabelText('Code from the app'), ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onCode).toHaveBeenCalledWith({ code: '123456' });
  });

  it('takes a recovery code instead, in either case, with or without its dash', async () => {
    const user = userEvent.setup();
    const onCode = renderForm();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'ABCDE-FGH23');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onCode).toHaveBeenCalledWith({ recovery_code: 'abcdefgh23' });
    expect(screen.getByRole('button', { name: 'Use a code from the app instead' })).toBeInTheDocument();
  });

  it("puts the server's refusal under the field", async () => {
    const user = userEvent.setup();
    const refusal = {
      status: 422,
      data: {
        status: 'error',
        message: 'Some fields are not valid. Please correct them and try again.',
        errors: {
          code: [
            'This code is not correct, or it has been used already. Please enter the current code from your authenticator app.',
          ],
        },
      },
    };
    renderForm(vi.fn().mockRejectedValue(refusal));
    await user.type(screen.getByLabelText('Code from the app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/not correct, or it has been used already/)).toBeInTheDocument();
  });
});
