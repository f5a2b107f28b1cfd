import { LatePhotosPage } from '../../features/admin/components/late-photos-page.tsx';

export function Component() {
  return <LatePhotosPage />;
}
