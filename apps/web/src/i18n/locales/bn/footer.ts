import type { Translation } from '../../resources.ts';
import type { footer as en } from '../en/footer.ts';

export const footer: Translation<typeof en> = {
  quickLinks: 'দরকারি লিংক',
  aboutUs: 'আমাদের কথা',
  contact: 'যোগাযোগ',
  events: 'ইভেন্ট',
  faqs: 'সাধারণ জিজ্ঞাসা',
  team: 'টিম',
  contactUs: 'যোগাযোগ করুন',
  address: 'ঠিকানা',
  phone: 'ফোন',
  email: 'ই-মেইল',
  copyright: '© {{year}} {{name}}। সর্বস্বত্ব সংরক্ষিত।',
};
