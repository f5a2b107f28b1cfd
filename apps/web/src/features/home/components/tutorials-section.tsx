import { useTranslation } from 'react-i18next';
import { Carousel } from '../../../components/ui/carousel.tsx';
import { pickLanguage } from '../../../content/localised.ts';
import { pictureSources } from '../../../content/raster.ts';
import { tutorials } from '../../../content/tutorials.ts';

/** Eight tutorial videos; a thumbnail opens the video on the video service in a new tab. */
export function TutorialsSection() {
  const { t, i18n } = useTranslation(['home', 'common']);
  return (
    <section aria-labelledby="tutorials-title" className="bg-slate-50 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="tutorials-title" className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">
          {t('tutorials.title')}
        </h2>
        <Carousel
          label={t('tutorials.label')}
          testId="tutorials-carousel"
          slides={tutorials.map((tutorial) => (
            <a
              key={tutorial.id}
              href={tutorial.url}
              target="_blank"
              rel="noopener noreferrer"
              className="group block rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
            >
              <img
                {...pictureSources(tutorial.thumbnail)}
                sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
                alt=""
                width={tutorial.thumbnail.width}
                height={tutorial.thumbnail.height}
                loading="lazy"
                decoding="async"
                className="aspect-video h-auto w-full rounded-xl bg-slate-200 object-cover"
              />
              <span className="mt-3 block font-semibold text-slate-900 group-hover:text-sky-800">
                {pickLanguage(tutorial.title, i18n.language)}
              </span>
              <span className="block text-sm text-slate-600">
                {t('tutorials.watch')}
                <span className="sr-only"> {t('common:opensInNewTab')}</span>
              </span>
            </a>
          ))}
        />
      </div>
    </section>
  );
}
