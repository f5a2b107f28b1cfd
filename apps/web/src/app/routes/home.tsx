import { anchors } from '../../config/paths.ts';
import { FaqSection } from '../../features/home/components/faq-section.tsx';
import { Hero } from '../../features/home/components/hero.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('');
  return (
    <>
      <Hero />
      <FaqSection anchorId={anchors.faq} />
    </>
  );
}
