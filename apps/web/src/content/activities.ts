import type { Activity } from './schemas.ts';

/** What each placeholder picture stands for; the organisers replace pictures and descriptions together. */
const SCENES = [
  'Students solving problems at an olympiad round',
  'A science fair project on display',
  'A team experiment in a school laboratory',
  'Finalists on stage at a prize giving',
  'A science discussion session with guests',
  'Volunteers welcoming participants at the venue',
  'A workshop on building simple circuits',
];

const TOTAL = 70;

/** The Our Activities carousel: about 70 pictures from past events (placeholders until then). */
export const activities: readonly Activity[] = Array.from({ length: TOTAL }, (_, i) => {
  const n = String(i + 1).padStart(2, '0');
  return {
    id: `activity-${n}`,
    image: { src: `/images/activities/activity-${n}.svg`, width: 480, height: 320 },
    alt: { en: `${SCENES[i % SCENES.length]} (placeholder picture ${i + 1} of ${TOTAL})` },
  };
});
