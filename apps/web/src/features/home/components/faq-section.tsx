import { useTranslation } from 'react-i18next';

/** The FAQ block's place on the home page (anchor 'faq'); its accordion comes with the home issue. */
export function FaqSection({ anchorId }: { anchorId: string }) {
  const { t } = useTranslation(['home', 'common']);
  return (
    <section
      id={anchorId}
      aria-labelledby={`${anchorId}-title`}
      className="scroll-mt-20 bg-slate-50 px-4 py-16"
    >
      <div className="mx-auto max-w-6xl">
        <h2 id={`${anchorId}-title`} className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {t('faq.title')}
        </h2>
        <p className="mt-3 text-slate-700">{t('common:sectionBeingBuilt')}</p>
      </div>
    </section>
  );
}
