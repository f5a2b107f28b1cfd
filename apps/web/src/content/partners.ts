import type { Partner } from './schemas.ts';

/**
 * The ten partners (schools, a university, a science-education group, youth foundations). Placeholder
 * names, neutral generated emblems and reserved example.org addresses until the organisers supply theirs.
 */
const partner = (n: number, name: string, bn: string): Partner => {
  const id = String(n).padStart(2, '0');
  return {
    id: `partner-${id}`,
    name: { en: name, bn },
    logo: { src: `/images/partners/partner-${id}.svg`, width: 80, height: 80 },
    link: `https://example.org/partners/partner-${id}`,
  };
};

export const partners: readonly Partner[] = [
  partner(1, 'Partner School One', 'সহযোগী স্কুল এক'),
  partner(2, 'Government High School Partner', 'সহযোগী সরকারি উচ্চ বিদ্যালয়'),
  partner(3, 'Model College Partner', 'সহযোগী মডেল কলেজ'),
  partner(4, 'Partner University', 'সহযোগী বিশ্ববিদ্যালয়'),
  partner(5, 'Science Education Group', 'বিজ্ঞান শিক্ষা গ্রুপ'),
  partner(6, 'Youth Science Foundation', 'ইয়ুথ সায়েন্স ফাউন্ডেশন'),
  partner(7, 'Young Leaders Foundation', 'ইয়াং লিডার্স ফাউন্ডেশন'),
  partner(8, 'Residential School Partner', 'সহযোগী আবাসিক স্কুল'),
  partner(9, 'City Academy Partner', 'সহযোগী সিটি একাডেমি'),
  partner(10, 'Discovery Foundation', 'ডিসকভারি ফাউন্ডেশন'),
];
