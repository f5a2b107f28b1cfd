import type { Ebook } from '@ngso/shared/schemas/ebooks';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import type { UserRow } from '../auth/auth.repo.ts';
import { ebooksForApprovedUser, findEbookPage, isApprovedIn, pageCounts } from './ebooks.repo.ts';

export const pageUrl = (ebookId: string, page: number) => `/api/v1/ebooks/${ebookId}/pages/${page}`;

/** The spec's PDF list: filled only for approved registrants, otherwise empty. */
export async function listEbooks(ctx: ServiceContext, user: UserRow): Promise<Ebook[]> {
  const books = await ebooksForApprovedUser(ctx.db, user.id);
  const counts = await pageCounts(
    ctx.db,
    books.map((book) => book.id),
  );
  return books.map((book) => {
    const pages = counts.get(book.id) ?? 0;
    return {
      id: book.id,
      title: book.title,
      description: book.description,
      thumbnail: pageUrl(book.id, 1),
      images: Array.from({ length: pages }, (_, i) => pageUrl(book.id, i + 1)),
    };
  });
}

/** One page image, for approved registrants of the e-book's competition and for staff. */
export async function readablePage(ctx: ServiceContext, viewer: UserRow, ebookId: string, page: number) {
  const found = isUuid(ebookId) ? await findEbookPage(ctx.db, ebookId, page) : undefined;
  if (!found) throw notFound();
  const isStaff = viewer.role === 'admin' || viewer.role === 'grader';
  if (!isStaff && !(await isApprovedIn(ctx.db, viewer.id, found.competitionId))) {
    throw new AppError(403, 'auth.forbidden');
  }
  return found.page;
}
