import { z } from 'zod';

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
