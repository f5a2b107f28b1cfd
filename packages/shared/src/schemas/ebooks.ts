import { z } from 'zod';
import { msg, requiredString, text } from './common.ts';

/** An e-book of page images (spec section 3, PDF item). */
export const EbookSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string(),
  images: z.array(z.string()),
});
export type Ebook = z.infer<typeof EbookSchema>;

export const EbooksResponseSchema = z.object({ status: z.literal('success'), data: z.array(EbookSchema) });
export type EbooksResponse = z.infer<typeof EbooksResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The organisers' calls (/v1/admin/ebooks...).

/** At most this many pages in one e-book. */
export const EBOOK_MAX_PAGES = 500;
/** At most this many page images in one upload request. */
export const EBOOK_UPLOAD_MAX_FILES = 50;
/** A PDF to convert: at most this many megabytes and pages (split a larger book into several uploads). */
export const EBOOK_PDF_MAX_MEGABYTES = 50;
export const EBOOK_PDF_MAX_PAGES = 200;
/** The accepted files of the PDF input. */
export const PDF_ACCEPT = 'application/pdf,.pdf';

/** Create or edit an e-book: title, description, and its place in the list (1 first). */
export const EbookInputSchema = z.object({
  title: requiredString().max(200, msg('text.tooLong')),
  description: text({ lines: true, typeError: 'request.invalid' }).max(2000, msg('text.tooLong')).default(''),
  /** Optional when creating (the end of the list); kept as it is when editing without it. */
  position: z
    .number()
    .int(msg('ebook.position'))
    .min(1, msg('ebook.position'))
    .max(1000, msg('ebook.position'))
    .optional(),
});
export type EbookInput = z.input<typeof EbookInputSchema>;

/** Move one page to another place: `position` is its new page number (1 to the page count). */
export const PageMoveSchema = z.object({
  position: z
    .number()
    .int(msg('ebook.pagePosition'))
    .min(1, msg('ebook.pagePosition'))
    .max(10_000, msg('ebook.pagePosition')),
});

export const AdminEbookSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  position: z.number(),
  page_count: z.number(),
  /** What students see as the cover: the uploaded thumbnail, else page 1; null with neither. */
  thumbnail: z.string().nullable(),
  /** Whether an uploaded thumbnail is set (removing it brings back page 1). */
  custom_thumbnail: z.boolean(),
  created_at: z.string(),
});
export type AdminEbook = z.infer<typeof AdminEbookSchema>;

export const AdminEbookPageSchema = z.object({ page: z.number(), url: z.string(), size_bytes: z.number() });
export type AdminEbookPage = z.infer<typeof AdminEbookPageSchema>;

export const AdminEbookDetailSchema = AdminEbookSchema.extend({ pages: z.array(AdminEbookPageSchema) });
export type AdminEbookDetail = z.infer<typeof AdminEbookDetailSchema>;

export const AdminEbooksResponseSchema = z.object({
  status: z.literal('success'),
  data: z.array(AdminEbookSchema),
});
export const AdminEbookResponseSchema = z.object({
  status: z.literal('success'),
  data: AdminEbookDetailSchema,
});
/** After an upload: the e-book as it is now, and how many pages were added. */
export const EbookPagesAddedResponseSchema = AdminEbookResponseSchema.extend({ added: z.number() });
export type EbookPagesAdded = z.infer<typeof EbookPagesAddedResponseSchema>;
/** After removing an e-book: what was removed. */
export const EbookRemovedResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({ id: z.string(), title: z.string(), pages_removed: z.number() }),
});
