import { newPasswordProblem } from '../../checks/password-rules.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Refuses a new password that breaks the password rules (checks/password-rules.ts: among the most common
 * ones, or made of the site's or the user's own words), with 422 and a field error on `password`.
 */
export function assertAcceptablePassword(password: string, personal: { name?: string; email?: string } = {}) {
  const problem = newPasswordProblem(password, personal);
  if (problem) throw new AppError(422, 'validation.failed', { fieldErrors: { password: [problem] } });
}
