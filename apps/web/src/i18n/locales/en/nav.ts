export const nav = {
  home: 'Home',
  about: 'About',
  events: 'Events',
  team: 'Team',
  register: 'Register',
  profile: 'Profile',
  logout: 'Logout',
  mainNavigation: 'Main navigation',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  accountMenu: 'Account menu for {{name}}',
  homeLink: '{{name}}, home page',
} as const;
