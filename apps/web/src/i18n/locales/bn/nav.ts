import type { Translation } from '../../resources.ts';
import type { nav as en } from '../en/nav.ts';

export const nav: Translation<typeof en> = {
  home: 'হোম',
  about: 'আমাদের কথা',
  events: 'ইভেন্ট',
  team: 'টিম',
  register: 'নিবন্ধন',
  profile: 'প্রোফাইল',
  console: 'আয়োজকদের কনসোল',
  unsavedLogout: 'আপনার পরীক্ষার কিছু উত্তর এখনো সংরক্ষিত হয়নি। তবুও লগআউট করবেন?',
  logout: 'লগআউট',
  mainNavigation: 'প্রধান মেনু',
  openMenu: 'মেনু খুলুন',
  closeMenu: 'মেনু বন্ধ করুন',
  accountMenu: '{{name}}-এর অ্যাকাউন্ট মেনু',
  homeLink: '{{name}}, হোম পেজ',
  language: 'ভাষা',
};
