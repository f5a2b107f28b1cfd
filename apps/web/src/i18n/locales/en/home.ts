export const home = {
  'hero.tagline': 'Finding the Hidden Scientists',
  'hero.title': 'NATIONAL GENERAL SCIENCE OLYMPIAD',
  'hero.registerNow': 'Register Now',
  'hero.login': 'Login',
  'faq.title': 'Frequently Asked Questions',
} as const;
