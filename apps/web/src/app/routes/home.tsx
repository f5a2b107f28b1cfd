import { anchors } from '../../config/paths.ts';
import { CategoriesSection } from '../../features/home/components/categories-section.tsx';
import { FaqSection } from '../../features/home/components/faq-section.tsx';
import { Hero } from '../../features/home/components/hero.tsx';
import { PartnersSection } from '../../features/home/components/partners-section.tsx';
import { PromoSection } from '../../features/home/components/promo-section.tsx';
import { deferredSection } from '../../lib/deferred-section.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

/**
 * The activities and the tutorials, after the FAQ: in the pre-rendered page from the start, their code (3 KiB
 * with the carousel's) fetched when the reader nears them (issue 46: the page's first script under 120 KiB).
 */
const LaterSections = deferredSection('home-later-sections', () =>
  import('../../features/home/components/later-sections.tsx').then((module) => module.LaterSections),
);

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
      <LaterSections />
    </>
  );
}
