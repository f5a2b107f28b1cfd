import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { deferredChecks, useNativeForm } from './native-form.ts';

const Schema = z.object({ code: z.string().min(3, 'Three letters at least.') });

/** The checks, held until the test lets them come (as a slow download would). */
function heldChecks() {
  let arrive: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const load = vi.fn(async () => {
    await arrived;
    return Schema;
  });
  return { checks: deferredChecks(load), load, arrive };
}

function CodeForm({
  checks,
  onValid,
}: {
  checks: () => Promise<typeof Schema>;
  onValid: (values: { code: string }) => Promise<void>;
}) {
  const { form, errors, formError, submitting } = useNativeForm({
    checks,
    fields: ['code'],
    unavailable: 'Try again.',
    onValid,
  });
  return (
    <form {...form} aria-label="Access">
      {formError ? <p role="alert">{formError}</p> : null}
      <label>
        Code
        <input name="code" aria-describedby="code-error" />
      </label>
      <p id="code-error">{errors.code}</p>
      <button type="submit" disabled={submitting}>
        Send
      </button>
    </form>
  );
}

describe('useNativeForm', () => {
  it('sends once what was typed, when the checks come after the press (a second press does nothing)', async () => {
    const { checks, arrive } = heldChecks();
    const onValid = vi.fn(async () => undefined);
    const user = userEvent.setup();
    render(<CodeForm checks={checks} onValid={onValid} />);
    await user.type(screen.getByLabelText('Code'), 'abcd');
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(onValid).not.toHaveBeenCalled();
    arrive();
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid).toHaveBeenCalledWith({ code: 'abcd' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
  });

  it("shows the schema's message beside the field, focuses it, and sends nothing", async () => {
    const { checks, arrive } = heldChecks();
    const onValid = vi.fn(async () => undefined);
    const user = userEvent.setup();
    render(<CodeForm checks={checks} onValid={onValid} />);
    await user.type(screen.getByLabelText('Code'), 'ab');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    arrive();
    expect(await screen.findByText('Three letters at least.')).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('says so when the checks cannot be downloaded, and tries again at the next send', async () => {
    // Down at the first focus and at the first send.
    const load = vi
      .fn<() => Promise<typeof Schema>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(Schema);
    const onValid = vi.fn(async () => undefined);
    const user = userEvent.setup();
    render(<CodeForm checks={deferredChecks(load)} onValid={onValid} />);
    await user.type(screen.getByLabelText('Code'), 'abcd');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ code: 'abcd' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
