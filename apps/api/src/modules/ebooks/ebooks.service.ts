import { isStaff } from '@ngso/shared/constants';
import type { Ebook } from '@ngso/shared/schemas/ebooks';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import type { UserRow } from '../auth/user.ts';
import {
  type EbookPageRow,
  type EbookRow,
  ebooksForApprovedUser,
  findEbook,
  findEbookPage,
  isApprovedIn,
  pagesOf,
} from './ebooks.repo.ts';

/**
 * The address of a page image. `v` names the page's content: the same address always shows the same
 * image, so the browser may keep it for a day even after organisers reorder or replace pages.
 */
export const pageUrl = (ebookId: string, page: number, sha256: string) =>
  `/api/v1/ebooks/${ebookId}/pages/${page}?v=${sha256.slice(0, 12)}`;

/** The address of an uploaded thumbnail (a new upload gets a new storage key, so a new address). */
export const thumbnailUrl = (ebookId: string, thumbnailKey: string) =>
  `/api/v1/ebooks/${ebookId}/thumbnail?v=${thumbnailKey.slice(0, 12)}`;

/** The cover students see: the uploaded thumbnail, else page 1; null with neither. */
export function coverUrl(book: EbookRow, pages: Array<Pick<EbookPageRow, 'page' | 'sha256'>>) {
  if (book.thumbnailKey) return thumbnailUrl(book.id, book.thumbnailKey);
  const first = pages[0];
  return first ? pageUrl(book.id, first.page, first.sha256) : null;
}

/** Pages grouped by e-book, in page order. */
export async function pagesByEbook(ctx: ServiceContext, ebookIds: string[]) {
  const byBook = new Map<string, EbookPageRow[]>();
  for (const page of await pagesOf(ctx.db, ebookIds)) {
    const list = byBook.get(page.ebookId) ?? [];
    list.push(page);
    byBook.set(page.ebookId, list);
  }
  return byBook;
}

/**
 * The spec's PDF list: filled only for approved registrants, otherwise empty. An e-book without pages
 * yet (organisers are still preparing it) is not listed.
 */
export async function listEbooks(ctx: ServiceContext, user: UserRow): Promise<Ebook[]> {
  const books = await ebooksForApprovedUser(ctx.db, user.id);
  const pages = await pagesByEbook(
    ctx,
    books.map((book) => book.id),
  );
  return books.flatMap((book) => {
    const list = pages.get(book.id) ?? [];
    const cover = coverUrl(book, list);
    if (list.length === 0 || !cover) return [];
    return [
      {
        id: book.id,
        title: book.title,
        description: book.description,
        thumbnail: cover,
        images: list.map((page) => pageUrl(book.id, page.page, page.sha256)),
      },
    ];
  });
}

async function mayRead(ctx: ServiceContext, viewer: UserRow, competitionId: string) {
  if (!isStaff(viewer.role) && !(await isApprovedIn(ctx.db, viewer.id, competitionId))) {
    throw new AppError(403, 'auth.forbidden');
  }
}

/** One page image, for approved registrants of the e-book's competition and for staff. */
export async function readablePage(ctx: ServiceContext, viewer: UserRow, ebookId: string, page: number) {
  const found = isUuid(ebookId) ? await findEbookPage(ctx.db, ebookId, page) : undefined;
  if (!found) throw notFound();
  await mayRead(ctx, viewer, found.competitionId);
  return found.page;
}

/** The uploaded thumbnail of an e-book, for the same readers as its pages; 404 when none is set. */
export async function readableThumbnail(ctx: ServiceContext, viewer: UserRow, ebookId: string) {
  const book = isUuid(ebookId) ? await findEbook(ctx.db, ebookId) : undefined;
  if (!book?.thumbnailKey) throw notFound();
  await mayRead(ctx, viewer, book.competitionId);
  return { storageKey: book.thumbnailKey };
}
