import { useTranslation } from 'react-i18next';
import { ResultView } from '../../features/results/components/result-view.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /national-round-result and /daily-quiz (the same screen, as in the spec): the student's final result. */
export function Component() {
  const { t } = useTranslation('pages');
  useDocumentTitle(t('nationalRoundResult'));
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-16">
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">{t('nationalRoundResult')}</h1>
      <ResultView />
    </section>
  );
}
