import { anchors } from '../../config/paths.ts';
import { ActivitiesSection } from '../../features/home/components/activities-section.tsx';
import { CategoriesSection } from '../../features/home/components/categories-section.tsx';
import { FaqSection } from '../../features/home/components/faq-section.tsx';
import { Hero } from '../../features/home/components/hero.tsx';
import { PartnersSection } from '../../features/home/components/partners-section.tsx';
import { PromoSection } from '../../features/home/components/promo-section.tsx';
import { TutorialsSection } from '../../features/home/components/tutorials-section.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

/** Home, in the spec's order. */
export function Component() {
  usePageMeta('home');
  return (
    <>
      <Hero />
      <CategoriesSection />
      <PromoSection />
      <PartnersSection />
      <FaqSection anchorId={anchors.faq} />
      <ActivitiesSection />
      <TutorialsSection />
    </>
  );
}
