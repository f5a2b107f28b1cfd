import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fetch-stub.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { TutorialsSection } from './tutorials-section.tsx';

const tutorial = (id: string, title: string, video: string) => ({
  id,
  title_en: title,
  title_bn: `বাংলা ${title}`,
  video_url: video,
  thumbnail: { url: `/api/v1/tutorials/${id}/thumbnail?v=abc`, width: 640, height: 360 },
});

/** Renders the section and scrolls (jsdom has no IntersectionObserver: a scroll brings the section near). */
function renderAndScroll() {
  const rendered = renderWithStore(<TutorialsSection />);
  fireEvent.scroll(window);
  return rendered;
}

describe('TutorialsSection', () => {
  it('reads nothing until the reader scrolls toward it; the pre-rendered placeholders keep its place', () => {
    const api = stubApi({});
    renderWithStore(<TutorialsSection />);
    expect(screen.getByRole('heading', { name: 'Tutorials' })).toBeInTheDocument();
    expect(screen.getByTestId('tutorials-carousel')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the tutorials organisers set, each opening its own video in a new tab', async () => {
    stubApi({
      'GET /api/v1/tutorials': {
        body: {
          status: 'success',
          data: [
            tutorial('t1', 'Forces and motion', 'https://www.youtube.com/watch?v=one'),
            tutorial('t2', 'Light and optics', 'https://videos.example.org/two'),
          ],
        },
      },
    });
    renderAndScroll();
    const carousel = await screen.findByTestId('tutorials-carousel');
    const links = await within(carousel).findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://www.youtube.com/watch?v=one',
      'https://videos.example.org/two',
    ]);
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(links[0]).toHaveTextContent('Forces and motion');
    expect(links[0]?.querySelector('img')).toHaveAttribute('src', '/api/v1/tutorials/t1/thumbnail?v=abc');
  });

  it('shows nothing at all when no tutorial is set', async () => {
    const api = stubApi({ 'GET /api/v1/tutorials': { body: { status: 'success', data: [] } } });
    const { container } = renderAndScroll();
    await expect.poll(() => api.calls.length).toBe(1);
    await expect.poll(() => container.innerHTML).toBe('');
  });

  it('says so when the list cannot be loaded, and Try again loads it', async () => {
    let fail = true;
    stubApi({
      'GET /api/v1/tutorials': () =>
        fail
          ? { status: 503, body: { status: 'error', message: 'Busy.' } }
          : { body: { status: 'success', data: [tutorial('t1', 'Atoms', 'https://videos.example.org/a')] } },
    });
    renderAndScroll();
    expect(await screen.findByTestId('tutorials-failed')).toHaveTextContent(
      'The tutorials could not be loaded.',
    );
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Atoms/ })).toHaveAttribute(
      'href',
      'https://videos.example.org/a',
    );
  });
});
