export const profile = {
  title: 'My Profile',
  loading: 'Fetching user details...',
  error: 'An error occurred while fetching user details. Please try again.',
  email: 'Email',
} as const;
