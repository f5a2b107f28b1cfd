/**
 * What other modules read of the registrations (decision 070): they import this
 * file, never the module's repositories.
 */
export { approvedRegistrants, findRegistrationOfUser, registrantsOfCategory } from './registration.repo.ts';
