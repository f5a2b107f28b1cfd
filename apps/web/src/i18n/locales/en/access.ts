/** The texts of the pages reached by a mailed link or after signing in: e-mail verification, an organiser's
 * invitation, two-step sign-in. Apart from `auth`, which the sign-in pages load first (issue 46). */
export const access = {
  'verifyEmail.title': 'Verify your email',
  'verifyEmail.pending': 'Verifying your email address...',
  'verifyEmail.error': 'Your email address could not be verified. Please try the link again.',
  'verifyEmail.incomplete':
    'This verification link is not complete. Please open the link from your e-mail again, or ask for a new one from your profile.',
  'verifyEmail.toProfile': 'Go to your profile',
  'verifyEmail.toLogin': 'Log in',

  'invitation.title': 'Join the organisers',
  'invitation.subtitle': 'Enter your name and choose a password to accept the invitation.',
  'invitation.name': 'Your name',
  'invitation.submit': 'Accept invitation',
  'invitation.pending': 'Accepting...',
  'invitation.error': 'The invitation could not be accepted. Please try again.',
  'invitation.incomplete':
    'This invitation link is not complete. Please open the link from your e-mail again, or ask the organisers for a new one.',

  'twoFactor.title': 'Two-step sign-in',
  'twoFactor.setupIntro':
    'Organisers and graders confirm each sign-in with a code from an authenticator app (such as Google Authenticator, Microsoft Authenticator or Aegis). Scan this QR code with the app, then enter the 6-digit code it shows.',
  'twoFactor.qrAlt': 'QR code that adds this account to an authenticator app',
  'twoFactor.secretLabel': 'If the app cannot scan, type this key into it:',
  'twoFactor.code': 'Code from the app',
  'twoFactor.recoveryCode': 'Recovery code',
  'twoFactor.enable': 'Turn on two-step sign-in',
  'twoFactor.enabling': 'Turning on...',
  'twoFactor.enabledNotice': 'Two-step sign-in is on.',
  'twoFactor.verifyIntro': 'Enter the 6-digit code your authenticator app shows for {{email}}.',
  'twoFactor.verify': 'Confirm',
  'twoFactor.verifying': 'Confirming...',
  'twoFactor.useRecovery': 'Use a recovery code instead',
  'twoFactor.useCode': 'Use a code from the app instead',
  'twoFactor.codesTitle': 'Your recovery codes',
  'twoFactor.codesIntro':
    'If you lose your phone, each of these codes lets you sign in once. They are shown only now: write them down or print them, and keep them somewhere safe.',
  'twoFactor.codesSaved': 'I have saved these codes',
  'twoFactor.error': 'That did not work. Please try again.',
  'twoFactor.setupError': 'Two-step sign-in could not be prepared. Please try again.',
  'twoFactor.loading': 'Loading...',
  'twoFactor.retry': 'Try again',
} as const;
