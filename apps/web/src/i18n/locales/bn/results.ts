import type { Translation } from '../../resources.ts';
import type { results as en } from '../en/results.ts';

export const results: Translation<typeof en> = {
  loading: 'আপনার ফলাফল লোড হচ্ছে...',
  error: 'আপনার ফলাফল লোড করা যায়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
  tryAgain: 'আবার চেষ্টা করুন',
  notOut: 'ফলাফল এখনো প্রকাশিত হয়নি।',
  total: 'মোট',
  rank: 'মেধাক্রম',
  award: 'পুরস্কার',
  outOf: '{{marks}} / {{total}}',
  rankOf: '{{participants}} জনের মধ্যে {{rank}}',
  noAward: 'পুরস্কার নেই',
  'award.gold': 'ফিউচার সায়েন্টিস্ট অ্যাওয়ার্ড: স্বর্ণ',
  'award.silver': 'ফিউচার সায়েন্টিস্ট অ্যাওয়ার্ড: রৌপ্য',
  'award.bronze': 'ফিউচার সায়েন্টিস্ট অ্যাওয়ার্ড: ব্রোঞ্জ',
  'award.prize': 'পুরস্কারপ্রাপ্ত',
  question: 'প্রশ্ন {{number}}',
  notGraded: 'মূল্যায়ন হয়নি (মোট {{total}})',
  comment: 'মন্তব্য:',
  'certificate.intro': 'আপনার সনদপত্র প্রস্তুত: অংশগ্রহণের সনদ, অথবা আপনার অর্জিত পুরস্কারের সনদ।',
  'certificate.download': 'সনদপত্র ডাউনলোড করুন',
  'certificate.pending': 'আপনার সনদপত্র তৈরি হচ্ছে...',
  'certificate.error': 'সনদপত্রটি ডাউনলোড করা যায়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
};
