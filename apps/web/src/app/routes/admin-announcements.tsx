import { AnnouncementsPage } from '../../features/admin/announcements/announcements-page.tsx';

export function Component() {
  return <AnnouncementsPage />;
}
