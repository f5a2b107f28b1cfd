import { screen, within } from '@testing-library/react';
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

describe('TutorialsSection', () => {
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
    renderWithStore(<TutorialsSection />);
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
    const { container } = renderWithStore(<TutorialsSection />);
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
    renderWithStore(<TutorialsSection />);
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
