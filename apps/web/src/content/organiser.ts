import type { Organiser } from './schemas.ts';

/**
 * The organiser's details, edited by the organisers. Placeholders until they supply the real ones.
 * Shown in the navigation bar, the footer and the copyright line. Shape: OrganiserSchema (schemas.ts).
 */
export const organiser: Organiser = {
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
};
