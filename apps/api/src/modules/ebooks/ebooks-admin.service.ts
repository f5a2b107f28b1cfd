import { readFile } from 'node:fs/promises';
import {
  type AdminEbook,
  type AdminEbookDetail,
  EBOOK_MAX_PAGES,
  EBOOK_PDF_MAX_PAGES,
  type EbookInputSchema,
} from '@ngso/shared/schemas/ebooks';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { newImageKey } from '../../lib/storage.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { UserRow } from '../auth/user.ts';
import { competitionByCodeOr404 } from '../competitions/competitions.service.ts';
import { processImage } from '../media/image-pipeline.ts';
import {
  deleteEbook,
  type EbookPageRow,
  type EbookRow,
  ebooksOfCompetition,
  findEbook,
  insertEbook,
  insertEbookPages,
  lockEbook,
  pagesOf,
  rewritePages,
  updateEbook,
} from './ebooks.repo.ts';
import { coverUrl, pagesByEbook, pageUrl } from './ebooks.service.ts';
import { renderPdf } from './render-pdf.ts';

type EbookInput = z.output<typeof EbookInputSchema>;
type Upload = { data: Buffer; fileName: string };
type StoredPage = Pick<EbookPageRow, 'storageKey' | 'sha256' | 'sizeBytes'>;

const ebookNotFound = () => new AppError(404, 'ebook.notFound');
const pageNotFound = () => new AppError(404, 'ebook.pageNotFound');
const tooManyPages = () => new AppError(422, 'ebook.tooManyPages', { params: { max: EBOOK_MAX_PAGES } });

export function toAdminEbook(book: EbookRow, pages: EbookPageRow[]): AdminEbook {
  return {
    id: book.id,
    title: book.title,
    description: book.description,
    position: book.position,
    page_count: pages.length,
    thumbnail: coverUrl(book, pages),
    custom_thumbnail: book.thumbnailKey !== null,
    created_at: book.createdAt.toISOString(),
  };
}

function toDetail(book: EbookRow, pages: EbookPageRow[]): AdminEbookDetail {
  return {
    ...toAdminEbook(book, pages),
    pages: pages.map((page) => ({
      page: page.page,
      url: pageUrl(book.id, page.page, page.sha256),
      size_bytes: page.sizeBytes,
    })),
  };
}

/** What the audit log keeps of an e-book. */
const auditView = (book: EbookRow, pageCount: number) => ({
  competition_id: book.competitionId,
  title: book.title,
  description: book.description,
  position: book.position,
  page_count: pageCount,
  custom_thumbnail: book.thumbnailKey !== null,
});

async function existingEbook(ctx: ServiceContext, id: string) {
  const book = isUuid(id) ? await findEbook(ctx.db, id) : undefined;
  if (!book) throw ebookNotFound();
  return book;
}

/** Locks the e-book for the rest of the transaction and reads its pages: changes to one book queue. */
async function lockedWithPages(tx: Executor, id: string) {
  const book = await lockEbook(tx, id);
  if (!book) throw ebookNotFound();
  return { book, pages: await pagesOf(tx, [id]) };
}

/**
 * Deletes stored files after their rows are gone. A file that cannot be deleted is left behind with a
 * process warning: the organiser's change happened, and an orphan file harms no one.
 */
async function deleteFiles(ctx: ServiceContext, keys: string[]) {
  for (const key of keys) {
    await ctx.storage.delete(key).catch((err: Error) => {
      process.emitWarning(`e-book file ${key} could not be deleted: ${err.message}`);
    });
  }
}

/** The e-books of a competition, in list order, with their page counts. */
export async function listAdminEbooks(ctx: ServiceContext, code: string) {
  const competition = await competitionByCodeOr404(ctx.db, code);
  const books = await ebooksOfCompetition(ctx.db, competition.id);
  const pages = await pagesByEbook(
    ctx,
    books.map((book) => book.id),
  );
  return books.map((book) => toAdminEbook(book, pages.get(book.id) ?? []));
}

export async function ebookDetail(ctx: ServiceContext, id: string) {
  const book = await existingEbook(ctx, id);
  return toDetail(book, await pagesOf(ctx.db, [id]));
}

export async function createEbook(ctx: ServiceContext, admin: UserRow, code: string, input: EbookInput) {
  const competition = await competitionByCodeOr404(ctx.db, code);
  return ctx.db.transaction(async (tx) => {
    const position =
      input.position ??
      Math.max(0, ...(await ebooksOfCompetition(tx, competition.id)).map((book) => book.position)) + 1;
    const book = await insertEbook(tx, {
      competitionId: competition.id,
      title: input.title,
      description: input.description,
      position,
      createdAt: ctx.clock.now(),
    });
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'ebook.create',
      targetType: 'ebook',
      targetId: book.id,
      after: auditView(book, 0),
      at: ctx.clock.now(),
    });
    return toDetail(book, []);
  });
}

export async function editEbook(ctx: ServiceContext, admin: UserRow, id: string, input: EbookInput) {
  await existingEbook(ctx, id);
  return ctx.db.transaction(async (tx) => {
    const { book: before, pages } = await lockedWithPages(tx, id);
    const book = await updateEbook(tx, id, {
      title: input.title,
      description: input.description,
      position: input.position ?? before.position,
    });
    if (!book) throw ebookNotFound();
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'ebook.update',
      targetType: 'ebook',
      targetId: id,
      before: auditView(before, pages.length),
      after: auditView(book, pages.length),
      at: ctx.clock.now(),
    });
    return toDetail(book, pages);
  });
}

/** Removes an e-book, its pages and its thumbnail: the rows first, then the stored files. */
export async function removeEbook(ctx: ServiceContext, admin: UserRow, id: string) {
  await existingEbook(ctx, id);
  const removed = await ctx.db.transaction(async (tx) => {
    const { book, pages } = await lockedWithPages(tx, id);
    await deleteEbook(tx, id);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'ebook.delete',
      targetType: 'ebook',
      targetId: id,
      before: auditView(book, pages.length),
      after: null,
      at: ctx.clock.now(),
    });
    return { book, pages };
  });
  await deleteFiles(ctx, [
    ...removed.pages.map((page) => page.storageKey),
    ...(removed.book.thumbnailKey ? [removed.book.thumbnailKey] : []),
  ]);
  return { id, title: removed.book.title, pages_removed: removed.pages.length };
}

/**
 * Each image through the upload pipeline (type from its bytes, pixel limit, upright, metadata dropped,
 * re-encoded as JPEG), then stored. At most `room` images; on any failure the ones stored are deleted.
 */
async function storeImages(ctx: ServiceContext, files: AsyncIterable<Upload>, room: number) {
  const stored: StoredPage[] = [];
  try {
    for await (const file of files) {
      if (stored.length >= room) throw tooManyPages();
      const image = await processImage(file.data, file.fileName);
      const storageKey = newImageKey();
      await ctx.storage.put(storageKey, image.data);
      stored.push({ storageKey, sha256: image.sha256, sizeBytes: image.data.length });
    }
  } catch (err) {
    await deleteFiles(
      ctx,
      stored.map((page) => page.storageKey),
    );
    throw err;
  }
  return stored;
}

/** Appends stored images as the e-book's next pages, in order; the files are deleted if that fails. */
async function appendPages(
  ctx: ServiceContext,
  admin: UserRow,
  id: string,
  stored: StoredPage[],
  audit: { action: string; source: string[] },
) {
  try {
    return await ctx.db.transaction(async (tx) => {
      const { book, pages } = await lockedWithPages(tx, id);
      if (pages.length + stored.length > EBOOK_MAX_PAGES) throw tooManyPages();
      await insertEbookPages(
        tx,
        stored.map((page, index) => ({ ...page, ebookId: id, page: pages.length + index + 1 })),
      );
      await recordAudit(tx, {
        actorId: admin.id,
        action: audit.action,
        targetType: 'ebook',
        targetId: id,
        before: { page_count: pages.length },
        after: { page_count: pages.length + stored.length, added: stored.length, files: audit.source },
        at: ctx.clock.now(),
      });
      return { detail: toDetail(book, await pagesOf(tx, [id])), added: stored.length };
    });
  } catch (err) {
    await deleteFiles(
      ctx,
      stored.map((page) => page.storageKey),
    );
    throw err;
  }
}

/** Page images uploaded by an organiser, appended in the order sent; all or none. */
export async function addPageImages(
  ctx: ServiceContext,
  admin: UserRow,
  id: string,
  files: AsyncIterable<Upload>,
) {
  const book = await existingEbook(ctx, id);
  const existing = (await pagesOf(ctx.db, [book.id])).length;
  const names: string[] = [];
  const named = (async function* () {
    for await (const file of files) {
      names.push(file.fileName);
      yield file;
    }
  })();
  const stored = await storeImages(ctx, named, EBOOK_MAX_PAGES - existing);
  return appendPages(ctx, admin, id, stored, { action: 'ebook.pages.add', source: names });
}

/** A PDF rendered to page images on the server, appended as the e-book's next pages; all or none. */
export async function addPdfPages(ctx: ServiceContext, admin: UserRow, id: string, upload: Upload) {
  const book = await existingEbook(ctx, id);
  const room = EBOOK_MAX_PAGES - (await pagesOf(ctx.db, [book.id])).length;
  if (room <= 0) throw tooManyPages();
  const rendered = await renderPdf(upload.data, { maxPages: EBOOK_PDF_MAX_PAGES, fileName: upload.fileName });
  try {
    if (rendered.pages.length > room) throw tooManyPages();
    const pages = (async function* () {
      for (const [index, file] of rendered.pages.entries()) {
        yield { data: await readFile(file), fileName: `${upload.fileName} (page ${index + 1})` };
      }
    })();
    const stored = await storeImages(ctx, pages, room);
    return await appendPages(ctx, admin, id, stored, {
      action: 'ebook.pages.pdf',
      source: [upload.fileName],
    });
  } finally {
    await rendered.cleanup();
  }
}

/** Moves one page to another place (1 to the page count); the pages between shift by one. */
export async function movePage(
  ctx: ServiceContext,
  admin: UserRow,
  id: string,
  page: number,
  position: number,
) {
  await existingEbook(ctx, id);
  return ctx.db.transaction(async (tx) => {
    const { book, pages } = await lockedWithPages(tx, id);
    const moving = pages[page - 1];
    if (!moving) throw pageNotFound();
    if (position > pages.length) {
      throw new AppError(422, 'ebook.pagePosition', { fieldErrors: { position: ['ebook.pagePosition'] } });
    }
    const order = pages.filter((_, index) => index !== page - 1);
    order.splice(position - 1, 0, moving);
    await rewritePages(tx, id, order);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'ebook.page.move',
      targetType: 'ebook',
      targetId: id,
      before: { page, sha256: moving.sha256 },
      after: { page: position, sha256: moving.sha256 },
      at: ctx.clock.now(),
    });
    return toDetail(book, await pagesOf(tx, [id]));
  });
}

/** Removes one page (the later ones move up by one) and its stored file. */
export async function removePage(ctx: ServiceContext, admin: UserRow, id: string, page: number) {
  await existingEbook(ctx, id);
  const result = await ctx.db.transaction(async (tx) => {
    const { book, pages } = await lockedWithPages(tx, id);
    const removed = pages[page - 1];
    if (!removed) throw pageNotFound();
    await rewritePages(
      tx,
      id,
      pages.filter((_, index) => index !== page - 1),
    );
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'ebook.page.delete',
      targetType: 'ebook',
      targetId: id,
      before: { page, sha256: removed.sha256, page_count: pages.length },
      after: { page_count: pages.length - 1 },
      at: ctx.clock.now(),
    });
    return { detail: toDetail(book, await pagesOf(tx, [id])), storageKey: removed.storageKey };
  });
  await deleteFiles(ctx, [result.storageKey]);
  return result.detail;
}

/** Sets or replaces the uploaded thumbnail (through the image pipeline); the previous file is deleted. */
export async function setThumbnail(ctx: ServiceContext, admin: UserRow, id: string, upload: Upload) {
  await existingEbook(ctx, id);
  const image = await processImage(upload.data, upload.fileName);
  const storageKey = newImageKey();
  await ctx.storage.put(storageKey, image.data);
  let result: { detail: AdminEbookDetail; previous: string | null };
  try {
    result = await ctx.db.transaction(async (tx) => {
      const { book: before, pages } = await lockedWithPages(tx, id);
      const book = await updateEbook(tx, id, { thumbnailKey: storageKey });
      if (!book) throw ebookNotFound();
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'ebook.thumbnail.set',
        targetType: 'ebook',
        targetId: id,
        before: { custom_thumbnail: before.thumbnailKey !== null },
        after: { custom_thumbnail: true, file: upload.fileName, sha256: image.sha256 },
        at: ctx.clock.now(),
      });
      return { detail: toDetail(book, pages), previous: before.thumbnailKey };
    });
  } catch (err) {
    await deleteFiles(ctx, [storageKey]);
    throw err;
  }
  if (result.previous) await deleteFiles(ctx, [result.previous]);
  return result.detail;
}

/** Removes the uploaded thumbnail: page 1 is the cover again. Nothing to remove is not an error. */
export async function removeThumbnail(ctx: ServiceContext, admin: UserRow, id: string) {
  await existingEbook(ctx, id);
  const result = await ctx.db.transaction(async (tx) => {
    const { book: before, pages } = await lockedWithPages(tx, id);
    if (!before.thumbnailKey) return { detail: toDetail(before, pages), previous: null };
    const book = await updateEbook(tx, id, { thumbnailKey: null });
    if (!book) throw ebookNotFound();
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'ebook.thumbnail.delete',
      targetType: 'ebook',
      targetId: id,
      before: { custom_thumbnail: true },
      after: { custom_thumbnail: false },
      at: ctx.clock.now(),
    });
    return { detail: toDetail(book, pages), previous: before.thumbnailKey };
  });
  if (result.previous) await deleteFiles(ctx, [result.previous]);
  return result.detail;
}
