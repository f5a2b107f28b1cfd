import { toBanglaDigits } from '@ngso/shared/language';
import type { Activity } from './schemas.ts';

/** What each placeholder picture stands for; the organisers replace pictures and descriptions together. */
const SCENES: readonly { en: string; bn: string }[] = [
  {
    en: 'Students solving problems at an olympiad round',
    bn: 'অলিম্পিয়াডের একটি পর্বে শিক্ষার্থীরা সমস্যা সমাধান করছে',
  },
  { en: 'A science fair project on display', bn: 'বিজ্ঞান মেলায় প্রদর্শিত একটি প্রকল্প' },
  { en: 'A team experiment in a school laboratory', bn: 'স্কুলের ল্যাবরেটরিতে দলবেঁধে পরীক্ষা-নিরীক্ষা' },
  { en: 'Finalists on stage at a prize giving', bn: 'পুরস্কার বিতরণীর মঞ্চে ফাইনালিস্টরা' },
  { en: 'A science discussion session with guests', bn: 'অতিথিদের সঙ্গে একটি বিজ্ঞান আলোচনা' },
  {
    en: 'Volunteers welcoming participants at the venue',
    bn: 'অনুষ্ঠানস্থলে অংশগ্রহণকারীদের স্বাগত জানাচ্ছেন স্বেচ্ছাসেবকেরা',
  },
  { en: 'A workshop on building simple circuits', bn: 'সহজ সার্কিট বানানোর একটি কর্মশালা' },
];

const bangla = (n: number) => toBanglaDigits(String(n));

const TOTAL = 70;

/** The Our Activities carousel: about 70 pictures from past events (placeholders until then). */
export const activities: readonly Activity[] = Array.from({ length: TOTAL }, (_, i) => {
  const n = String(i + 1).padStart(2, '0');
  return {
    id: `activity-${n}`,
    image: { src: `/images/activities/activity-${n}.svg`, width: 480, height: 320 },
    alt: {
      en: `${SCENES[i % SCENES.length]?.en} (placeholder picture ${i + 1} of ${TOTAL})`,
      bn: `${SCENES[i % SCENES.length]?.bn} (নমুনা ছবি, ${bangla(TOTAL)}টির মধ্যে ${bangla(i + 1)} নম্বর)`,
    },
  };
});
