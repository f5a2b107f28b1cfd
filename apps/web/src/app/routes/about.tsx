import { AboutPage } from '../../features/about/components/about-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

export function Component() {
  usePageMeta('about');
  return <AboutPage />;
}
