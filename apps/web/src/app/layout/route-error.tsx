import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '../../components/ui/button.tsx';

/** Shown when a page fails to render or its code fails to arrive (e.g. a dropped connection). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.warn('A page failed to load.', error);
  return (
    <section className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center px-4 py-16">
      <h1 className="text-2xl font-bold text-slate-900">{t('errorTitle')}</h1>
      <p className="mt-3 text-slate-700">{t('errorText')}</p>
      <div className="mt-6">
        <Button onClick={() => window.location.reload()}>{t('reload')}</Button>
      </div>
    </section>
  );
}
