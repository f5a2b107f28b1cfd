import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Navigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { selectUser } from '../../auth/slice.ts';
import { NotAllowed } from './not-allowed.tsx';
import { canUse, type SectionId } from './sections.ts';

/** A console section: its title, and a refusal for a role that may not use it. */
export function AdminSection({
  section,
  title,
  actions,
  children,
}: {
  section: SectionId;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const role = useSelector(selectUser)?.role;
  useDocumentTitle(title);
  if (!canUse(role, section)) {
    // A grader opening the console lands on grading rather than on a refusal.
    if (section === 'dashboard' && role === 'grader') return <Navigate to={paths.adminGrading} replace />;
    return <NotAllowed />;
  }
  return (
    <section aria-labelledby={`admin-${section}-title`}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id={`admin-${section}-title`} className="text-2xl font-bold text-slate-900">
          {title}
        </h1>
        {actions}
      </div>
      {children}
    </section>
  );
}
