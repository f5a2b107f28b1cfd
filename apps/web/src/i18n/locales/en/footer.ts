export const footer = {
  quickLinks: 'Quick Links',
  aboutUs: 'About Us',
  contact: 'Contact',
  events: 'Events',
  faqs: 'FAQs',
  team: 'Team',
  contactUs: 'Contact Us',
  address: 'Address',
  phone: 'Phone',
  email: 'E-mail',
  copyright: '© {{year}} {{name}}. All Rights Reserved.',
} as const;
