import type { Translation } from '../../resources.ts';
import type { ebooks as en } from '../en/ebooks.ts';

export const ebooks: Translation<typeof en> = {
  title: 'আমার পিডিএফ',
  intro: 'আপনার ই-বুক ও পড়ার উপকরণ।',
  loading: 'আপনার পিডিএফ লোড হচ্ছে...',
  error: 'আপনার পিডিএফ লোড করা যায়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
  tryAgain: 'আবার চেষ্টা করুন',
  emptyTitle: 'কোনো পিডিএফ নেই',
  emptyText: 'আপনার জন্য এখনো কোনো পিডিএফ নেই।',
  pageCount_one: '{{count}} পৃষ্ঠা',
  pageCount_other: '{{count}} পৃষ্ঠা',
  open: 'পিডিএফ খুলুন',
  openLabel: 'পিডিএফ খুলুন: {{title}}',
  thumbnail: '{{title}}-এর প্রচ্ছদ',

  'viewer.toolbar': 'পিডিএফ দেখার নিয়ন্ত্রণ',
  'viewer.zoomOut': 'ছোট করুন',
  'viewer.zoomIn': 'বড় করুন',
  'viewer.zoom': 'জুম {{percent}}%',
  'viewer.fullscreen': 'পূর্ণ পর্দা',
  'viewer.exitFullscreen': 'পূর্ণ পর্দা থেকে বের হন',
  'viewer.close': 'বন্ধ করুন',
  'viewer.previous': 'আগের পৃষ্ঠা',
  'viewer.next': 'পরের পৃষ্ঠা',
  'viewer.pageOf': 'পৃষ্ঠা {{page}} / {{total}}',
  'viewer.pageImage': '{{title}}-এর {{page}} নম্বর পৃষ্ঠা',
  'viewer.loadingPage': 'পৃষ্ঠা লোড হচ্ছে...',
  'viewer.pageFailed': 'এই পৃষ্ঠাটি লোড করা যায়নি। ইন্টারনেট সংযোগ দেখুন।',
  'viewer.retry': 'আবার চেষ্টা করুন',
  'viewer.pageArea': 'পৃষ্ঠা',
  'viewer.keys': 'পাতা ওল্টাতে তীর-চিহ্নের কী, আর বন্ধ করতে Escape চাপুন।',
};
