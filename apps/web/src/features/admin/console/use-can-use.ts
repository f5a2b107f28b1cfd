import { useSelector } from 'react-redux';
import { selectUser } from '../../auth/slice.ts';
import { canUse, type SectionId } from './sections.ts';

/** Whether the signed-in user's role may use `section` (its reads are skipped otherwise). */
export function useCanUse(section: SectionId): boolean {
  return canUse(useSelector(selectUser)?.role, section);
}
