import { TutorialsPage } from '../../features/admin/tutorials/tutorials-page.tsx';

export function Component() {
  return <TutorialsPage />;
}
