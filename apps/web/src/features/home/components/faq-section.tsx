import { useTranslation } from 'react-i18next';
import { faq } from '../../../content/faq.ts';
import { FaqAccordion } from './faq-accordion.tsx';

/** The FAQ block (anchor 'faq') beside the 'Stay Tuned' panel (no form: the newsletter is not ready). */
export function FaqSection({ anchorId }: { anchorId: string }) {
  const { t } = useTranslation('home');
  return (
    <section
      id={anchorId}
      aria-labelledby={`${anchorId}-title`}
      className="scroll-mt-20 bg-slate-50 px-4 py-16"
    >
      <div className="mx-auto grid max-w-6xl gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <h2 id={`${anchorId}-title`} className="text-2xl font-bold text-slate-900 sm:text-3xl">
            {t('faq.title')}
          </h2>
          <div className="mt-8">
            <FaqAccordion items={faq} />
          </div>
        </div>
        <section
          aria-labelledby="stay-tuned-title"
          data-testid="stay-tuned"
          className="self-start rounded-2xl bg-indigo-950 p-6 text-white lg:mt-16"
        >
          <h2 id="stay-tuned-title" className="text-xl font-bold">
            {t('stayTuned.title')}
          </h2>
          <p className="mt-3 text-indigo-100">{t('stayTuned.text')}</p>
        </section>
      </div>
    </section>
  );
}
