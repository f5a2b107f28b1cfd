import type { Tutorial } from './schemas.ts';

/**
 * The Tutorials carousel: eight videos on the video service. Thumbnails are shipped with the site
 * (decisions.md: no third-party request); each opens the video in a new tab. Placeholder addresses
 * (searches on the video service) until the organisers publish their own videos.
 */
const TOPICS: readonly { en: string; bn: string }[] = [
  { en: 'Forces and motion', bn: 'বল ও গতি' },
  { en: 'Atoms and molecules', bn: 'পরমাণু ও অণু' },
  { en: 'Cells and living things', bn: 'কোষ ও জীবজগৎ' },
  { en: 'Light and optics', bn: 'আলো ও আলোকবিজ্ঞান' },
  { en: 'Electricity and circuits', bn: 'বিদ্যুৎ ও বর্তনী' },
  { en: 'Acids, bases and salts', bn: 'এসিড, ক্ষার ও লবণ' },
  { en: 'Earth and space', bn: 'পৃথিবী ও মহাকাশ' },
  { en: 'Solving olympiad problems', bn: 'অলিম্পিয়াডের সমস্যা সমাধান' },
];

const BANGLA_DIGITS = '০১২৩৪৫৬৭৮৯';
const bangla = (n: number) => String(n).replace(/[0-9]/g, (d) => BANGLA_DIGITS[Number(d)] ?? d);

export const tutorials: readonly Tutorial[] = TOPICS.map((topic, i) => ({
  id: `tutorial-${i + 1}`,
  title: { en: `Tutorial ${i + 1}: ${topic.en}`, bn: `টিউটোরিয়াল ${bangla(i + 1)}: ${topic.bn}` },
  url: `https://www.youtube.com/results?search_query=${encodeURIComponent(`general science ${topic.en}`)}`,
  thumbnail: { src: `/images/tutorials/tutorial-${i + 1}.svg`, width: 480, height: 270 },
}));
