import { ComingSoon } from '../../features/events/components/coming-soon.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

export function Component() {
  usePageMeta('comingSoon');
  return <ComingSoon />;
}
