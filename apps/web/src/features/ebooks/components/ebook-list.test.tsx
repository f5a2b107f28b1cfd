import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fetch-stub.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { EbookList } from './ebook-list.tsx';

const book = (pages: number) => ({
  id: 'book-1',
  title: 'Science Preparation E-book',
  description: 'An ebook to ace your preparation!',
  thumbnail: '/api/v1/ebooks/book-1/pages/1',
  images: Array.from({ length: pages }, (_, i) => `/api/v1/ebooks/book-1/pages/${i + 1}`),
});

describe('EbookList', () => {
  it("shows the empty state: 'No PDFs' and 'You have no PDFs available.'", async () => {
    stubApi({ 'GET /api/v1/ebooks': { body: { status: 'success', data: [] } } });
    renderWithStore(<EbookList />);
    const empty = await screen.findByTestId('ebooks-empty');
    expect(within(empty).getByRole('heading')).toHaveTextContent(/^No PDFs$/);
    expect(empty).toHaveTextContent('You have no PDFs available.');
  });

  it('shows each e-book as a card with thumbnail, title, description and page count, and opens the viewer', async () => {
    stubApi({ 'GET /api/v1/ebooks': { body: { status: 'success', data: [book(100)] } } });
    const user = userEvent.setup();
    renderWithStore(<EbookList />);
    expect(await screen.findByRole('heading', { name: 'Science Preparation E-book' })).toBeVisible();
    expect(screen.getByText('An ebook to ace your preparation!')).toBeVisible();
    expect(screen.getByTestId('ebook-page-count')).toHaveTextContent(/^100 pages$/);
    expect(screen.getByRole('img', { name: 'Cover of Science Preparation E-book' })).toHaveAttribute(
      'src',
      '/api/v1/ebooks/book-1/pages/1',
    );
    await user.click(screen.getByRole('button', { name: 'Open PDF: Science Preparation E-book' }));
    const viewer = await screen.findByRole('dialog', { name: 'Science Preparation E-book' });
    expect(within(viewer).getByTestId('viewer-page-of')).toHaveTextContent('Page 1 of 100');
    await user.click(within(viewer).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says one page for a one-page book', async () => {
    stubApi({ 'GET /api/v1/ebooks': { body: { status: 'success', data: [book(1)] } } });
    renderWithStore(<EbookList />);
    expect(await screen.findByTestId('ebook-page-count')).toHaveTextContent(/^1 page$/);
  });
});
