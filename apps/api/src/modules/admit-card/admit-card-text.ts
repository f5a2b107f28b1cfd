import type { Category } from '@ngso/shared/constants';
import { OWN_TRANSPORT, PICKUP_SPOTS } from '@ngso/shared/pickup-spots';
import { type AdmitCardLabels, ENGLISH_LABELS } from './render-admit-card.ts';

export type CardLanguage = 'en' | 'bn';

const BANGLA_LABELS: AdmitCardLabels = {
  name: 'নাম',
  rollNumber: 'রোল নম্বর',
  category: 'বিভাগ',
  classLevel: 'শ্রেণি',
  institution: 'শিক্ষাপ্রতিষ্ঠান',
  onlineExam: 'অনলাইন পরীক্ষা',
  examDate: 'পরীক্ষার তারিখ',
  reportingTime: 'উপস্থিতির সময়',
  venue: 'ভেন্যু',
  departure: 'যাত্রার স্থান',
  instructionsTitle: 'নির্দেশনা',
  instructions: [
    'একটি বলপয়েন্ট কলম ও এই প্রবেশপত্র সঙ্গে আনবেন।',
    'ক্যালকুলেটর ব্যবহার করা যাবে না।',
    'ধূমপান বা অশোভন আচরণ করলে অযোগ্য ঘোষণা বা পরীক্ষাকক্ষ থেকে বের করে দেওয়া হবে।',
  ],
  verify: 'যাচাই করতে স্ক্যান করুন',
};

const TEXT = {
  en: {
    labels: ENGLISH_LABELS,
    organiser: 'National General Science Olympiad',
    title: (competition: string) => `${competition}: Final Round Admit Card`,
    categories: {
      junior: 'Junior (classes 6-8)',
      senior: 'Senior (classes 9-10)',
      secondary: 'Secondary (classes 11-12)',
    },
    ownTransport: 'Own transport',
  },
  bn: {
    labels: BANGLA_LABELS,
    organiser: 'জাতীয় সাধারণ বিজ্ঞান অলিম্পিয়াড',
    title: () => '১ম জাতীয় সাধারণ বিজ্ঞান অলিম্পিয়াড: চূড়ান্ত পর্বের প্রবেশপত্র',
    categories: {
      junior: 'জুনিয়র (৬ষ্ঠ-৮ম শ্রেণি)',
      senior: 'সিনিয়র (৯ম-১০ম শ্রেণি)',
      secondary: 'সেকেন্ডারি (১১শ-১২শ শ্রেণি)',
    },
    ownTransport: 'নিজস্ব যাতায়াত',
  },
} satisfies Record<CardLanguage, unknown>;

/** Everything printed on the card that does not come from the student's own record, in the card's language. */
export function admitCardText(
  language: CardLanguage,
  competition: string,
  category: Category,
  pickupSpot: string,
) {
  const text = TEXT[language];
  const spot =
    pickupSpot === OWN_TRANSPORT
      ? text.ownTransport
      : language === 'bn'
        ? (PICKUP_SPOTS.find((candidate) => candidate.name === pickupSpot)?.bn ?? pickupSpot)
        : pickupSpot;
  return {
    labels: text.labels,
    organiser: text.organiser,
    title: text.title(competition),
    category: text.categories[category],
    departure: spot,
  };
}
