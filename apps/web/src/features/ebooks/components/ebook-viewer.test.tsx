import type { Ebook } from '@ngso/shared/schemas/ebooks';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageKey, zoomKey } from '../viewer-state.ts';
import { EbookViewer } from './ebook-viewer.tsx';

const ebook: Ebook = {
  id: 'book-1',
  title: 'Science Preparation E-book',
  description: 'An ebook to ace your preparation!',
  thumbnail: '/api/v1/ebooks/book-1/pages/1',
  images: Array.from({ length: 12 }, (_, i) => `/api/v1/ebooks/book-1/pages/${i + 1}`),
};

/** Every image the viewer asks for (rendered or prefetched). */
let requested: string[] = [];

beforeEach(() => {
  requested = [];
  const descriptor = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'src');
  vi.spyOn(HTMLImageElement.prototype, 'src', 'set').mockImplementation(function (
    this: HTMLImageElement,
    url,
  ) {
    requested.push(String(url));
    descriptor?.set?.call(this, url);
  });
});

afterEach(() => vi.restoreAllMocks());

const pageOf = () => screen.getByTestId('viewer-page-of');
const zoom = () => screen.getByTestId('viewer-zoom');

describe('EbookViewer', () => {
  it("shows one page at a time with 'Page X of N', and Previous/Next stay within the book", async () => {
    const user = userEvent.setup();
    render(<EbookViewer ebook={ebook} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Science Preparation E-book' })).toBeVisible();
    expect(pageOf()).toHaveTextContent('Page 1 of 12');
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(screen.getByRole('img')).toHaveAttribute('src', ebook.images[0]);
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(pageOf()).toHaveTextContent('Page 2 of 12');
    expect(screen.getByRole('img')).toHaveAttribute('src', ebook.images[1]);
    for (let i = 0; i < 15; i++) fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowRight' });
    expect(pageOf()).toHaveTextContent('Page 12 of 12');
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowLeft' });
    expect(pageOf()).toHaveTextContent('Page 11 of 12');
  });

  it('loads only the current page and prefetches the next, not the whole book', async () => {
    const user = userEvent.setup();
    render(<EbookViewer ebook={ebook} onClose={() => {}} />);
    expect(new Set(requested)).toEqual(new Set([ebook.images[0], ebook.images[1]]));
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(new Set(requested)).toEqual(new Set([ebook.images[0], ebook.images[1], ebook.images[2]]));
  });

  it('zooms by 10% between 50% and 300%', async () => {
    const user = userEvent.setup();
    render(<EbookViewer ebook={ebook} onClose={() => {}} />);
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    expect(zoom()).toHaveTextContent('100%');
    await user.click(zoomIn);
    expect(zoom()).toHaveTextContent('110%');
    expect(screen.getByRole('img')).toHaveStyle({ width: '110%' });
    for (let i = 0; i < 30; i++) if (!zoomIn.hasAttribute('disabled')) await user.click(zoomIn);
    expect(zoom()).toHaveTextContent('300%');
    expect(zoomIn).toBeDisabled();
    for (let i = 0; i < 30; i++) if (!zoomOut.hasAttribute('disabled')) await user.click(zoomOut);
    expect(zoom()).toHaveTextContent('50%');
    expect(zoomOut).toBeDisabled();
  });

  it('saves page and zoom per document and restores them when opened again', async () => {
    const user = userEvent.setup();
    const first = render(<EbookViewer ebook={ebook} onClose={() => {}} />);
    for (let i = 0; i < 4; i++) await user.click(screen.getByRole('button', { name: /Next/ }));
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(localStorage.getItem(pageKey('book-1'))).toBe('5');
    expect(localStorage.getItem(zoomKey('book-1'))).toBe('1.2');
    first.unmount();

    render(<EbookViewer ebook={ebook} onClose={() => {}} />);
    expect(pageOf()).toHaveTextContent('Page 5 of 12');
    expect(zoom()).toHaveTextContent('120%');
    expect(screen.getByRole('img')).toHaveAttribute('src', ebook.images[4]);
  });

  it('blocks right-click and mouse-down on the page', () => {
    render(<EbookViewer ebook={ebook} onClose={() => {}} />);
    const image = screen.getByRole('img');
    expect(fireEvent.contextMenu(image)).toBe(false);
    expect(fireEvent.mouseDown(image)).toBe(false);
    expect(fireEvent.contextMenu(screen.getByRole('dialog'))).toBe(false);
    expect(image).toHaveAttribute('draggable', 'false');
  });

  it('Escape and the close button close it', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<EbookViewer ebook={ebook} onClose={onClose} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
