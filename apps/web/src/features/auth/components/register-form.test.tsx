import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi, testUser } from '../../../test/fetch-stub.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { RegisterForm } from './register-form.tsx';

describe('RegisterForm', () => {
  it('says live that the passwords do not match, and stops saying it when they do', async () => {
    const user = userEvent.setup();
    renderWithStore(<RegisterForm />);
    await user.type(screen.getByLabelText('Password'), 'Secret12!');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret');
    const confirmation = screen.getByLabelText('Confirm password');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(confirmation).toHaveAccessibleDescription('Passwords do not match');
    await user.type(confirmation, '12!');
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
  });

  it('lets a password be pasted (password managers), masked until shown', async () => {
    const user = userEvent.setup();
    renderWithStore(<RegisterForm />);
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(password);
    await user.paste('Pasted from a manager: 7f#Qz!');
    expect(password).toHaveValue('Pasted from a manager: 7f#Qz!');
  });

  it('shows the password length rule and sends nothing', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderWithStore(<RegisterForm />);
    await user.type(screen.getByLabelText('Full name'), 'Ayesha Rahman');
    await user.type(screen.getByLabelText('Email'), 'ayesha@example.com');
    await user.type(screen.getByLabelText('Phone number'), '01712345678');
    await user.type(screen.getByLabelText('Password'), 'Ab1!');
    await user.type(screen.getByLabelText('Confirm password'), 'Ab1!');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toHaveLength(0);
  });

  it("shows the server's message and its field errors beside their fields", async () => {
    stubApi({
      'POST /api/v1/register': {
        status: 409,
        body: {
          status: 'error',
          message: 'Some fields are not valid. Please correct them and try again.',
          errors: { email: ['An account with this email already exists. Please log in instead.'] },
        },
      },
    });
    const user = userEvent.setup();
    renderWithStore(<RegisterForm />);
    await user.type(screen.getByLabelText('Full name'), 'Ayesha Rahman');
    await user.type(screen.getByLabelText('Email'), 'ayesha@example.com');
    await user.type(screen.getByLabelText('Phone number'), '01712345678');
    await user.type(screen.getByLabelText('Password'), 'Secret12!');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret12!');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Some fields are not valid. Please correct them and try again.',
    );
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'An account with this email already exists. Please log in instead.',
    );
  });

  it("shows the server's refusal of a common password beside the password field", async () => {
    const common =
      'This password is one of the most common passwords and is easy to guess. Please choose another one.';
    stubApi({
      'POST /api/v1/register': {
        status: 422,
        body: {
          status: 'error',
          message: 'Some fields are not valid. Please correct them and try again.',
          errors: { password: [common] },
        },
      },
    });
    const user = userEvent.setup();
    renderWithStore(<RegisterForm />);
    await user.type(screen.getByLabelText('Full name'), 'Ayesha Rahman');
    await user.type(screen.getByLabelText('Email'), 'ayesha@example.com');
    await user.type(screen.getByLabelText('Phone number'), '01712345678');
    await user.type(screen.getByLabelText('Password'), 'Password123');
    await user.type(screen.getByLabelText('Confirm password'), 'Password123');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Some fields are not valid. Please correct them and try again.',
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(common);
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('falls back to the spec sentence when the server gives no message', async () => {
    stubApi({ 'POST /api/v1/register': { status: 502, body: 'Bad gateway' } });
    const user = userEvent.setup();
    renderWithStore(<RegisterForm />);
    await user.type(screen.getByLabelText('Full name'), 'Ayesha Rahman');
    await user.type(screen.getByLabelText('Email'), 'ayesha@example.com');
    await user.type(screen.getByLabelText('Phone number'), '01712345678');
    await user.type(screen.getByLabelText('Password'), 'Secret12!');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret12!');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred during registration');
  });

  it('signs the student in with the normalised payload', async () => {
    const api = stubApi({
      'POST /api/v1/register': { status: 201, body: { status: 'success', message: 'ok', user: testUser } },
    });
    const user = userEvent.setup();
    const { store } = renderWithStore(<RegisterForm />);
    await user.type(screen.getByLabelText('Full name'), 'Ayesha Rahman');
    await user.type(screen.getByLabelText('Email'), 'Ayesha@Example.com');
    await user.type(screen.getByLabelText('Phone number'), '+88 01712-345678');
    await user.type(screen.getByLabelText('Password'), 'Secret12!');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret12!');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await vi.waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(true));
    const request = api.calls[0];
    expect(request?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(request?.headers.get('Accept')).toBe('application/json');
    expect(request?.credentials).toBe('include');
    expect(await request?.json()).toEqual({
      name: 'Ayesha Rahman',
      email: 'ayesha@example.com',
      password: 'Secret12!',
      phone_number: '01712345678',
    });
  });
});
