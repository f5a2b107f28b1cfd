import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeXhr } from '../../../test/fake-xhr.ts';
import { stubApi, testUser } from '../../../test/fetch-stub.ts';
import { renderWithStore, signedInAuth } from '../../../test/render.tsx';
import { byName } from './ebook-pages.tsx';
import { EbooksPage } from './ebooks-page.tsx';

const admin = { ...testUser, id: 'a1', role: 'admin' as const };

const book = (pages: number) => ({
  id: 'b1',
  title: 'Forces and Motion',
  description: 'Newton’s laws',
  position: 2,
  page_count: pages,
  thumbnail: pages > 0 ? '/api/v1/ebooks/b1/pages/1?v=aaaaaaaaaaaa' : null,
  custom_thumbnail: false,
  created_at: '2026-11-22T10:00:00.000Z',
  pages: Array.from({ length: pages }, (_, i) => ({
    page: i + 1,
    url: `/api/v1/ebooks/b1/pages/${i + 1}?v=${String(i).repeat(12)}`,
    size_bytes: 1000,
  })),
});

function stub() {
  let pages = 0;
  const api = stubApi({
    'GET /api/v1/admin/ebooks': () => {
      const { pages: _list, ...summary } = book(pages);
      return { body: { status: 'success', data: [summary] } };
    },
    'GET /api/v1/admin/ebooks/b1': () => ({ body: { status: 'success', data: book(pages) } }),
    'DELETE /api/v1/admin/ebooks/b1': () => ({
      body: { status: 'success', data: { id: 'b1', title: 'Forces and Motion', pages_removed: pages } },
    }),
  });
  return { api, setPages: (count: number) => (pages = count) };
}

const render = () => renderWithStore(<EbooksPage />, { auth: { ...signedInAuth, user: admin } });
const file = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });

describe('EbooksPage', () => {
  it('lists e-books with order, title and pages, and removes one only after confirming, saying what it removed', async () => {
    const { api, setPages } = stub();
    setPages(3);
    render();
    const row = (await screen.findByRole('rowheader', { name: /^Forces and Motion/ })).closest(
      'tr',
    ) as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '3', expect.stringContaining('Pages')]);

    fireEvent.click(within(row).getByRole('button', { name: /^Remove\s*Forces and Motion$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the e-book?' });
    expect(dialog).toHaveTextContent('“Forces and Motion” and its 3 pages are removed for good');
    expect(api.keys()).not.toContain('DELETE /api/v1/admin/ebooks/b1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed “Forces and Motion” and its 3 pages.')).toBeInTheDocument();
    expect(api.keys()).toContain('DELETE /api/v1/admin/ebooks/b1');
  });

  it('uploads chosen pages one by one in the order of their names, with a progress bar, and reports a refusal', async () => {
    const { setPages } = stub();
    const sent = installFakeXhr();
    render();
    fireEvent.click(await screen.findByRole('button', { name: /^Pages\s*Forces and Motion$/ }));
    const panel = await screen.findByRole('region', { name: 'Pages of “Forces and Motion”' });
    expect(
      within(panel).getByText('No pages yet. Students see this e-book once it has pages.'),
    ).toBeInTheDocument();

    fireEvent.change(within(panel).getByLabelText('Page images'), {
      target: { files: [file('page-10.png'), file('page-2.png'), file('page-1.png')] },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Upload pages' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url).toMatch(/\/api\/v1\/admin\/ebooks\/b1\/pages$/);
    expect(sent[0]?.sentFile().name).toBe('page-1.png');
    expect(within(panel).getByText('Uploading page 1 of 3: page-1.png')).toBeInTheDocument();
    act(() => sent[0]?.progress(50, 100));
    expect(within(panel).getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '16',
    );
    setPages(1);
    act(() => sent[0]?.respond(200, { status: 'success', data: book(1), added: 1 }));

    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.sentFile().name).toBe('page-2.png');
    act(() => sent[1]?.respond(415, { status: 'error', message: 'page-2.png is not an image' }));
    expect(
      await within(panel).findByText(
        'Added 1 of 3 pages. page-2.png was not added: page-2.png is not an image',
      ),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    expect(within(panel).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(await within(panel).findByRole('img', { name: 'Page 1' })).toBeInTheDocument();
  });

  it('orders files by name with numbers as numbers', () => {
    const names = ['p10.jpg', 'p2.jpg', 'P1.jpg']
      .map(file)
      .sort(byName)
      .map((f) => f.name);
    expect(names).toEqual(['P1.jpg', 'p2.jpg', 'p10.jpg']);
  });
});
