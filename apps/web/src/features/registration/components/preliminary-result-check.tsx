import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorStatus, serverMessage } from '../../../lib/api-error.ts';
import { useCheckPreliminaryResultMutation } from '../api.ts';
import { CATEGORY_NAME } from '../category.ts';

/**
 * 'Check preliminary result' for the signed-in student's own e-mail. No result is not an error
 * (decisions.md): it is said in place; a real failure shows the generic error sentence with a retry.
 */
export function PreliminaryResultCheck({ email }: { email: string }) {
  const { t } = useTranslation(['registration', 'messages']);
  const [check, { data, error, isLoading, reset }] = useCheckPreliminaryResultMutation();
  const run = () => {
    reset();
    void check(email)
      .unwrap()
      .catch(() => {
        // Shown below from the mutation's state.
      });
  };
  const notFound = error !== undefined && errorStatus(error) === 404;

  return (
    <section aria-labelledby="prelim-title" className="border-t border-slate-100 pt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="prelim-title" className="font-semibold text-slate-900">
          {t('prelim.title')}
        </h3>
        <Button variant="secondary" pending={isLoading} pendingText={t('prelim.checking')} onClick={run}>
          {t('prelim.check')}
        </Button>
      </div>
      <div aria-live="polite" className="mt-3 empty:mt-0">
        {data ? (
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="prelim-result">
            <div>
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                {t('prelim.score')}
              </dt>
              <dd className="text-slate-900" data-testid="prelim-score">
                {data.score}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                {t('prelim.total')}
              </dt>
              <dd className="text-slate-900" data-testid="prelim-total">
                {data.total}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                {t('prelim.category')}
              </dt>
              <dd className="text-slate-900" data-testid="prelim-category">
                {t(CATEGORY_NAME[data.category])}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                {t('prelim.qualified')}
              </dt>
              <dd className="text-slate-900" data-testid="prelim-qualified">
                {data.qualified ? t('prelim.yes') : t('prelim.no')}
              </dd>
            </div>
          </dl>
        ) : null}
        {notFound ? (
          <p className="text-slate-700" data-testid="prelim-not-found">
            {serverMessage(error) ?? t('messages:prelim.notFound')}
          </p>
        ) : null}
      </div>
      {error !== undefined && !notFound ? (
        <div className="mt-3 space-y-3">
          <Alert tone="error">{t('prelim.error')}</Alert>
          <Button variant="secondary" onClick={run}>
            {t('prelim.tryAgain')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
