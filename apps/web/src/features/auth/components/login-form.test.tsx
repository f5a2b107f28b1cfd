import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi, testUser } from '../../../test/fetch-stub.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { LoginForm } from './login-form.tsx';

/** The form's checks and its call are loaded when first needed (decision 069): each still does its job. */
describe('LoginForm', () => {
  it('checks the e-mail when the field is left, and sends nothing when it is not valid', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderWithStore(<LoginForm />);
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.click(screen.getByLabelText('Password'));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'Secret12!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toHaveLength(0);
  });

  it("shows the server's refusal and its field error beside the field", async () => {
    stubApi({
      'POST /api/v1/login': {
        status: 422,
        body: {
          status: 'error',
          message: 'Some fields are not valid. Please correct them and try again.',
          errors: { email: ['Please enter a valid email address.'] },
        },
      },
    });
    const user = userEvent.setup();
    renderWithStore(<LoginForm />);
    await user.type(screen.getByLabelText('Email'), 'ayesha@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret12!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Some fields are not valid. Please correct them and try again.',
    );
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it("falls back to the spec's sentence when the server gives no message", async () => {
    stubApi({ 'POST /api/v1/login': { status: 502, body: '<html>Bad gateway</html>' } });
    const user = userEvent.setup();
    renderWithStore(<LoginForm />);
    await user.type(screen.getByLabelText('Email'), 'ayesha@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret12!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to login. Please check your credentials.',
    );
  });

  it('signs the student in: the store holds the user', async () => {
    const api = stubApi({
      'POST /api/v1/login': { body: { status: 'success', data: { user: testUser } } },
    });
    const user = userEvent.setup();
    const { store } = renderWithStore(<LoginForm />);
    await user.type(screen.getByLabelText('Email'), 'ayesha@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret12!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(store.getState().auth.user?.email).toBe('ayesha@example.com'));
    expect(await api.calls[0]?.json()).toEqual({ email: 'ayesha@example.com', password: 'Secret12!' });
  });
});
