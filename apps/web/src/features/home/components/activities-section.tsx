import { useTranslation } from 'react-i18next';
import { Carousel } from '../../../components/ui/carousel.tsx';
import { activities } from '../../../content/activities.ts';
import { pickLanguage } from '../../../content/localised.ts';
import { pictureSources } from '../../../content/raster.ts';

/** 'Our Activities': about 70 pictures in an auto-advancing, looping carousel. */
export function ActivitiesSection() {
  const { t, i18n } = useTranslation('home');
  return (
    <section aria-labelledby="activities-title" className="px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="activities-title" className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">
          {t('activities.title')}
        </h2>
        <Carousel
          label={t('activities.label')}
          testId="activities-carousel"
          slides={activities.map((activity) => (
            <img
              key={activity.id}
              {...pictureSources(activity.image)}
              sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
              alt={pickLanguage(activity.alt, i18n.language)}
              width={activity.image.width}
              height={activity.image.height}
              loading="lazy"
              decoding="async"
              className="aspect-[3/2] h-auto w-full rounded-xl bg-slate-200 object-cover"
            />
          ))}
        />
      </div>
    </section>
  );
}
