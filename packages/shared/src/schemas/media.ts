import { z } from 'zod';

/** `POST /v1/upload` (multipart field `file`): the stored image's address. */
export const UploadResponseSchema = z.object({ status: z.literal('success'), url: z.string() });
export type UploadResponse = z.infer<typeof UploadResponseSchema>;
