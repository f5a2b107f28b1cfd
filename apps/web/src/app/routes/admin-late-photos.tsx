import { LatePhotosPage } from '../../features/admin/grading/late-photos-page.tsx';

export function Component() {
  return <LatePhotosPage />;
}
