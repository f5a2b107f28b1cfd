/** Business constants from the product spec (section 9) and decisions.md. */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 100;

export const CATEGORIES = ['junior', 'senior', 'secondary'] as const;
export type Category = (typeof CATEGORIES)[number];

export const ROLES = ['student', 'grader', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Staff: the organisers' roles (the console, the second factor, check-in at the venue). */
export const isStaff = (role: Role | null | undefined): role is 'admin' | 'grader' =>
  role === 'admin' || role === 'grader';

export const REGISTRATION_FEE_BDT = 299;

/** Forgot password: seconds before the link can be sent again. */
export const RESEND_LOCK_SECONDS = 90;
/** Reset password: milliseconds before going to /login after success. */
export const RESET_REDIRECT_MS = 3000;

/** Navigation bar turns solid after this many pixels of scroll on the home page. */
export const NAV_SCROLL_THRESHOLD_PX = 10;
export const MOBILE_MENU_MAX_HEIGHT_PX = 400;

export const TIME_ZONE = 'Asia/Dhaka';

/** Uploads: what the server accepts, and what the browser prepares before sending. */
export const UPLOAD_MAX_MEGABYTES = 15;
export const UPLOAD_MAX_MEGAPIXELS = 40;
/** The longest side the server keeps of an image it re-encodes (a client that sent more is scaled down). */
export const IMAGE_MAX_SIDE_PX = 2000;
/**
 * What the browser prepares a photo at before sending it: an answer page stays legible to graders down to 1.5 mm
 * writing at 1600 px, and quality 0.75 changes no character (docs/decisions/076-answer-photo-size.md).
 */
export const CLIENT_MAX_SIDE_PX = 1600;
export const CLIENT_JPEG_QUALITY = 0.75;
export const UPLOAD_QUOTA_FILES = 200;
export const UPLOAD_QUOTA_MEGABYTES = 500;
export const ACCEPTED_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;
