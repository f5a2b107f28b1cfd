/** Titles of the pages that later issues build. */
export const pages = {
  about: 'About Us',
  events: 'Events',
  team: 'Our Team',
  myPdfs: 'My PDFs',
  finalExam: 'Final Exam',
  submissionSuccess: 'Exam Submitted',
  examCountdown: 'Exam Countdown',
  nationalRoundResult: 'National Round Result',
  nationalRoundRegistration: 'National Round Registration',
  nationalRoundRegistrationComplete: 'Registration Complete',
} as const;
