import type { Role } from '@ngso/shared/constants';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { errorStatus } from '../../../lib/api-error.ts';

/**
 * Whether a load failed only because grading of the category is not open for this grader yet: the server
 * refuses a grader (403) a category's questions, answers and standings until the exam has ended for every
 * student of it. A grader passed the console's role check, so a 403 here means exactly that.
 */
export const gradingNotOpenFor = (role: Role | undefined, error: unknown) =>
  role === 'grader' && errorStatus(error) === 403;

/** What a grader sees instead of a category's answers before grading opens: a state, not an error. */
export function GradingNotOpen() {
  const { t } = useTranslation('messages');
  return (
    <div data-testid="grading-not-open">
      <Alert tone="info">{t('grading.notOpen')}</Alert>
    </div>
  );
}
