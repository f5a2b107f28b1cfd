import { team } from '../../content/team.ts';
import { TeamPage } from '../../features/team/components/team-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

export function Component() {
  usePageMeta('team');
  return <TeamPage team={team} />;
}
