import type { Translation } from '../../resources.ts';
import type { events as en } from '../en/events.ts';

export const events: Translation<typeof en> = {
  'hero.eyebrow': 'বিশেষ আয়োজন',
  'hero.title': 'জাতীয় সাধারণ বিজ্ঞান উৎসব',
  'hero.text': 'সারা বাংলাদেশের ষষ্ঠ থেকে দ্বাদশ শ্রেণির শিক্ষার্থীদের জন্য অলিম্পিয়াড, পরীক্ষা-নিরীক্ষা আর বিজ্ঞান আলোচনা।',
  'hero.registerNow': 'এখনই নিবন্ধন করুন',
  'list.title': 'ইভেন্ট',
  'status.upcoming': 'আসন্ন',
  'status.ongoing': 'চলমান',
  'status.past': 'সমাপ্ত',
  'category.competition': 'প্রতিযোগিতা',
  'category.workshop': 'কর্মশালা',
  'category.festival': 'উৎসব',
  date: 'তারিখ',
  time: 'সময়',
  location: 'স্থান',
  timeRange: '{{start}} থেকে {{end}}',
  'more.title': 'আরও ইভেন্ট আসছে',
  'more.link': 'শিগগিরই কী আসছে দেখুন',
  'comingSoon.title': 'শিগগিরই আসছে',
  'comingSoon.text': 'সারা দেশের শিক্ষার্থীদের জন্য আমরা নতুন ইভেন্ট ও সুবিধা তৈরি করছি।',
  'comingSoon.progress': 'অগ্রগতি',
  'comingSoon.complete': '{{percent}}% সম্পন্ন',
  'comingSoon.launch': 'চালুর সম্ভাব্য সময়: {{when}}',
  'comingSoon.back': 'ইভেন্টে ফিরে যান',
};
