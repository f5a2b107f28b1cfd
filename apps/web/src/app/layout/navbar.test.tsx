import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/fetch-stub.ts';
import { renderApp, signedInAuth } from '../../test/render.tsx';

function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
}

const navStyle = () => screen.getByTestId('navbar').getAttribute('data-nav-style');

describe('navigation bar', () => {
  afterEach(() => scrollWindowTo(0));

  it('is transparent on / until scrolled more than 10 px', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: 'NATIONAL GENERAL SCIENCE OLYMPIAD' });
    expect(navStyle()).toBe('transparent');
    scrollWindowTo(10);
    expect(navStyle()).toBe('transparent');
    // The state follows the scroll event on the next render (a loaded machine may take a moment).
    scrollWindowTo(11);
    await waitFor(() => expect(navStyle()).toBe('solid'));
    scrollWindowTo(0);
    await waitFor(() => expect(navStyle()).toBe('transparent'));
  });

  it.each(['/login', '/register', '/forgot-password', '/reset-password'])(
    'is always transparent on %s',
    async (path) => {
      renderApp(path);
      await screen.findByRole('heading', { level: 1 });
      expect(navStyle()).toBe('transparent');
      scrollWindowTo(500);
      expect(navStyle()).toBe('transparent');
    },
  );

  it('is solid on /about', async () => {
    renderApp('/about');
    await screen.findByRole('heading', { name: 'About Us' });
    expect(navStyle()).toBe('solid');
  });

  it('offers the guest the four links and a Register button, also in the mobile menu', async () => {
    const user = userEvent.setup();
    renderApp('/about');
    await screen.findByRole('heading', { name: 'About Us' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Home', 'About', 'Events', 'Team', 'Register']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByTestId('mobile-menu');
    expect(menu).toHaveAttribute('id', 'mobile-menu');
    expect(menu).toHaveStyle({ maxHeight: '400px' });
    for (const name of ['Home', 'About', 'Events', 'Team', 'Register']) {
      expect(within(menu).getByRole('link', { name })).toBeInTheDocument();
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('mobile-menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('shows a signed-in user an initials avatar and name with a keyboard-operable menu', async () => {
    stubApi({
      'GET /api/v1/user': { body: { status: 'success', user: signedInAuth.user } },
      'GET /api/v1/user/profile': { status: 500, body: null },
      'GET /api/v1/ngso-1/registration/status': { status: 500, body: null },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp('/about', { auth: signedInAuth });
    const trigger = await screen.findByRole('button', { name: 'Account menu for Ayesha Rahman' });
    expect(within(trigger).getByText('AR')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();

    trigger.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});

describe('footer', () => {
  it.each(['/', '/about', '/events', '/team'])('shows the full footer on %s', async (path) => {
    renderApp(path);
    const footer = await screen.findByTestId('full-footer');
    expect(footer).toHaveAttribute('id', 'footer');
    for (const name of ['About Us', 'Contact', 'Events', 'FAQs', 'Team']) {
      expect(within(footer).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(footer).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/#footer');
    expect(within(footer).getByRole('link', { name: 'FAQs' })).toHaveAttribute('href', '/#faq');
    expect(footer).toHaveTextContent(
      'inspires the next generation of scientists through competitions and events.',
    );
  });

  it('shows only the copyright line elsewhere', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(screen.queryByTestId('full-footer')).not.toBeInTheDocument();
    expect(screen.getByTestId('copyright')).toHaveTextContent(
      `© ${new Date().getFullYear()} National General Science Olympiad. All Rights Reserved.`,
    );
  });
});
