import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths.ts';
import { ScrollManager } from './scroll-manager.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <ScrollManager />
            <Outlet />
          </>
        ),
        children: [{ path: '*', element: <p>page</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return router;
}

describe('ScrollManager', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.scrollY = 0;
  });

  it('leaves a page that the reader scrolled while the app started where it is', () => {
    window.scrollY = 900;
    renderAt('/about');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls to the top on a navigation to another page', async () => {
    const router = renderAt('/about');
    window.scrollY = 900;
    await act(() => router.navigate('/events'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('keeps the scroll between the registration form and its completion page', async () => {
    const router = renderAt(paths.nationalRoundRegistration);
    window.scrollY = 900;
    await act(() => router.navigate(paths.nationalRoundRegistrationComplete));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
