import type { Translation } from '../../resources.ts';
import type { verify as en } from '../en/verify.ts';

export const verify: Translation<typeof en> = {
  title: 'প্রবেশপত্র যাচাই',
  loading: 'প্রবেশপত্রটি যাচাই করা হচ্ছে...',
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
};
