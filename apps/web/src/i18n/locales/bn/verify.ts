import type { Translation } from '../../resources.ts';
import type { verify as en } from '../en/verify.ts';

export const verify: Translation<typeof en> = {
  title: 'যাচাই',
  loading: 'যাচাই করা হচ্ছে...',
  valid: 'এই প্রবেশপত্রটি আয়োজকদের দেওয়া।',
  name: 'নাম',
  rollNumber: 'রোল নম্বর',
  category: 'ক্যাটাগরি',
  status: 'অবস্থা',
  'category.junior': 'জুনিয়র',
  'category.senior': 'সিনিয়র',
  'category.secondary': 'সেকেন্ডারি',
  'status.pending': 'যাচাইয়ের অপেক্ষায়',
  'status.approved': 'অনুমোদিত',
  'status.rejected': 'অনুমোদিত হয়নি',
  notFound: 'এই কোডের সঙ্গে কোনো প্রবেশপত্র মেলেনি।',
  error: 'প্রবেশপত্রটি যাচাই করা যায়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
  tryAgain: 'আবার চেষ্টা করুন',
  'certificate.genuine': 'এই সনদপত্রটি আসল: আয়োজকরাই এটি দিয়েছেন।',
  'certificate.award': 'পুরস্কার',
  'certificate.year': 'বছর',
  'certificate.award.gold': 'ফিউচার সায়েন্টিস্ট অ্যাওয়ার্ড: স্বর্ণ',
  'certificate.award.silver': 'ফিউচার সায়েন্টিস্ট অ্যাওয়ার্ড: রৌপ্য',
  'certificate.award.bronze': 'ফিউচার সায়েন্টিস্ট অ্যাওয়ার্ড: ব্রোঞ্জ',
  'certificate.award.prize': 'অনারেবল মেনশন',
  'certificate.award.participation': 'অংশগ্রহণ',
};
