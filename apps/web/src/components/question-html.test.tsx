import type { QuestionImage } from '@ngso/shared/schemas/exam';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStore } from '../test/render.tsx';
import { BilingualQuestion, QuestionHtml } from './question-html.tsx';

const diagram = (n: number): QuestionImage => ({
  id: `d${n}`,
  url: `/api/v1/question-images/d${n}/phone`,
  zoom_url: `/api/v1/question-images/d${n}/zoom`,
  width: 960,
  height: 480,
  alt_en: `Circuit ${n}`,
  alt_bn: `বর্তনী ${n}`,
});

describe('QuestionHtml with diagrams', () => {
  it('puts each diagram where its marker is, and those no marker places after the text', async () => {
    renderWithStore(
      <QuestionHtml
        lang="en"
        html={'<p>Look:</p>\n<figure data-diagram="2"></figure>\n<p>Find I.</p>'}
        images={[diagram(1), diagram(2)]}
      />,
    );
    const placed = await screen.findByRole('img', { name: 'Circuit 2' });
    // Inside the server's figure, between the two paragraphs.
    expect(placed.closest('figure')?.getAttribute('data-diagram')).toBe('2');
    expect(placed.closest('figure')?.previousElementSibling?.textContent).toBe('Look:');
    const unplaced = screen.getByRole('img', { name: 'Circuit 1' });
    expect(unplaced.closest('figure')?.hasAttribute('data-diagram')).toBe(false);
    expect(screen.getAllByTestId('question-diagram')).toHaveLength(2);
  });

  it('shows the Bangla description in the Bangla text, and leaves the unplaced ones to the last block', async () => {
    renderWithStore(
      <BilingualQuestion
        englishHtml="<p>A</p>"
        banglaHtml={'<figure data-diagram="1"></figure>'}
        images={[diagram(1), diagram(2)]}
      />,
    );
    expect(await screen.findByRole('img', { name: 'বর্তনী 1' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Circuit 1' })).toBeNull();
    // Diagram 2, placed by neither text, once, after the Bangla text.
    expect(screen.getAllByRole('img', { name: /2$/ })).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'বর্তনী 2' }).closest('[lang]')?.getAttribute('lang')).toBe('bn');
  });

  it('a tap opens the larger size in a dialog', async () => {
    renderWithStore(<QuestionHtml lang="en" html="<p>A</p>" images={[diagram(1)]} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Diagram 1: Circuit 1. Tap to enlarge' }));
    const dialog = screen.getByRole('dialog', { name: 'Diagram 1' });
    expect(within(dialog).getByTestId('question-diagram-zoomed').getAttribute('src')).toBe(
      '/api/v1/question-images/d1/zoom',
    );
    // Without a connection, the size already on the page.
    fireEvent.error(within(dialog).getByTestId('question-diagram-zoomed'));
    expect(within(dialog).getByTestId('question-diagram-zoomed').getAttribute('src')).toBe(
      '/api/v1/question-images/d1/phone',
    );
  });
});
