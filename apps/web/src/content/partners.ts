import type { Partner } from './schemas.ts';

/**
 * The ten partners (schools, a university, a science-education group, youth foundations). Placeholder
 * names, neutral generated emblems and reserved example.org addresses until the organisers supply theirs.
 */
const partner = (n: number, name: string): Partner => {
  const id = String(n).padStart(2, '0');
  return {
    id: `partner-${id}`,
    name: { en: name },
    logo: { src: `/images/partners/partner-${id}.svg`, width: 80, height: 80 },
    link: `https://example.org/partners/partner-${id}`,
  };
};

export const partners: readonly Partner[] = [
  partner(1, 'Partner School One'),
  partner(2, 'Government High School Partner'),
  partner(3, 'Model College Partner'),
  partner(4, 'Partner University'),
  partner(5, 'Science Education Group'),
  partner(6, 'Youth Science Foundation'),
  partner(7, 'Young Leaders Foundation'),
  partner(8, 'Residential School Partner'),
  partner(9, 'City Academy Partner'),
  partner(10, 'Discovery Foundation'),
];
