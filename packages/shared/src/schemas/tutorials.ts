import { z } from 'zod';
import { msg, requiredString } from './common.ts';

/** A tutorial's thumbnail: made on the server from the uploaded image, 16:9, this size (JPEG). */
export const TUTORIAL_THUMBNAIL = { width: 640, height: 360 } as const;

/** A tutorial on the home page (`GET /v1/tutorials`): titles in both languages, the video, the thumbnail. */
export const TutorialSchema = z.object({
  id: z.string(),
  title_en: z.string(),
  title_bn: z.string(),
  video_url: z.string(),
  thumbnail: z.object({ url: z.string(), width: z.number(), height: z.number() }),
});
export type Tutorial = z.infer<typeof TutorialSchema>;

export const TutorialsResponseSchema = z.object({
  status: z.literal('success'),
  data: z.array(TutorialSchema),
});
export type TutorialsResponse = z.infer<typeof TutorialsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The organisers' calls (/v1/admin/tutorials...).

/** The video's address: an absolute http(s) URL (a `javascript:` or `data:` link must never reach the page). */
const VideoUrl = requiredString()
  .max(2000, msg('text.tooLong'))
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'tutorial.videoUrl' }));

/** Create or edit a tutorial: both titles, the video's address, and its place in the list (1 first). */
export const TutorialInputSchema = z.object({
  title_en: requiredString().max(200, msg('text.tooLong')),
  title_bn: requiredString().max(200, msg('text.tooLong')),
  video_url: VideoUrl,
  /** Optional when creating (the end of the list); kept as it is when editing without it. */
  position: z
    .number()
    .int(msg('tutorial.position'))
    .min(1, msg('tutorial.position'))
    .max(1000, msg('tutorial.position'))
    .optional(),
});
export type TutorialInput = z.input<typeof TutorialInputSchema>;

export const AdminTutorialSchema = z.object({
  id: z.string(),
  title_en: z.string(),
  title_bn: z.string(),
  video_url: z.string(),
  position: z.number(),
  /** The thumbnail's address, or null until an image is uploaded (the public page shows it from then on). */
  thumbnail: z.string().nullable(),
  created_at: z.string(),
});
export type AdminTutorial = z.infer<typeof AdminTutorialSchema>;

export const AdminTutorialResponseSchema = z.object({
  status: z.literal('success'),
  data: AdminTutorialSchema,
});
export const AdminTutorialsResponseSchema = z.object({
  status: z.literal('success'),
  data: z.array(AdminTutorialSchema),
});
