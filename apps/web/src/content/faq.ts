import type { FaqItem } from './schemas.ts';

/**
 * Frequently asked questions (spec sections 6 and 9). In an answer, a line starting with '- ' is a
 * bullet; every other line is a paragraph.
 */
export const faq: readonly FaqItem[] = [
  {
    id: 'eligibility',
    question: { en: 'Who can register for the Final Round?' },
    answer: {
      en: 'Only those who took the Online Selection Round may register for the Final Round.\nRegister with the same e-mail address you used in the Online Selection Round.',
    },
  },
  {
    id: 'fee',
    question: { en: 'What is the registration fee?' },
    answer: {
      en: 'The Final Round registration fee is 299 Taka (BDT).\nPayment details are verified within about 24 hours.',
    },
  },
  {
    id: 'dates-venue',
    question: { en: 'When and where is the Final Round?' },
    answer: {
      en: 'The Final Round takes place on 26 and 27 December 2024 at a university campus.\nThe venue and your reporting time are printed on your admit card.',
    },
  },
  {
    id: 'prizes',
    question: { en: 'What are the prizes?' },
    answer: {
      en: 'Prize money of 100,000 Taka is shared among the winners.\nTop performers receive gold, silver and bronze medals.',
    },
  },
  {
    id: 'participants-get',
    question: { en: 'What does every participant get?' },
    answer: {
      en: 'Every Final Round participant receives:\n- A hard-copy certificate\n- A T-shirt\n- Gift vouchers\n- Snacks and drinks\n- Free transport from designated spots',
    },
  },
  {
    id: 'how-to-register',
    question: { en: 'How do I register?' },
    answer: {
      en: 'Registration takes five steps:\n- Create an account\n- Choose Final Round registration\n- Fill in the form\n- Pay the registration fee\n- Download your admit card once your registration is approved',
    },
  },
  {
    id: 'what-to-bring',
    question: { en: 'What should I bring on the day?' },
    answer: { en: 'Bring these with you:\n- A ballpoint pen\n- Your admit card' },
  },
  {
    id: 'calculators',
    question: { en: 'Are calculators allowed?' },
    answer: { en: 'No. Calculators are not allowed in the exam hall.' },
  },
  {
    id: 'conduct',
    question: { en: 'What are the rules of conduct?' },
    answer: {
      en: 'Smoking or inappropriate behaviour leads to disqualification or removal from the venue.',
    },
  },
];
