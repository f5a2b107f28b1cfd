import type { Category } from '@ngso/shared/constants';
import type { Language } from '@ngso/shared/language';
import type { CertificateAward } from '@ngso/shared/schemas/certificates';

/** Everything printed on a certificate that is not the finalist's own record, in the certificate's language. */
export type CertificateWords = {
  organiser: string;
  title: string;
  certify: string;
  tookPart: string;
  /** The sentence of the award; empty for participation. */
  awardLine: string;
  labels: { category: string; award: string; date: string; verify: string; code: string };
  category: string;
  award: string;
};

const TEXT = {
  en: {
    organiser: 'National General Science Olympiad',
    achievement: 'Certificate of Achievement',
    participation: 'Certificate of Participation',
    certify: 'This is to certify that',
    tookPart: (competition: string) => `took part in the final round of the ${competition}`,
    awards: {
      gold: 'Future Scientist Award: Gold',
      silver: 'Future Scientist Award: Silver',
      bronze: 'Future Scientist Award: Bronze',
      prize: 'Honourable Mention',
      participation: 'Participation',
    },
    awardLine: (award: string) => `and won the ${award}.`,
    mentionLine: 'and received an Honourable Mention.',
    labels: {
      category: 'Category',
      award: 'Award',
      date: 'Date',
      verify: 'Scan to verify',
      code: 'Certificate code',
    },
    categories: {
      junior: 'Junior (classes 6-8)',
      senior: 'Senior (classes 9-10)',
      secondary: 'Secondary (classes 11-12)',
    },
  },
  bn: {
    organiser: 'জাতীয় সাধারণ বিজ্ঞান অলিম্পিয়াড',
    achievement: 'কৃতিত্বের সনদপত্র',
    participation: 'অংশগ্রহণের সনদপত্র',
    certify: 'এই মর্মে প্রত্যয়ন করা যাচ্ছে যে',
    tookPart: () => 'জাতীয় সাধারণ বিজ্ঞান অলিম্পিয়াডের চূড়ান্ত পর্বে অংশগ্রহণ করেছে',
    awards: {
      gold: 'ফিউচার সায়েন্টিস্ট অ্যাওয়ার্ড: স্বর্ণ',
      silver: 'ফিউচার সায়েন্টিস্ট অ্যাওয়ার্ড: রৌপ্য',
      bronze: 'ফিউচার সায়েন্টিস্ট অ্যাওয়ার্ড: ব্রোঞ্জ',
      prize: 'অনারেবল মেনশন',
      participation: 'অংশগ্রহণ',
    },
    awardLine: (award: string) => `এবং ${award} অর্জন করেছে।`,
    mentionLine: 'এবং অনারেবল মেনশন অর্জন করেছে।',
    labels: {
      category: 'ক্যাটাগরি',
      award: 'পুরস্কার',
      date: 'তারিখ',
      verify: 'যাচাই করতে স্ক্যান করুন',
      code: 'সনদ কোড',
    },
    categories: {
      junior: 'জুনিয়র (৬ষ্ঠ-৮ম শ্রেণি)',
      senior: 'সিনিয়র (৯ম-১০ম শ্রেণি)',
      secondary: 'সেকেন্ডারি (১১শ-১২শ শ্রেণি)',
    },
  },
} satisfies Record<Language, unknown>;

/** The certificate's words for an award (or participation) in English or Bangla. */
export function certificateWords(
  language: Language,
  competition: string,
  category: Category,
  award: CertificateAward,
): CertificateWords {
  const text = TEXT[language];
  const awardName = text.awards[award];
  return {
    organiser: text.organiser,
    title: award === 'participation' ? text.participation : text.achievement,
    certify: text.certify,
    tookPart: text.tookPart(competition),
    awardLine:
      award === 'participation' ? '' : award === 'prize' ? text.mentionLine : text.awardLine(awardName),
    labels: text.labels,
    category: text.categories[category],
    award: awardName,
  };
}
