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
