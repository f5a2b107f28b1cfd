import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminSection } from '../console/admin-section.tsx';
import { cardClasses } from '../console/card.ts';
import { LoadError, Loading } from '../console/load-states.tsx';
import { useCanUse } from '../console/use-can-use.ts';
import { dashboardApi, useAdminStatsQuery } from './dashboard-api.ts';

/** While an exam window is open, the dashboard is refreshed this often. */
export const STATS_REFRESH_MS = 15_000;

/** The charts and their chart library: a chunk of their own, downloaded by this page only. */
const DashboardCharts = lazy(() => import('./dashboard-charts.tsx'));

function Counts({
  title,
  counts,
  label,
}: {
  title: string;
  counts: Record<string, number>;
  label: (key: string) => string;
}) {
  const entries = Object.entries(counts);
  return (
    <div className={cardClasses}>
      <h2 className="mb-2 font-semibold text-slate-900">{title}</h2>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">—</p>
      ) : (
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          {entries.map(([key, count]) => (
            <div key={key} className="contents">
              <dt className="text-slate-700">{label(key)}</dt>
              <dd className="text-right font-semibold tabular-nums text-slate-900">{count}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

/**
 * Registrations by status, category and division; live exam activity; then the charts (each with its
 * table): registrations per day, the divisions' map, payments, the exam window's activity, grading
 * progress and each category's scores with the award cut-offs. Refreshed while an exam window is open.
 */
export function DashboardPage() {
  const { t } = useTranslation('admin');
  const canUse = useCanUse('dashboard');
  // The last answer (from the cache, without a request of its own) says whether a window is open.
  const open = dashboardApi.endpoints.adminStats.useQueryState(undefined).data?.exam.window?.open ?? false;
  const stats = useAdminStatsQuery(undefined, {
    skip: !canUse,
    pollingInterval: open ? STATS_REFRESH_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const data = stats.data;
  const known = (prefix: 'status' | 'category', key: string) =>
    // biome-ignore lint/suspicious/noExplicitAny: keys come from the server; unknown ones show as they are
    t(`${prefix}.${key}` as any, { defaultValue: key });
  return (
    <AdminSection section="dashboard" title={t('dashboard.title')}>
      {stats.isLoading ? <Loading /> : null}
      {stats.isError ? <LoadError error={stats.error} onRetry={stats.refetch} /> : null}
      {data ? (
        <div className="space-y-4">
          <div className="grid gap-4 md:grid-cols-3">
            <Counts
              title={t('dashboard.byStatus')}
              counts={data.registrations.by_status}
              label={(key) => known('status', key)}
            />
            <Counts
              title={t('dashboard.byCategory')}
              counts={data.registrations.by_category}
              label={(key) => known('category', key)}
            />
            <Counts
              title={t('dashboard.byDivision')}
              counts={data.registrations.by_division}
              label={(key) => key}
            />
          </div>
          <div className={cardClasses}>
            <h2 className="mb-2 font-semibold text-slate-900">{t('dashboard.exam')}</h2>
            <dl className="grid grid-cols-3 gap-3 text-center" aria-live="polite">
              {(['answered', 'submitted', 'active_last_minute'] as const).map((key) => (
                <div key={key} className="rounded-lg bg-slate-50 p-3">
                  <dd className="text-2xl font-bold tabular-nums text-slate-900">{data.exam[key]}</dd>
                  <dt className="text-xs text-slate-600">{t(`dashboard.${key}`)}</dt>
                </div>
              ))}
            </dl>
            <p className="mt-2 text-xs text-slate-600">
              {t(data.exam.window?.open ? 'dashboard.refresh' : 'dashboard.refreshWhenOpen')}
            </p>
          </div>
          <Suspense fallback={<Loading />}>
            <DashboardCharts data={data} />
          </Suspense>
        </div>
      ) : null}
    </AdminSection>
  );
}
