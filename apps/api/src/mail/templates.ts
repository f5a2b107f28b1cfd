import { type Language, toBanglaDigits } from '@ngso/shared/language';
import { formatInDhaka } from '../lib/time.ts';
import type { NewMail } from './outbox.repo.ts';

/**
 * The mails, in the recipient's language (users.language; decisions.md, 'Language'). A recipient
 * without one gets English. Links, roll numbers and transaction details stay as they are.
 */
type Recipient = { name: string; email: string; language?: Language | null };

const SIGNATURE = '\n\n— National General Science Olympiad';
const SIGNATURE_BN = '\n\n— জাতীয় সাধারণ বিজ্ঞান অলিম্পিয়াড';

const inBangla = (to: Recipient) => to.language === 'bn';

export function passwordResetMail(to: Recipient, link: string, minutes: number): NewMail {
  if (inBangla(to)) {
    return {
      to: to.email,
      subject: 'আপনার পাসওয়ার্ড রিসেট করুন',
      text:
        `প্রিয় ${to.name},\n\n` +
        'আপনার জাতীয় সাধারণ বিজ্ঞান অলিম্পিয়াড অ্যাকাউন্টের পাসওয়ার্ড রিসেট করার অনুরোধ এসেছে (আশা করি আপনিই করেছেন)।\n\n' +
        `নতুন পাসওয়ার্ড দিতে ${toBanglaDigits(String(minutes))} মিনিটের মধ্যে এই লিংকটি খুলুন:\n${link}\n\n` +
        'লিংকটি একবারই কাজ করবে। রিসেটের পর আপনার অ্যাকাউন্টে লগইন করা সব ডিভাইস থেকে লগআউট হয়ে যাবে।\n\n' +
        'অনুরোধটি আপনি না করে থাকলে এই ইমেইলটি উপেক্ষা করুন: আপনার পাসওয়ার্ড যেমন আছে তেমনই থাকবে, আর এই লিংক ছাড়া কেউ তা বদলাতে পারবে না।' +
        SIGNATURE_BN,
    };
  }
  return {
    to: to.email,
    subject: 'Reset your password',
    text:
      `Hello ${to.name},\n\n` +
      'Someone (we hope you) asked to reset the password of your National General Science Olympiad account.\n\n' +
      `To choose a new password, open this link within ${minutes} minutes:\n${link}\n\n` +
      'The link works once. After the reset, every device signed in to your account is signed out.\n\n' +
      'If you did not ask for this, ignore this e-mail: your password stays as it is, and nobody can ' +
      'change it without this link.' +
      SIGNATURE,
  };
}

/** At registration (and on request): the link that proves the address is the owner's. */
export function verifyEmailMail(to: Recipient, link: string, hours: number): NewMail {
  if (inBangla(to)) {
    return {
      to: to.email,
      subject: 'আপনার ইমেইল ঠিকানা যাচাই করুন',
      text:
        `প্রিয় ${to.name},\n\n` +
        'জাতীয় সাধারণ বিজ্ঞান অলিম্পিয়াডে অ্যাকাউন্ট খোলার জন্য ধন্যবাদ। ঠিকানাটি যে আপনার, তা নিশ্চিত করতে ' +
        `${toBanglaDigits(String(hours))} ঘণ্টার মধ্যে এই লিংকটি খুলুন:\n${link}\n\n` +
        'প্রাথমিক পর্বের ফলাফল দেখা ও চূড়ান্ত পর্বে নিবন্ধনের আগে ঠিকানাটি যাচাই করা দরকার। লিংকটি একবারই কাজ করবে।\n\n' +
        'অ্যাকাউন্টটি আপনি না খুলে থাকলে এই ইমেইলটি উপেক্ষা করুন।' +
        SIGNATURE_BN,
    };
  }
  return {
    to: to.email,
    subject: 'Verify your email address',
    text:
      `Hello ${to.name},\n\n` +
      'Thank you for creating a National General Science Olympiad account. To confirm that this address is ' +
      `yours, open this link within ${hours} hours:\n${link}\n\n` +
      'Your address must be verified before you can see your preliminary result and register for the final ' +
      'round. The link works once.\n\n' +
      'If you did not create this account, ignore this e-mail.' +
      SIGNATURE,
  };
}

/** An organiser invites a grader or an admin: accepting sets the account's password and gives the role. */
export function staffInvitationMail(
  to: { email: string; language?: Language | null },
  role: 'grader' | 'admin',
  link: string,
  days: number,
): NewMail {
  if (to.language === 'bn') {
    const roleBn = role === 'admin' ? 'অ্যাডমিন' : 'পরীক্ষক (গ্রেডার)';
    return {
      to: to.email,
      subject: 'জাতীয় সাধারণ বিজ্ঞান অলিম্পিয়াডের আয়োজক দলে আমন্ত্রণ',
      text:
        `আপনাকে জাতীয় সাধারণ বিজ্ঞান অলিম্পিয়াডের কনসোলে ${roleBn} হিসেবে আমন্ত্রণ জানানো হয়েছে।\n\n` +
        `আমন্ত্রণ গ্রহণ করে নতুন পাসওয়ার্ড দিতে ${toBanglaDigits(String(days))} দিনের মধ্যে এই লিংকটি খুলুন:\n${link}\n\n` +
        'এই ঠিকানায় আগে থেকে অ্যাকাউন্ট থাকলে তার পাসওয়ার্ড বদলে যাবে এবং অন্য সব ডিভাইস থেকে লগআউট হয়ে যাবে। ' +
        'আমন্ত্রণটি প্রত্যাশিত না হলে এই ইমেইলটি উপেক্ষা করুন।' +
        SIGNATURE_BN,
    };
  }
  return {
    to: to.email,
    subject: 'You are invited to the National General Science Olympiad team',
    text:
      `You have been invited to the National General Science Olympiad console as ${
        role === 'admin' ? 'an admin' : 'a grader'
      }.\n\n` +
      `To accept and choose your password, open this link within ${days} days:\n${link}\n\n` +
      'If this address already has an account, its password is replaced and every other device is signed ' +
      'out. If you did not expect this invitation, ignore this e-mail.' +
      SIGNATURE,
  };
}

/**
 * After 100 wrong second-factor codes in a row (decision 066): the owner learns that someone who knows the
 * password is guessing codes, that an admin unlocks it, and how to change the password.
 */
export function secondFactorLockedMail(to: Recipient, forgotPasswordUrl: string, failures: number): NewMail {
  if (inBangla(to)) {
    return {
      to: to.email,
      subject: 'আপনার দুই ধাপে লগইন বন্ধ করা হয়েছে',
      text:
        `প্রিয় ${to.name},\n\n` +
        `আপনার জাতীয় সাধারণ বিজ্ঞান অলিম্পিয়াড অ্যাকাউন্টে পাসওয়ার্ড দিয়ে লগইনের পর পরপর ${toBanglaDigits(String(failures))} বার ভুল ` +
        'কোড দেওয়া হয়েছে, তাই যে ডিভাইস থেকে দেওয়া হয়েছে সেখানে আয়োজকদের কনসোল বন্ধ করা হয়েছে। অন্য একজন অ্যাডমিন ' +
        'কনসোলের Users পাতা থেকে এটি আবার চালু করতে পারবেন। যে ডিভাইসে আগে কোড দিয়ে লগইন করেছেন, সেগুলো চলবে।\n\n' +
        'কাজটি আপনি না করে থাকলে অন্য কেউ আপনার পাসওয়ার্ড জানে: এখনই এই লিংক থেকে নতুন পাসওয়ার্ড দিন:\n' +
        forgotPasswordUrl +
        SIGNATURE_BN,
    };
  }
  return {
    to: to.email,
    subject: 'Your two-step sign-in was locked',
    text:
      `Hello ${to.name},\n\n` +
      `After a sign-in with the password of your National General Science Olympiad account, ${failures} wrong ` +
      "codes were entered in a row, so the organisers' console is locked on the devices they came from. Another " +
      'admin can unlock it in the console (Users). Devices on which you entered a right code before still work.\n\n' +
      'If this was not you, someone knows your password: choose a new one now with this link:\n' +
      forgotPasswordUrl +
      SIGNATURE,
  };
}

/** After a signed-in change of the password: the owner learns of it, and how to take the account back. */
export function passwordChangedMail(to: Recipient, forgotPasswordUrl: string): NewMail {
  if (inBangla(to)) {
    return {
      to: to.email,
      subject: 'আপনার পাসওয়ার্ড বদলানো হয়েছে',
      text:
        `প্রিয় ${to.name},\n\n` +
        'আপনার জাতীয় সাধারণ বিজ্ঞান অলিম্পিয়াড অ্যাকাউন্টের পাসওয়ার্ড বদলানো হয়েছে। যে ডিভাইস থেকে বদলানো হয়েছে, ' +
        'সেটি ছাড়া অন্য সব ডিভাইস থেকে আপনার অ্যাকাউন্ট লগআউট হয়ে গেছে।\n\n' +
        'কাজটি আপনি করে থাকলে আর কিছু করতে হবে না।\n\n' +
        'আপনি না করে থাকলে এখনই এই লিংক থেকে নতুন পাসওয়ার্ড দিন। রিসেট করলে সব ডিভাইস থেকে লগআউট হয়ে যাবে:\n' +
        forgotPasswordUrl +
        SIGNATURE_BN,
    };
  }
  return {
    to: to.email,
    subject: 'Your password was changed',
    text:
      `Hello ${to.name},\n\n` +
      'The password of your National General Science Olympiad account was changed. Every device signed in to ' +
      'your account, except the one the change was made on, has been signed out.\n\n' +
      'If you made this change, there is nothing more to do.\n\n' +
      'If you did not, choose a new password now with this link. A reset signs out every device:\n' +
      forgotPasswordUrl +
      SIGNATURE,
  };
}

export function registrationReceivedMail(to: Recipient, competition: string): NewMail {
  if (inBangla(to)) {
    return {
      to: to.email,
      subject: 'চূড়ান্ত পর্বে আপনার নিবন্ধন আমরা পেয়েছি',
      text:
        `প্রিয় ${to.name},\n\n` +
        `${competition}-এর চূড়ান্ত পর্বে আপনার নিবন্ধন আমরা পেয়েছি।\n\n` +
        'এখন আপনার পেমেন্টের তথ্য যাচাই করা হচ্ছে, সাধারণত মোটামুটি ২৪ ঘণ্টা লাগে। নিবন্ধন অনুমোদিত হলেই আমরা আপনাকে ইমেইল করব, ' +
        'তখন প্রোফাইল থেকে প্রবেশপত্র ডাউনলোড করতে পারবেন।' +
        SIGNATURE_BN,
    };
  }
  return {
    to: to.email,
    subject: 'We received your final-round registration',
    text:
      `Hello ${to.name},\n\n` +
      `We received your registration for the final round of the ${competition}.\n\n` +
      'We are now checking your payment details. This usually takes about 24 hours. We will e-mail you as soon as ' +
      'your registration is approved, and you will then be able to download your admit card from your profile.' +
      SIGNATURE,
  };
}

export function registrationApprovedMail(
  to: Recipient,
  details: { competition: string; rollNumber: string; profileUrl: string },
): NewMail {
  if (inBangla(to)) {
    return {
      to: to.email,
      subject: 'চূড়ান্ত পর্বে আপনার নিবন্ধন অনুমোদিত হয়েছে',
      text:
        `প্রিয় ${to.name},\n\n` +
        `${details.competition}-এর চূড়ান্ত পর্বে আপনার নিবন্ধন অনুমোদিত হয়েছে। আপনার রোল নম্বর ` +
        `${details.rollNumber}।\n\n` +
        `প্রোফাইল থেকে আপনার প্রবেশপত্র ডাউনলোড করুন:\n${details.profileUrl}\n\n` +
        'চূড়ান্ত পর্বে একটি বলপয়েন্ট কলম আর প্রবেশপত্র সঙ্গে আনবেন। ক্যালকুলেটর ব্যবহার করা যাবে না।' +
        SIGNATURE_BN,
    };
  }
  return {
    to: to.email,
    subject: 'Your final-round registration is approved',
    text:
      `Hello ${to.name},\n\n` +
      `Your registration for the final round of the ${details.competition} is approved. Your roll number is ` +
      `${details.rollNumber}.\n\n` +
      `Download your admit card from your profile:\n${details.profileUrl}\n\n` +
      'Bring a ballpoint pen and your admit card to the final round. Calculators are not allowed.' +
      SIGNATURE,
  };
}

export function registrationRejectedMail(
  to: Recipient,
  details: { competition: string; reason: string; formUrl: string },
): NewMail {
  if (inBangla(to)) {
    return {
      to: to.email,
      subject: 'চূড়ান্ত পর্বে আপনার নিবন্ধনে একটি সংশোধন দরকার',
      text:
        `প্রিয় ${to.name},\n\n` +
        `${details.competition}-এর চূড়ান্ত পর্বে আপনার নিবন্ধন আমরা অনুমোদন করতে পারিনি।\n\n` +
        `কারণ: ${details.reason}\n\n` +
        `এখানে আপনার নিবন্ধন ঠিক করে আবার জমা দিন:\n${details.formUrl}` +
        SIGNATURE_BN,
    };
  }
  return {
    to: to.email,
    subject: 'Your final-round registration needs a correction',
    text:
      `Hello ${to.name},\n\n` +
      `We could not approve your registration for the final round of the ${details.competition}.\n\n` +
      `Reason: ${details.reason}\n\n` +
      `Please correct your registration here and submit it again:\n${details.formUrl}` +
      SIGNATURE,
  };
}

export function resultsPublishedMail(
  to: Recipient,
  details: { competition: string; resultUrl: string },
): NewMail {
  if (inBangla(to)) {
    return {
      to: to.email,
      subject: 'চূড়ান্ত পর্বে আপনার ফলাফল প্রকাশিত হয়েছে',
      text:
        `প্রিয় ${to.name},\n\n` +
        `${details.competition}-এর চূড়ান্ত পর্বের ফলাফল প্রকাশিত হয়েছে। প্রতিটি প্রশ্নে আপনার নম্বর, মোট নম্বর, ` +
        `মেধাক্রম আর কোনো পুরস্কার পেলে তা এখানে দেখুন:\n${details.resultUrl}\n\n` +
        'অংশ নেওয়ার জন্য ধন্যবাদ, আর চূড়ান্ত পর্বে পৌঁছানোর জন্য অভিনন্দন।' +
        SIGNATURE_BN,
    };
  }
  return {
    to: to.email,
    subject: 'Your final-round result is published',
    text:
      `Hello ${to.name},\n\n` +
      `The results of the final round of the ${details.competition} are published. See your marks for each ` +
      `question, your total, your rank and any award here:\n${details.resultUrl}\n\n` +
      'Thank you for taking part, and congratulations on reaching the final round.' +
      SIGNATURE,
  };
}

/** The outcome of a re-check (kept or changed, with the second grader's sentence), in the student's language. */
export function recheckDecidedMail(
  to: Recipient,
  details: {
    competition: string;
    question: number;
    outcome: 'kept' | 'changed';
    marksBefore: number;
    marksAfter: number;
    note: string;
    resultUrl: string;
  },
): NewMail {
  if (inBangla(to)) {
    const question = toBanglaDigits(String(details.question));
    const verdict =
      details.outcome === 'kept'
        ? `আপনার নম্বর একই থাকছে: ${toBanglaDigits(String(details.marksBefore))}।`
        : `আপনার নম্বর ${toBanglaDigits(String(details.marksBefore))} থেকে বদলে ${toBanglaDigits(String(details.marksAfter))} হয়েছে।`;
    return {
      to: to.email,
      subject: `প্রশ্ন ${question}-এর পুনর্মূল্যায়নের ফলাফল`,
      text:
        `প্রিয় ${to.name},\n\n` +
        `${details.competition}-এর চূড়ান্ত পর্বে প্রশ্ন ${question}-এর উত্তরটি আরেকজন পরীক্ষক আবার মূল্যায়ন করেছেন। ${verdict}\n\n` +
        `পরীক্ষকের মন্তব্য: ${details.note}\n\n` +
        `আপনার ফলাফল, মেধাক্রম ও পুরস্কার এখানে দেখুন:\n${details.resultUrl}` +
        SIGNATURE_BN,
    };
  }
  const verdict =
    details.outcome === 'kept'
      ? `Your mark stays ${details.marksBefore}.`
      : `Your mark changed from ${details.marksBefore} to ${details.marksAfter}.`;
  return {
    to: to.email,
    subject: `The re-check of question ${details.question}`,
    text:
      `Hello ${to.name},\n\n` +
      `Your answer to question ${details.question} in the final round of the ${details.competition} was graded ` +
      `again by another grader. ${verdict}\n\n` +
      `The grader's note: ${details.note}\n\n` +
      `See your result, rank and any award here:\n${details.resultUrl}` +
      SIGNATURE,
  };
}

/**
 * An organisers' notice (decision 032), in one language. Its mails are written by one INSERT … SELECT for
 * every recipient at once, so the text comes in two parts around the recipient's name.
 */
export function announcementMailParts(
  language: Language,
  notice: { title: string; body: string; profileUrl: string },
) {
  if (language === 'bn') {
    return {
      subject: notice.title,
      beforeName: 'প্রিয় ',
      afterName: `,\n\n${notice.body}\n\nনোটিশটি আপনার প্রোফাইলেও আছে:\n${notice.profileUrl}${SIGNATURE_BN}`,
    };
  }
  return {
    subject: notice.title,
    beforeName: 'Hello ',
    afterName:
      `,\n\n${notice.body}\n\nYou can also read this notice on your profile:\n${notice.profileUrl}` +
      SIGNATURE,
  };
}

/** One photo's receipt as the submission mail lists it: its place, its short code and the link that checks it. */
export type MailedReceipt = { question: number; photo: number; code: string; checkUrl: string };

/**
 * At the exam's submission (decision 068): when it was submitted, how many questions have a photo, and every
 * photo's signed receipt with the link that checks it, so the student holds the proof outside our servers. A
 * student with no photo is told there is none, and what happens to a photo sent after the end.
 */
export function examSubmittedMail(
  to: Recipient,
  details: {
    competition: string;
    submittedAt: Date;
    answered: number;
    total: number;
    receipts: readonly MailedReceipt[];
    successUrl: string;
  },
): NewMail {
  if (inBangla(to)) {
    const bn = (n: number) => toBanglaDigits(String(n));
    const list = details.receipts
      .map((r) => `প্রশ্ন ${bn(r.question)}, ছবি ${bn(r.photo)}: ${r.code}\n${r.checkUrl}`)
      .join('\n\n');
    return {
      to: to.email,
      subject: 'আপনার পরীক্ষা জমা হয়েছে: আপনার ছবিগুলোর রসিদ',
      text:
        `প্রিয় ${to.name},\n\n` +
        `${details.competition}-এর চূড়ান্ত পরীক্ষা জমা হয়েছে ${formatInDhaka(details.submittedAt, 'd MMMM yyyy, h:mm:ss a', 'bn')}-এ ` +
        `(বাংলাদেশ সময়)। ${bn(details.total)}টি প্রশ্নের মধ্যে ${bn(details.answered)}টির উত্তরের ছবি আছে।\n\n` +
        (details.receipts.length > 0
          ? 'আপনার উত্তরের প্রতিটি ছবির জন্য সার্ভার একটি স্বাক্ষরিত রসিদ দিয়েছে: কোন ছবি (তার SHA-256 দিয়ে) কোন প্রশ্নের ' +
            'জন্য কখন লিখে রাখা হয়েছে, রসিদটি তার প্রমাণ। এই ইমেইলটি রেখে দিন: যে কেউ লিংক খুলে রসিদ যাচাই করতে পারে।\n\n' +
            `${list}\n\n` +
            `জমা দেওয়ার পাতায়ও রসিদগুলো আছে, সেখান থেকে ফাইল হিসেবে ডাউনলোড করা যায়:\n${details.successUrl}`
          : 'এই পরীক্ষায় আপনার কোনো উত্তরের ছবি আমাদের কাছে নেই, তাই কোনো রসিদও নেই। শেষ হওয়ার পরে আপনার ফোন কোনো ছবি ' +
            'পাঠালে তা দেরিতে আসা ছবি হিসেবে রাখা হবে; আয়োজকেরা সে বিষয়ে সিদ্ধান্ত নেবেন।') +
        SIGNATURE_BN,
    };
  }
  const list = details.receipts
    .map((r) => `Question ${r.question}, photo ${r.photo}: ${r.code}\n${r.checkUrl}`)
    .join('\n\n');
  return {
    to: to.email,
    subject: 'Your exam is submitted: the receipts of your photos',
    text:
      `Hello ${to.name},\n\n` +
      `Your final exam of the ${details.competition} was submitted on ` +
      `${formatInDhaka(details.submittedAt, 'd MMMM yyyy, h:mm:ss a', 'en')} (Bangladesh time). ` +
      `${details.answered} of ${details.total} questions have a photo of your answer.\n\n` +
      (details.receipts.length > 0
        ? 'For each photo of your answers, the server gave a signed receipt: it proves which photo (by its ' +
          'SHA-256) was recorded for which question, and when. Keep this e-mail: anyone can check a receipt by ' +
          `opening its link.\n\n${list}\n\n` +
          `The submission page lists the same receipts and downloads them as a file:\n${details.successUrl}`
        : 'We have no photo of any of your answers for this exam, so there is no receipt to list. A photo your ' +
          'phone sends after the end is kept as a late photo, for the organisers to decide on.') +
      SIGNATURE,
  };
}
