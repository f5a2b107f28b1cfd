import { z } from 'zod';

/**
 * The shapes of the site content (src/content/*.ts). The content files import only the types, so the
 * browser never downloads zod for them; content.test.ts checks every file against these schemas.
 */

/** A text the organisers write, in English and (later) Bangla. English is the fallback. */
export const LocalisedTextSchema = z.object({ en: z.string().min(1), bn: z.string().min(1).optional() });

/** A picture shipped with the site: a path under public/, its size (no layout shift) and its description. */
export const ImageSchema = z.object({
  src: z.string().regex(/^\/images\/[\w/.-]+\.(svg|webp|avif|png|jpg)$/, 'a file under /images/'),
  /** Other widths of a raster picture, for srcset (e.g. { 480: '/images/a-480.webp' }). */
  srcset: z.record(z.string().regex(/^\d+$/), z.string()).optional(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

const httpsUrl = z.url({ protocol: /^https$/ });

export const OrganiserSchema = z.object({
  name: LocalisedTextSchema,
  shortName: z.string().min(1),
  about: LocalisedTextSchema,
  tagline: LocalisedTextSchema,
  address: LocalisedTextSchema,
  phone: z.string().min(1),
  email: z.email(),
});

export const CategorySchema = z.object({
  id: z.enum(['junior', 'senior', 'secondary']),
  title: LocalisedTextSchema,
  description: LocalisedTextSchema,
  /** Share of preliminary-round participants, in percent (e.g. 34.1). */
  participantPercentage: z.number().min(0).max(100),
});
export const CategoriesSchema = z.array(CategorySchema).length(3);

export const PartnerSchema = z.object({
  id: z.string().min(1),
  name: LocalisedTextSchema,
  logo: ImageSchema,
  link: httpsUrl,
});
export const PartnersSchema = z.array(PartnerSchema).min(1);

export const StatisticSchema = z.object({
  id: z.string().min(1),
  number: z.number().int().nonnegative(),
  label: LocalisedTextSchema,
  subtitle: LocalisedTextSchema,
});
export const StatisticsSchema = z.array(StatisticSchema).length(3);

/** A question and its answer; answer lines starting '- ' are shown as bullets, other lines as paragraphs. */
export const FaqItemSchema = z.object({
  id: z.string().min(1),
  question: LocalisedTextSchema,
  answer: LocalisedTextSchema,
});
export const FaqSchema = z.array(FaqItemSchema).min(1);

export const ActivitySchema = z.object({
  id: z.string().min(1),
  image: ImageSchema,
  alt: LocalisedTextSchema,
});
export const ActivitiesSchema = z.array(ActivitySchema).min(1);

export const EventSchema = z.object({
  id: z.string().min(1),
  title: LocalisedTextSchema,
  description: LocalisedTextSchema,
  status: z.enum(['upcoming', 'ongoing', 'past']),
  category: z.enum(['competition', 'workshop', 'festival']),
  /** ISO date-times with offset; shown in Asia/Dhaka. */
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  location: LocalisedTextSchema,
});
export const EventsSchema = z.array(EventSchema);

export const TeamMemberSchema = z.object({
  id: z.string().min(1),
  name: LocalisedTextSchema,
  role: LocalisedTextSchema,
  department: z.string().min(1),
});
export const TeamSchema = z
  .object({
    /** While false the Team page shows Under Construction and the directory stays hidden. */
    showMembers: z.boolean(),
    departments: z.array(z.object({ id: z.string().min(1), name: LocalisedTextSchema })).min(1),
    members: z.array(TeamMemberSchema),
  })
  .refine((team) => team.members.every((m) => team.departments.some((d) => d.id === m.department)), {
    message: 'every member belongs to a listed department',
  });

export type LocalisedText = z.infer<typeof LocalisedTextSchema>;
export type Image = z.infer<typeof ImageSchema>;
export type Organiser = z.infer<typeof OrganiserSchema>;
export type Category = z.infer<typeof CategorySchema>;
export type Partner = z.infer<typeof PartnerSchema>;
export type Statistic = z.infer<typeof StatisticSchema>;
export type FaqItem = z.infer<typeof FaqItemSchema>;
export type Activity = z.infer<typeof ActivitySchema>;
export type SiteEvent = z.infer<typeof EventSchema>;
export type TeamMember = z.infer<typeof TeamMemberSchema>;
export type Team = z.infer<typeof TeamSchema>;
