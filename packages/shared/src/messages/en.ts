/**
 * Messages that users read and that the server sends (validation and API errors).
 * Keys are shared: zod schemas carry the key, the server renders the sentence in the
 * user's language, and the web app renders the same key through i18next.
 * Interpolation uses i18next's {{name}} syntax.
 */
export const messagesEn = {
  required: 'This field is required.',
  'email.invalid': 'Please enter a valid email address.',
  'email.taken': 'An account with this email already exists. Please log in instead.',
  'password.min': 'Password must be at least 8 characters long',
  'password.max': 'Password must be at most 128 characters long.',
  'password.mismatch': 'Passwords do not match',
  'phone.invalid': 'Please enter a Bangladeshi mobile number, such as 01712345678.',
  'name.min': 'Name must be at least 2 characters long.',
  'name.max': 'Name must be at most 100 characters long.',
  'text.tooLong': 'This text is too long.',
  'token.invalid': 'This link is not valid.',
  'institution.max': 'Institution must be at most 200 characters long.',
  'location.division': 'Please choose a division from the list.',
  'location.district': 'Please choose a district of the chosen division.',
  'location.sub_district': 'Please choose a sub-district of the chosen district.',

  'media.notImage': '{{file}} is not an image',
  'media.missingFile': 'Please choose an image file to upload.',
  'media.tooLarge': 'This file is larger than {{megabytes}} MB. Please choose a smaller image.',
  'media.tooManyPixels':
    'This image is too large ({{megapixels}} megapixels at most). Please choose a smaller image.',
  'media.oneFile': 'Please upload one file at a time.',
  'media.quota': 'You have reached the upload limit for your account. Remove some images and try again.',

  'register.success': 'Your account has been created.',
  'login.invalid': 'The email or password is incorrect.',
  'logout.success': 'You have been logged out.',
  'forgot.sent': 'If an account exists for this email, a password reset link has been sent to it.',
  'reset.invalid': 'This password reset link is invalid or has expired. Please request a new one.',
  'reset.success': 'Password has been reset successfully.',

  'auth.required': 'Please log in to continue.',
  'auth.forbidden': 'You do not have permission to do this.',
  'csrf.refused': 'This request was refused because it did not come from this site.',
  'validation.failed': 'Some fields are not valid. Please correct them and try again.',
  'request.invalid': 'The request could not be understood.',
  'request.tooLarge': 'The request is too large.',
  notFound: 'The requested resource was not found.',
  rateLimited: 'Too many attempts. Please wait {{minutes}} minutes and try again.',
  'server.error': 'Something went wrong on our side. Please try again in a moment.',
  'server.unavailable': 'The service is busy or briefly unavailable. Please try again in a moment.',
} as const;

export type MessageKey = keyof typeof messagesEn;
