import type { NewMail } from './outbox.repo.ts';

const SIGNATURE = '\n\n— National General Science Olympiad';

export function passwordResetMail(
  to: { name: string; email: string },
  link: string,
  minutes: number,
): NewMail {
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

export function registrationReceivedMail(to: { name: string; email: string }, competition: string): NewMail {
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
  to: { name: string; email: string },
  details: { competition: string; rollNumber: string; profileUrl: string },
): NewMail {
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
  to: { name: string; email: string },
  details: { competition: string; reason: string; formUrl: string },
): NewMail {
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
  to: { name: string; email: string },
  details: { competition: string; resultUrl: string },
): NewMail {
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
