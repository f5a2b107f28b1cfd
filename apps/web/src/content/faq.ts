import type { FaqItem } from './schemas.ts';

/**
 * Frequently asked questions (spec sections 6 and 9). In an answer, a line starting with '- ' is a
 * bullet; every other line is a paragraph.
 */
export const faq: readonly FaqItem[] = [
  {
    id: 'eligibility',
    question: { en: 'Who can register for the Final Round?', bn: 'চূড়ান্ত পর্বে কারা নিবন্ধন করতে পারবে?' },
    answer: {
      en: 'Only those who took the Online Selection Round may register for the Final Round.\nRegister with the same e-mail address you used in the Online Selection Round.',
      bn: 'শুধু যারা অনলাইন বাছাই পর্বে অংশ নিয়েছে, তারাই চূড়ান্ত পর্বে নিবন্ধন করতে পারবে।\nঅনলাইন বাছাই পর্বে যে ইমেইল ঠিকানা ব্যবহার করেছিলেন, সেটি দিয়েই নিবন্ধন করুন।',
    },
  },
  {
    id: 'fee',
    question: { en: 'What is the registration fee?', bn: 'নিবন্ধন ফি কত?' },
    answer: {
      en: 'The Final Round registration fee is 299 Taka (BDT).\nPayment details are verified within about 24 hours.',
      bn: 'চূড়ান্ত পর্বের নিবন্ধন ফি ২৯৯ টাকা।\nমোটামুটি ২৪ ঘণ্টার মধ্যে পেমেন্টের তথ্য যাচাই করা হয়।',
    },
  },
  {
    id: 'dates-venue',
    question: { en: 'When and where is the Final Round?', bn: 'চূড়ান্ত পর্ব কবে এবং কোথায়?' },
    answer: {
      en: 'The Final Round takes place on 26 and 27 December 2024 at a university campus.\nThe venue and your reporting time are printed on your admit card.',
      bn: 'চূড়ান্ত পর্ব অনুষ্ঠিত হবে ২৬ ও ২৭ ডিসেম্বর ২০২৪, একটি বিশ্ববিদ্যালয় ক্যাম্পাসে।\nঅনুষ্ঠানস্থল ও আপনার উপস্থিতির সময় প্রবেশপত্রে ছাপা থাকবে।',
    },
  },
  {
    id: 'prizes',
    question: { en: 'What are the prizes?', bn: 'পুরস্কার কী কী?' },
    answer: {
      en: 'Prize money of 100,000 Taka is shared among the winners.\nTop performers receive gold, silver and bronze medals.',
      bn: 'বিজয়ীদের মধ্যে ১,০০,০০০ টাকার প্রাইজমানি ভাগ করে দেওয়া হবে।\nসেরা ফল করা শিক্ষার্থীরা পাবে স্বর্ণ, রৌপ্য ও ব্রোঞ্জ পদক।',
    },
  },
  {
    id: 'participants-get',
    question: { en: 'What does every participant get?', bn: 'প্রত্যেক অংশগ্রহণকারী কী কী পাবে?' },
    answer: {
      en: 'Every Final Round participant receives:\n- A hard-copy certificate\n- A T-shirt\n- Gift vouchers\n- Snacks and drinks\n- Free transport from designated spots',
      bn: 'চূড়ান্ত পর্বের প্রত্যেক অংশগ্রহণকারী পাবে:\n- ছাপানো সনদ\n- একটি টি-শার্ট\n- গিফট ভাউচার\n- নাশতা ও পানীয়\n- নির্দিষ্ট জায়গা থেকে বিনা খরচে যাতায়াত',
    },
  },
  {
    id: 'how-to-register',
    question: { en: 'How do I register?', bn: 'কীভাবে নিবন্ধন করব?' },
    answer: {
      en: 'Registration takes five steps:\n- Create an account\n- Choose Final Round registration\n- Fill in the form\n- Pay the registration fee\n- Download your admit card once your registration is approved',
      bn: 'নিবন্ধন পাঁচটি ধাপে:\n- অ্যাকাউন্ট খুলুন\n- চূড়ান্ত পর্বের নিবন্ধন বেছে নিন\n- ফর্ম পূরণ করুন\n- নিবন্ধন ফি পরিশোধ করুন\n- নিবন্ধন অনুমোদিত হলে প্রবেশপত্র ডাউনলোড করুন',
    },
  },
  {
    id: 'what-to-bring',
    question: { en: 'What should I bring on the day?', bn: 'পরীক্ষার দিন সঙ্গে কী আনতে হবে?' },
    answer: {
      en: 'Bring these with you:\n- A ballpoint pen\n- Your admit card',
      bn: 'সঙ্গে আনবেন:\n- একটি বলপয়েন্ট কলম\n- আপনার প্রবেশপত্র',
    },
  },
  {
    id: 'calculators',
    question: { en: 'Are calculators allowed?', bn: 'ক্যালকুলেটর ব্যবহার করা যাবে?' },
    answer: {
      en: 'No. Calculators are not allowed in the exam hall.',
      bn: 'না। পরীক্ষার হলে ক্যালকুলেটর ব্যবহার করা যাবে না।',
    },
  },
  {
    id: 'conduct',
    question: { en: 'What are the rules of conduct?', bn: 'আচরণবিধি কী?' },
    answer: {
      en: 'Smoking or inappropriate behaviour leads to disqualification or removal from the venue.',
      bn: 'ধূমপান বা অশোভন আচরণ করলে অযোগ্য ঘোষণা করা হবে অথবা অনুষ্ঠানস্থল থেকে বের করে দেওয়া হবে।',
    },
  },
];
