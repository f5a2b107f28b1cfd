/** /verify/:code: the public admit card check (a QR code on the admit card opens it). */
export const verify = {
  title: 'Admit Card Verification',
  loading: 'Checking the admit card...',
  valid: 'This admit card was issued by the organisers.',
  name: 'Name',
  rollNumber: 'Roll number',
  category: 'Category',
  status: 'Status',
  'category.junior': 'Junior',
  'category.senior': 'Senior',
  'category.secondary': 'Secondary',
  'status.pending': 'Pending verification',
  'status.approved': 'Approved',
  'status.rejected': 'Not approved',
  notFound: 'No admit card matches this code.',
  error: 'The admit card could not be checked. Please check your connection and try again.',
  tryAgain: 'Try again',
} as const;
