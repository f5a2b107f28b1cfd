import { isStaff } from '@ngso/shared/constants';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { selectUser } from '../../auth/slice.ts';
import { useTwoFactorStateQuery } from '../../auth/two-factor-api.ts';
import { CompetitionSwitcher } from './competition-switcher.tsx';
import { LoadError, Loading } from './load-states.tsx';
import { NotAllowed } from './not-allowed.tsx';
import { type SectionId, sectionsFor } from './sections.ts';

export const SECTION_PATHS: Record<SectionId, string> = {
  dashboard: paths.admin,
  registrations: paths.adminRegistrations,
  exam: paths.adminExam,
  grading: paths.adminGrading,
  results: paths.adminResults,
  rechecks: paths.adminRechecks,
  arrivals: paths.adminArrivals,
  latePhotos: paths.adminLatePhotos,
  lookAlikes: paths.adminLookAlikes,
  import: paths.adminImport,
  users: paths.adminUsers,
  audit: paths.adminAudit,
  ebooks: paths.adminEbooks,
  tutorials: paths.adminTutorials,
  announcements: paths.adminAnnouncements,
  competitions: paths.adminCompetitions,
};

/** The console's frame: a side navigation (a scrolling row on small screens) and the section. */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const user = useSelector(selectUser);
  const location = useLocation();
  const secondFactor = useTwoFactorStateQuery(undefined, { skip: !isStaff(user?.role) });
  if (!isStaff(user?.role)) return <NotAllowed />;
  // The console is for a session that passed the second factor (/two-factor sets it up or asks for it).
  if (secondFactor.isError) return <LoadError error={secondFactor.error} onRetry={secondFactor.refetch} />;
  if (!secondFactor.data) return <Loading />;
  if (!secondFactor.data.passed) {
    return (
      <Navigate to={paths.twoFactor} replace state={{ from: `${location.pathname}${location.search}` }} />
    );
  }
  const sections = sectionsFor(user?.role);
  return (
    <div className="mx-auto flex w-full max-w-screen-2xl flex-col gap-4 px-3 py-4 sm:px-4 lg:flex-row lg:gap-6 lg:py-6">
      <nav aria-label={t('nav.label')} className="shrink-0 lg:w-52">
        <CompetitionSwitcher />
        <p className="mb-2 hidden px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase lg:block">
          {t('console')}
        </p>
        <ul className="flex gap-1 overflow-x-auto pb-1 lg:flex-col lg:overflow-visible">
          {sections.map((section) => (
            <li key={section.id} className="shrink-0">
              <NavLink
                to={SECTION_PATHS[section.id]}
                end={section.id === 'dashboard'}
                className={({ isActive }) =>
                  `block min-h-11 rounded-lg px-3 py-2.5 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-sky-500 ${
                    isActive ? 'bg-sky-700 text-white' : 'text-slate-700 hover:bg-slate-100'
                  }`
                }
              >
                {t(`nav.${section.id}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
