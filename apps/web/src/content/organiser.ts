import { z } from 'zod';
import { LocalisedTextSchema } from './localised.ts';

/**
 * The organiser's details, edited by the organisers. Placeholders until they supply the real ones.
 * Shown in the navigation bar, the footer and the copyright line.
 */
export const OrganiserSchema = z.object({
  name: LocalisedTextSchema,
  shortName: z.string().min(1),
  about: LocalisedTextSchema,
  tagline: LocalisedTextSchema,
  address: LocalisedTextSchema,
  phone: z.string().min(1),
  email: z.email(),
});
export type Organiser = z.infer<typeof OrganiserSchema>;

export const organiser: Organiser = OrganiserSchema.parse({
  name: { en: 'National General Science Olympiad' },
  shortName: 'NGSO',
  about: {
    en: 'Since 2020 we have run olympiads and competitions for school and college students across Bangladesh, fostering scientific innovation, collaboration, research excellence and support for young scientists.',
  },
  tagline: {
    en: 'The National General Science Olympiad inspires the next generation of scientists through competitions and events.',
  },
  address: { en: 'Office address to be announced, Dhaka, Bangladesh' },
  phone: '+880 1700-000000',
  email: 'info@example.org',
});
