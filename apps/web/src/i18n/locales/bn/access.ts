import type { Translation } from '../../resources.ts';
import type { access as en } from '../en/access.ts';

export const access: Translation<typeof en> = {
  'verifyEmail.title': 'আপনার ইমেইল যাচাই করুন',
  'verifyEmail.pending': 'আপনার ইমেইল ঠিকানা যাচাই করা হচ্ছে...',
  'verifyEmail.error': 'আপনার ইমেইল ঠিকানা যাচাই করা যায়নি। লিংকটি আবার খুলে দেখুন।',
  'verifyEmail.incomplete':
    'যাচাইয়ের এই লিংকটি অসম্পূর্ণ। ইমেইল থেকে লিংকটি আবার খুলুন, অথবা প্রোফাইল থেকে নতুন একটি লিংক চেয়ে নিন।',
  'verifyEmail.toProfile': 'আপনার প্রোফাইলে যান',
  'verifyEmail.toLogin': 'লগইন করুন',

  'invitation.title': 'আয়োজক দলে যোগ দিন',
  'invitation.subtitle': 'আমন্ত্রণ গ্রহণ করতে আপনার নাম লিখুন এবং একটি পাসওয়ার্ড বেছে নিন।',
  'invitation.name': 'আপনার নাম',
  'invitation.submit': 'আমন্ত্রণ গ্রহণ করুন',
  'invitation.pending': 'গ্রহণ করা হচ্ছে...',
  'invitation.error': 'আমন্ত্রণটি গ্রহণ করা যায়নি। আবার চেষ্টা করুন।',
  'invitation.incomplete':
    'আমন্ত্রণের এই লিংকটি অসম্পূর্ণ। ইমেইল থেকে লিংকটি আবার খুলুন, অথবা আয়োজকদের কাছে নতুন একটি চেয়ে নিন।',

  'twoFactor.title': 'দুই ধাপে লগইন',
  'twoFactor.setupIntro':
    'আয়োজক ও পরীক্ষকেরা প্রতিটি লগইন একটি অথেনটিকেটর অ্যাপের কোড দিয়ে নিশ্চিত করেন (যেমন Google Authenticator, Microsoft Authenticator বা Aegis)। অ্যাপ দিয়ে এই QR কোডটি স্ক্যান করুন, তারপর অ্যাপে দেখানো ৬ অঙ্কের কোডটি লিখুন।',
  'twoFactor.qrAlt': 'এই অ্যাকাউন্টটি অথেনটিকেটর অ্যাপে যোগ করার QR কোড',
  'twoFactor.secretLabel': 'অ্যাপ স্ক্যান করতে না পারলে এই কী-টি অ্যাপে লিখুন:',
  'twoFactor.code': 'অ্যাপের কোড',
  'twoFactor.recoveryCode': 'রিকভারি কোড',
  'twoFactor.enable': 'দুই ধাপে লগইন চালু করুন',
  'twoFactor.enabling': 'চালু করা হচ্ছে...',
  'twoFactor.enabledNotice': 'দুই ধাপে লগইন চালু হয়েছে।',
  'twoFactor.verifyIntro': '{{email}}-এর জন্য আপনার অথেনটিকেটর অ্যাপে দেখানো ৬ অঙ্কের কোডটি লিখুন।',
  'twoFactor.verify': 'নিশ্চিত করুন',
  'twoFactor.verifying': 'নিশ্চিত করা হচ্ছে...',
  'twoFactor.useRecovery': 'এর বদলে রিকভারি কোড ব্যবহার করুন',
  'twoFactor.useCode': 'এর বদলে অ্যাপের কোড ব্যবহার করুন',
  'twoFactor.codesTitle': 'আপনার রিকভারি কোড',
  'twoFactor.codesIntro':
    'ফোন হারিয়ে গেলে এর প্রতিটি কোড দিয়ে একবার লগইন করা যাবে। কোডগুলো শুধু এখনই দেখানো হচ্ছে: লিখে রাখুন বা প্রিন্ট করুন, এবং নিরাপদ জায়গায় রাখুন।',
  'twoFactor.codesSaved': 'আমি কোডগুলো সংরক্ষণ করেছি',
  'twoFactor.error': 'কাজটি হয়নি। আবার চেষ্টা করুন।',
  'twoFactor.setupError': 'দুই ধাপে লগইন প্রস্তুত করা যায়নি। আবার চেষ্টা করুন।',
  'twoFactor.loading': 'লোড হচ্ছে...',
  'twoFactor.retry': 'আবার চেষ্টা করুন',
};
