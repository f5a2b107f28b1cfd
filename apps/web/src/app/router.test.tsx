import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi, testProfile, testUser } from '../test/fetch-stub.ts';
import { renderApp, signedInAuth } from '../test/render.tsx';

const statusBody = {
  status: 'success',
  category: null,
  registration_date: null,
  admit_card_url: null,
  exam_details: null,
  data: { registration_status: null, registration_date: null, admit_card_url: null, exam_details: null },
};

const signedInHandlers = {
  'GET /api/v1/user': { body: { status: 'success', user: testUser } },
  'GET /api/v1/user/profile': { body: { status: 'success', user: testProfile } },
  'GET /api/v1/ngso-1/registration/status': { body: statusBody },
};

describe('routing and the session', () => {
  it('makes no call at all for a first-time visitor', async () => {
    const api = stubApi({});
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'NATIONAL GENERAL SCIENCE OLYMPIAD' })).toBeVisible();
    expect(screen.getByText('Finding the Hidden Scientists')).toBeVisible();
    // The hero's and the promo's Register Now.
    for (const link of screen.getAllByRole('link', { name: 'Register Now' })) {
      expect(link).toHaveAttribute('href', '/register');
    }
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(document.getElementById('faq')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('sends a signed-out visitor of a protected page to /login and back after logging in', async () => {
    const api = stubApi({
      ...signedInHandlers,
      'POST /api/v1/login': { body: { status: 'success', data: { user: testUser } } },
      'GET /api/v1/ebooks': { body: { status: 'success', data: [] } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/my-pdfs');

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(api.calls).toHaveLength(0);

    await user.type(screen.getByLabelText('Email'), 'ayesha@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret12!');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'My PDFs' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/my-pdfs');
    // After login the user and the profile are loaded, and the registration status.
    await waitFor(() =>
      expect(new Set(api.keys())).toEqual(
        new Set([
          'POST /api/v1/login',
          'GET /api/v1/user',
          'GET /api/v1/user/profile',
          'GET /api/v1/ngso-1/registration/status',
          'GET /api/v1/ebooks',
        ]),
      ),
    );
    // The name is drawn once the user's answer has been rendered, a moment after the calls above.
    expect(await screen.findByTestId('nav-user-name')).toHaveTextContent('Ayesha Rahman');
  });

  it('shows the spec login failure sentence when the server gives none', async () => {
    stubApi({ 'POST /api/v1/login': { status: 500, body: null } });
    const user = userEvent.setup();
    renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'ayesha@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to login. Please check your credentials.',
    );
  });

  it("shows the signed-in user's name and e-mail on /profile", async () => {
    stubApi(signedInHandlers);
    renderApp('/profile', { auth: signedInAuth });
    expect(await screen.findByTestId('profile-name')).toHaveTextContent('Ayesha Rahman');
    expect(screen.getByText('ayesha@example.com')).toBeVisible();
  });

  it('says so when the profile cannot be fetched', async () => {
    stubApi({
      ...signedInHandlers,
      'GET /api/v1/user/profile': {
        status: 500,
        body: { status: 'error', message: 'Something went wrong.' },
      },
    });
    renderApp('/profile', { auth: signedInAuth });
    expect(
      await screen.findByText('An error occurred while fetching user details. Please try again.'),
    ).toBeVisible();
  });

  it('only logs a failed registration status load and carries on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubApi({
      ...signedInHandlers,
      'GET /api/v1/ngso-1/registration/status': {
        status: 404,
        body: { status: 'error', message: 'Not found' },
      },
    });
    renderApp('/profile', { auth: signedInAuth });
    expect(await screen.findByTestId('profile-name')).toHaveTextContent('Ayesha Rahman');
    expect(warn).toHaveBeenCalled();
  });

  it('ends a persisted session quietly when the server answers 401', async () => {
    stubApi({
      'GET /api/v1/user': { status: 401, body: { status: 'error', message: 'Please log in to continue.' } },
      'GET /api/v1/user/profile': { status: 401, body: { status: 'error', message: 'Please log in.' } },
      'GET /api/v1/ngso-1/registration/status': { status: 401, body: { status: 'error', message: 'x' } },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { store, router } = renderApp('/profile', { auth: signedInAuth });
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('logs out through the Logging out screen and clears the session even when the call fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    const api = stubApi({
      ...signedInHandlers,
      'POST /api/v1/logout': () => new Promise((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    const { store, router } = renderApp('/profile', { auth: signedInAuth });
    await user.click(await screen.findByRole('button', { name: 'Account menu for Ayesha Rahman' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByTestId('logging-out-screen')).toHaveTextContent('Logging out...');
    answer({ status: 500, body: { status: 'error', message: 'Something went wrong.' } });

    await waitFor(() => expect(screen.queryByTestId('logging-out-screen')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/');
    expect(store.getState().auth).toMatchObject({ isAuthenticated: false, user: null, loggingOut: false });
    expect(screen.getByRole('link', { name: 'Register' })).toBeVisible();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Logout failed'), expect.anything());
    expect(api.calls.find((call) => call.method === 'POST')?.headers.get('X-Requested-With')).toBe(
      'XMLHttpRequest',
    );
  });

  it('shows the 404 page for an unknown path', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  it('serves /daily-quiz and /national-round-result with the same screen', async () => {
    stubApi(signedInHandlers);
    const { router } = renderApp('/daily-quiz', { auth: signedInAuth });
    expect(await screen.findByRole('heading', { name: 'National Round Result' })).toBeVisible();
    await router.navigate('/national-round-result');
    expect(await screen.findByRole('heading', { name: 'National Round Result' })).toBeVisible();
  });

  it('resets scroll on navigation, except between the registration form and its completion', async () => {
    stubApi(signedInHandlers);
    const { router } = renderApp('/national-round-registration', { auth: signedInAuth });
    await screen.findByRole('heading', { name: 'National Round Registration' });
    const scrollTo = vi.mocked(window.scrollTo);
    scrollTo.mockClear();

    await router.navigate('/national-round-registration-complete');
    await screen.findByRole('heading', { name: 'Registration Complete' });
    expect(scrollTo).not.toHaveBeenCalled();

    await router.navigate('/national-round-registration');
    await screen.findByRole('heading', { name: 'National Round Registration' });
    expect(scrollTo).not.toHaveBeenCalled();

    await router.navigate('/about');
    await screen.findByRole('heading', { name: 'About Us' });
    // The reset runs in an effect after the new page renders (under load, after the heading is found).
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
  });
});

describe('app start', () => {
  it('shows the Loading screen until the user check and the registration status have settled', async () => {
    let answer: (reply: { body: unknown }) => void = () => {};
    const api = stubApi({
      ...signedInHandlers,
      'GET /api/v1/ngso-1/registration/status': () => new Promise((resolve) => (answer = resolve)),
    });
    renderApp('/profile', { auth: signedInAuth });
    expect(await screen.findByTestId('loading-screen')).toHaveTextContent('Loading...');
    await waitFor(() => expect(api.keys()).toContain('GET /api/v1/ngso-1/registration/status'));
    await waitFor(() => expect(api.keys()).toContain('GET /api/v1/user'));
    expect(screen.getByTestId('loading-screen')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'My Profile' })).not.toBeInTheDocument();
    answer({ body: statusBody });
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeVisible();
    expect(screen.queryByTestId('loading-screen')).not.toBeInTheDocument();
  });

  it('asks for the reset token and e-mail when the link lacks them', async () => {
    renderApp('/reset-password?token=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is not complete.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
