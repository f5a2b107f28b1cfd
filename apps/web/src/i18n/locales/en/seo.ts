/** Each page's title and meta description (search results, link previews). */
export const seo = {
  siteName: 'National General Science Olympiad',
  'home.title': 'National General Science Olympiad | Finding the Hidden Scientists',
  'home.description':
    'The National General Science Olympiad for students of grades 6 to 12 in Bangladesh: categories, the First General Science Festival, FAQs, activities and tutorials.',
  'about.title': 'About Us | NGSO',
  'about.description':
    'Since 2020 the National General Science Olympiad has run olympiads and competitions that find and support young scientists in Bangladesh.',
  'events.title': 'Events | NGSO',
  'events.description':
    'The National General Science Festival and other events of the National General Science Olympiad.',
  'team.title': 'Our Team | NGSO',
  'team.description': 'The people behind the National General Science Olympiad.',
  'comingSoon.title': 'Coming Soon | NGSO',
  'comingSoon.description':
    'New events and features of the National General Science Olympiad are on the way.',
  'login.title': 'Login | NGSO',
  'login.description': 'Log in to your National General Science Olympiad account.',
  'register.title': 'Create your account | NGSO',
  'register.description':
    'Create your National General Science Olympiad account to register for the final round and take the exam.',
  'forgotPassword.title': 'Forgot your password? | NGSO',
  'forgotPassword.description': 'Request a link to reset the password of your NGSO account.',
  'resetPassword.title': 'Set a new password | NGSO',
  'resetPassword.description':
    'Choose a new password for your NGSO account with the link sent to your e-mail.',
  'notFound.title': 'Page not found | NGSO',
  'notFound.description': 'The page you are looking for does not exist or has moved.',
} as const;
