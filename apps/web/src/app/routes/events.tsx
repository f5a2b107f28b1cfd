import { EventsPage } from '../../features/events/components/events-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

export function Component() {
  usePageMeta('events');
  return <EventsPage />;
}
