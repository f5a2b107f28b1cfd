import type { Tutorial } from './schemas.ts';

/**
 * The Tutorials carousel: eight videos on the video service. Thumbnails are shipped with the site
 * (decisions.md: no third-party request); each opens the video in a new tab. Placeholder addresses
 * (searches on the video service) until the organisers publish their own videos.
 */
const TOPICS = [
  'Forces and motion',
  'Atoms and molecules',
  'Cells and living things',
  'Light and optics',
  'Electricity and circuits',
  'Acids, bases and salts',
  'Earth and space',
  'Solving olympiad problems',
];

export const tutorials: readonly Tutorial[] = TOPICS.map((topic, i) => ({
  id: `tutorial-${i + 1}`,
  title: { en: `Tutorial ${i + 1}: ${topic}` },
  url: `https://www.youtube.com/results?search_query=${encodeURIComponent(`general science ${topic}`)}`,
  thumbnail: { src: `/images/tutorials/tutorial-${i + 1}.svg`, width: 480, height: 270 },
}));
