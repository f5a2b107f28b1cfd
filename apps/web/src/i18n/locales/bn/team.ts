import type { Translation } from '../../resources.ts';
import type { team as en } from '../en/team.ts';

export const team: Translation<typeof en> = {
  title: 'আমাদের টিম',
  underConstruction: 'কাজ চলছে',
  underConstructionText: 'এই পাতাটি আমরা গুছিয়ে নিচ্ছি। টিমের সঙ্গে পরিচিত হতে কিছুদিন পর আবার দেখুন।',
  departments: 'বিভাগসমূহ',
  allDepartments: 'সব',
};
