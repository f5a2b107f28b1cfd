import {
  AdminEbookResponseSchema,
  AdminEbooksResponseSchema,
  EBOOK_PDF_MAX_MEGABYTES,
  EBOOK_PDF_MAX_PAGES,
  EBOOK_UPLOAD_MAX_FILES,
  EbookInputSchema,
  EbookPagesAddedResponseSchema,
  EbookRemovedResponseSchema,
  PageMoveSchema,
} from '@ngso/shared/schemas/ebooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { CompetitionQuerySchema, errorResponses } from '../../lib/route-schemas.ts';
import { signedIn } from '../auth/session-plugin.ts';
import {
  addPageImages,
  addPdfPages,
  createEbook,
  ebookDetail,
  editEbook,
  listAdminEbooks,
  movePage,
  removeEbook,
  removePage,
  removeThumbnail,
  setThumbnail,
} from '../ebooks/ebooks-admin.service.ts';
import { readUpload, readUploads } from '../media/read-upload.ts';

const errors = errorResponses(401, 403, 404, 422);
const uploadErrors = errorResponses(400, 401, 403, 404, 413, 415, 422);
const EbookParams = z.object({ id: z.string().max(64) });
const PageParams = EbookParams.extend({ page: z.coerce.number().int().min(1).max(10_000) });

/**
 * Organisers manage the e-books of a competition: the books (title, description, order), their page
 * images (uploaded images, or a PDF rendered on the server), the order of the pages, and a thumbnail.
 */
export const adminEbookRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireRole('admin');
  const ctx = app.services;

  app.get(
    '/v1/admin/ebooks',
    {
      schema: {
        tags: ['admin'],
        summary: "A competition's e-books, in list order, with their page counts",
        querystring: CompetitionQuerySchema,
        response: { 200: AdminEbooksResponseSchema, ...errors },
      },
      preValidation: admin,
    },
    async (request) => ({
      status: 'success' as const,
      data: await listAdminEbooks(ctx, request.query.competition),
    }),
  );

  app.post(
    '/v1/admin/ebooks',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create an e-book (no pages yet: students see it once it has pages)',
        description: 'Without `position`, the e-book goes to the end of the list.',
        querystring: CompetitionQuerySchema,
        body: EbookInputSchema,
        response: { 201: AdminEbookResponseSchema, ...errors },
      },
      preValidation: admin,
    },
    async (request, reply) => {
      const data = await createEbook(ctx, signedIn(request).user, request.query.competition, request.body);
      reply.status(201);
      return { status: 'success' as const, data };
    },
  );

  app.get(
    '/v1/admin/ebooks/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One e-book with its pages, in order',
        params: EbookParams,
        response: { 200: AdminEbookResponseSchema, ...errors },
      },
      preValidation: admin,
    },
    async (request) => ({ status: 'success' as const, data: await ebookDetail(ctx, request.params.id) }),
  );

  app.put(
    '/v1/admin/ebooks/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "Edit an e-book's title, description and position",
        description: 'Without `position`, the e-book keeps its place.',
        params: EbookParams,
        body: EbookInputSchema,
        response: { 200: AdminEbookResponseSchema, ...errors },
      },
      preValidation: admin,
    },
    async (request) => ({
      status: 'success' as const,
      data: await editEbook(ctx, signedIn(request).user, request.params.id, request.body),
    }),
  );

  app.delete(
    '/v1/admin/ebooks/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove an e-book with its pages and thumbnail (the stored files too)',
        params: EbookParams,
        response: { 200: EbookRemovedResponseSchema, ...errors },
      },
      preValidation: admin,
    },
    async (request) => ({
      status: 'success' as const,
      data: await removeEbook(ctx, signedIn(request).user, request.params.id),
    }),
  );

  app.post(
    '/v1/admin/ebooks/:id/pages',
    {
      schema: {
        tags: ['admin'],
        summary: `Upload page images (multipart, field \`file\`, 1 to ${EBOOK_UPLOAD_MAX_FILES} files), appended in order`,
        description:
          'Each image goes through the upload pipeline: type from its bytes (415 otherwise), size and pixel limits (413), upright, metadata dropped, re-encoded as JPEG. All or none.',
        consumes: ['multipart/form-data'],
        params: EbookParams,
        response: { 200: EbookPagesAddedResponseSchema, ...uploadErrors },
      },
      preValidation: admin,
    },
    async (request) => {
      const files = readUploads(request, app.config.UPLOAD_MAX_MEGABYTES, EBOOK_UPLOAD_MAX_FILES);
      const { detail, added } = await addPageImages(ctx, signedIn(request).user, request.params.id, files);
      return { status: 'success' as const, data: detail, added };
    },
  );

  app.post(
    '/v1/admin/ebooks/:id/pdf',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Upload a PDF (multipart, field `file`); the server renders its pages as page images, appended',
        description: `At most ${EBOOK_PDF_MAX_MEGABYTES} MB (413) and ${EBOOK_PDF_MAX_PAGES} pages (422); 415 when the bytes are not a PDF; 422 when it cannot be read or takes too long; 429 when other PDFs are being converted; 503 when the server has no PDF renderer.`,
        consumes: ['multipart/form-data'],
        params: EbookParams,
        response: {
          200: EbookPagesAddedResponseSchema,
          ...uploadErrors,
          ...errorResponses(429, 503),
        },
      },
      preValidation: admin,
    },
    async (request) => {
      const upload = await readUpload(request, EBOOK_PDF_MAX_MEGABYTES).catch((err: unknown) => {
        if (err instanceof AppError && err.messageKey === 'media.tooLarge') {
          throw new AppError(413, 'ebook.pdfTooLarge', { params: { megabytes: EBOOK_PDF_MAX_MEGABYTES } });
        }
        throw err;
      });
      const { detail, added } = await addPdfPages(ctx, signedIn(request).user, request.params.id, upload);
      return { status: 'success' as const, data: detail, added };
    },
  );

  app.put(
    '/v1/admin/ebooks/:id/pages/:page',
    {
      schema: {
        tags: ['admin'],
        summary: 'Move a page: `position` is its new page number; the pages between shift by one',
        params: PageParams,
        body: PageMoveSchema,
        response: { 200: AdminEbookResponseSchema, ...errors },
      },
      preValidation: admin,
    },
    async (request) => ({
      status: 'success' as const,
      data: await movePage(
        ctx,
        signedIn(request).user,
        request.params.id,
        request.params.page,
        request.body.position,
      ),
    }),
  );

  app.delete(
    '/v1/admin/ebooks/:id/pages/:page',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove a page (and its stored file); the later pages move up by one',
        params: PageParams,
        response: { 200: AdminEbookResponseSchema, ...errors },
      },
      preValidation: admin,
    },
    async (request) => ({
      status: 'success' as const,
      data: await removePage(ctx, signedIn(request).user, request.params.id, request.params.page),
    }),
  );

  app.post(
    '/v1/admin/ebooks/:id/thumbnail',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set or replace the thumbnail (multipart, field `file`, one image)',
        description:
          'Through the same image pipeline as the pages. Without an uploaded thumbnail, page 1 is the cover.',
        consumes: ['multipart/form-data'],
        params: EbookParams,
        response: { 200: AdminEbookResponseSchema, ...uploadErrors },
      },
      preValidation: admin,
    },
    async (request) => {
      const upload = await readUpload(request, app.config.UPLOAD_MAX_MEGABYTES);
      return {
        status: 'success' as const,
        data: await setThumbnail(ctx, signedIn(request).user, request.params.id, upload),
      };
    },
  );

  app.delete(
    '/v1/admin/ebooks/:id/thumbnail',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove the uploaded thumbnail (page 1 is the cover again)',
        params: EbookParams,
        response: { 200: AdminEbookResponseSchema, ...errors },
      },
      preValidation: admin,
    },
    async (request) => ({
      status: 'success' as const,
      data: await removeThumbnail(ctx, signedIn(request).user, request.params.id),
    }),
  );
};
