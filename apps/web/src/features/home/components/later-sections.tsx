import { ActivitiesSection } from './activities-section.tsx';
import { TutorialsSection } from './tutorials-section.tsx';

/**
 * The home page's last sections, the two carousels, several screens below the first: their code (and the
 * carousel's) is fetched when the reader nears them (app/routes/home.tsx, lib/deferred-section.tsx).
 */
export function LaterSections() {
  return (
    <>
      <ActivitiesSection />
      <TutorialsSection />
    </>
  );
}
