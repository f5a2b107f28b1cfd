import type { Organiser } from './schemas.ts';

/**
 * The organiser's details, edited by the organisers. Placeholders until they supply the real ones.
 * Shown in the navigation bar, the footer and the copyright line. Shape: OrganiserSchema (schemas.ts).
 */
export const organiser: Organiser = {
  name: { en: 'National General Science Olympiad', bn: 'জাতীয় সাধারণ বিজ্ঞান অলিম্পিয়াড' },
  shortName: 'NGSO',
  about: {
    en: 'Since 2020 we have run olympiads and competitions for school and college students across Bangladesh, fostering scientific innovation, collaboration, research excellence and support for young scientists.',
    bn: '২০২০ সাল থেকে আমরা সারা বাংলাদেশের স্কুল-কলেজের শিক্ষার্থীদের জন্য অলিম্পিয়াড ও প্রতিযোগিতার আয়োজন করছি, যাতে বৈজ্ঞানিক উদ্ভাবন, সহযোগিতা ও গবেষণায় উৎকর্ষ গড়ে ওঠে এবং তরুণ বিজ্ঞানীরা পাশে পায় আমাদের।',
  },
  tagline: {
    en: 'The National General Science Olympiad inspires the next generation of scientists through competitions and events.',
    bn: 'প্রতিযোগিতা আর নানা আয়োজনের মধ্য দিয়ে জাতীয় সাধারণ বিজ্ঞান অলিম্পিয়াড আগামী প্রজন্মের বিজ্ঞানীদের অনুপ্রাণিত করে।',
  },
  address: {
    en: 'Office address to be announced, Dhaka, Bangladesh',
    bn: 'অফিসের ঠিকানা পরে জানানো হবে, ঢাকা, বাংলাদেশ',
  },
  phone: '+880 1700-000000',
  email: 'info@example.org',
};
