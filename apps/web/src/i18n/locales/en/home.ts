export const home = {
  'hero.tagline': 'Finding the Hidden Scientists',
  'hero.title': 'NATIONAL GENERAL SCIENCE OLYMPIAD',
  'hero.registerNow': 'Register Now',
  'hero.login': 'Login',

  'categories.title': 'Competition Categories',
  'categories.intro': 'Three categories by grade, each with its own preliminary round.',
  'categories.tag': 'Preliminary Round',
  'categories.participants': 'of participants',

  'promo.title': 'First General Science Festival',
  'promo.text':
    'The most comprehensive General Science Olympiad in the country, testing aptitude across disciplines and grade levels.',
  'promo.registerNow': 'Register Now',
  'promo.posterAlt': 'Poster of the First General Science Festival: an atom over a starry sky',
  'promo.statistics': 'The olympiad in numbers',

  'partners.title': 'Our Partners',
  'partners.intro': 'Schools, a university, a science-education group and youth foundations stand with us.',

  'faq.title': 'Frequently Asked Questions',
  'stayTuned.title': 'Stay Tuned',
  'stayTuned.text': 'Our newsletter is coming soon. Stay tuned for updates!',

  'activities.title': 'Our Activities',
  'activities.label': 'Pictures of our activities',
  'tutorials.title': 'Tutorials',
  'tutorials.label': 'Tutorial videos',
  'tutorials.watch': 'Watch on the video service',
  'tutorials.loading': 'Loading the tutorials…',
  'tutorials.failed': 'The tutorials could not be loaded.',
} as const;
