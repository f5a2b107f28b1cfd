import type { Translation } from '../../resources.ts';
import type { pages as en } from '../en/pages.ts';

export const pages: Translation<typeof en> = {
  about: 'আমাদের কথা',
  events: 'ইভেন্ট',
  team: 'আমাদের টিম',
  myPdfs: 'আমার পিডিএফ',
  finalExam: 'চূড়ান্ত পরীক্ষা',
  submissionSuccess: 'পরীক্ষা জমা হয়েছে',
  examCountdown: 'পরীক্ষার কাউন্টডাউন',
  nationalRoundResult: 'জাতীয় পর্বের ফলাফল',
  nationalRoundRegistration: 'জাতীয় পর্বের নিবন্ধন',
  nationalRoundRegistrationComplete: 'নিবন্ধন সম্পন্ন',
};
