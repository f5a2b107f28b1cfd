export const nav = {
  home: 'Home',
  about: 'About',
  events: 'Events',
  team: 'Team',
  register: 'Register',
  profile: 'Profile',
  // In the chrome's texts, not the console's: the account menu is on every page, the exam's too, which
  // must not load the console's texts (docs/decisions/060-offline-exam-pages.md).
  console: "Organisers' console",
  unsavedLogout: 'Some of your exam answers are not saved yet. Log out anyway?',
  logout: 'Logout',
  mainNavigation: 'Main navigation',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  accountMenu: 'Account menu for {{name}}',
  homeLink: '{{name}}, home page',
  language: 'Language',
} as const;
