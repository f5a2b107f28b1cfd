import type { Translation } from '../../resources.ts';
import type { home as en } from '../en/home.ts';

export const home: Translation<typeof en> = {
  'hero.tagline': 'লুকিয়ে থাকা বিজ্ঞানীদের খোঁজে',
  'hero.title': 'জাতীয় সাধারণ বিজ্ঞান অলিম্পিয়াড',
  'hero.registerNow': 'এখনই নিবন্ধন করুন',
  'hero.login': 'লগইন',

  'categories.title': 'প্রতিযোগিতার ক্যাটাগরি',
  'categories.intro': 'শ্রেণি অনুযায়ী তিনটি ক্যাটাগরি, প্রতিটির আলাদা প্রাথমিক পর্ব।',
  'categories.tag': 'প্রাথমিক পর্ব',
  'categories.participants': 'অংশগ্রহণকারী',

  'promo.title': 'প্রথম সাধারণ বিজ্ঞান উৎসব',
  'promo.text': 'দেশের সবচেয়ে বিস্তৃত সাধারণ বিজ্ঞান অলিম্পিয়াড, যেখানে নানা বিষয়ে ও নানা শ্রেণির শিক্ষার্থীর মেধা যাচাই করা হয়।',
  'promo.registerNow': 'এখনই নিবন্ধন করুন',
  'promo.posterAlt': 'প্রথম সাধারণ বিজ্ঞান উৎসবের পোস্টার: তারাভরা আকাশের ওপর একটি পরমাণু',
  'promo.statistics': 'সংখ্যায় অলিম্পিয়াড',

  'partners.title': 'আমাদের সহযোগী',
  'partners.intro': 'বিভিন্ন স্কুল, একটি বিশ্ববিদ্যালয়, একটি বিজ্ঞান-শিক্ষা সংগঠন ও তরুণদের ফাউন্ডেশন আমাদের পাশে আছে।',

  'faq.title': 'সাধারণ জিজ্ঞাসা',
  'stayTuned.title': 'সঙ্গে থাকুন',
  'stayTuned.text': 'আমাদের নিউজলেটার শিগগিরই আসছে। নতুন খবরের জন্য সঙ্গে থাকুন!',

  'activities.title': 'আমাদের কার্যক্রম',
  'activities.label': 'আমাদের কার্যক্রমের ছবি',
  'tutorials.title': 'টিউটোরিয়াল',
  'tutorials.label': 'টিউটোরিয়াল ভিডিও',
  'tutorials.watch': 'ভিডিও সাইটে দেখুন',
  'tutorials.loading': 'টিউটোরিয়ালগুলো লোড হচ্ছে…',
  'tutorials.failed': 'টিউটোরিয়ালগুলো লোড করা যায়নি।',
};
