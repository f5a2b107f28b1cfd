/** Every route path of the site (spec section 2). Components link through these, never by literal. */
export const paths = {
  home: '/',
  about: '/about',
  events: '/events',
  team: '/team',
  comingSoon: '/coming-soon',
  register: '/register',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  acceptInvitation: '/accept-invitation',
  twoFactor: '/two-factor',
  profile: '/profile',
  myPdfs: '/my-pdfs',
  finalExam: '/final-exam',
  submissionSuccess: '/submission-success',
  examCountdown: '/exam-countdown',
  practiceExam: '/practice-exam',
  dailyQuiz: '/daily-quiz',
  nationalRoundResult: '/national-round-result',
  nationalRoundRegistration: '/national-round-registration',
  nationalRoundRegistrationComplete: '/national-round-registration-complete',
  verify: '/verify/:code',
  /** The public check of a photo's receipt (the receipt in the fragment); before /verify/:code in the router. */
  verifyReceipt: '/verify/receipt',
  admin: '/admin',
  adminRegistrations: '/admin/registrations',
  adminExam: '/admin/exam',
  adminGrading: '/admin/grading',
  adminResults: '/admin/results',
  adminRechecks: '/admin/rechecks',
  adminArrivals: '/admin/arrivals',
  adminLatePhotos: '/admin/late-photos',
  adminLookAlikes: '/admin/look-alikes',
  adminImport: '/admin/preliminary-import',
  adminUsers: '/admin/users',
  adminAudit: '/admin/audit',
  adminEbooks: '/admin/ebooks',
  adminTutorials: '/admin/tutorials',
  adminAnnouncements: '/admin/announcements',
  adminCompetitions: '/admin/competitions',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** Where a receipt is checked: the receipt travels in the fragment, which the browser never sends. */
export const verifyReceiptHref = (receipt: string) => `${paths.verifyReceipt}#${receipt}`;

/** Anchors on the home page. */
export const anchors = { faq: 'faq', footer: 'footer' } as const;

/** Pages whose navigation bar is always transparent with light text (they have a dark hero). */
export const TRANSPARENT_NAV_PATHS: readonly string[] = [
  paths.register,
  paths.login,
  paths.forgotPassword,
  paths.resetPassword,
  paths.verifyEmail,
  paths.acceptInvitation,
  paths.twoFactor,
];

/** Pages that show the full footer; every other page shows only the copyright line. */
export const FULL_FOOTER_PATHS: readonly string[] = [paths.home, paths.about, paths.events, paths.team];

/** Navigating between these two keeps the scroll position (spec section 2). */
export const SCROLL_KEPT_BETWEEN: readonly [string, string] = [
  paths.nationalRoundRegistration,
  paths.nationalRoundRegistrationComplete,
];
