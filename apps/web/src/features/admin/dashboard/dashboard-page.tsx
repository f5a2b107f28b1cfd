import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { useAdminStatsQuery } from '../api.ts';
import { AdminSection } from '../console/admin-section.tsx';
import { cardClasses } from '../console/card.ts';
import { LoadError, Loading } from '../console/load-states.tsx';
import { useCanUse } from '../console/use-can-use.ts';

/** Exam activity is refreshed this often. */
export const STATS_REFRESH_MS = 15_000;

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

/** Registrations by status, category and division; live exam activity; grading progress per category. */
export function DashboardPage() {
  const { t } = useTranslation('admin');
  const stats = useAdminStatsQuery(undefined, {
    skip: !useCanUse('dashboard'),
    pollingInterval: STATS_REFRESH_MS,
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
            <p className="mt-2 text-xs text-slate-500">{t('dashboard.refresh')}</p>
          </div>
          <div className={cardClasses}>
            <h2 className="mb-2 font-semibold text-slate-900">{t('dashboard.grading')}</h2>
            <ul className="space-y-3">
              {Object.entries(data.grading).map(([category, progress]) => {
                const text = t('dashboard.gradedOf', {
                  graded: String(progress.graded),
                  total: String(progress.answers),
                });
                return (
                  <li key={category}>
                    <div className="mb-1 flex justify-between text-sm">
                      <span>{known('category', category)}</span>
                      <span className="tabular-nums">{text}</span>
                    </div>
                    <ProgressBar
                      value={progress.answers ? (progress.graded / progress.answers) * 100 : 0}
                      label={known('category', category)}
                      valueText={text}
                    />
                  </li>
                );
              })}
            </ul>
          </div>
        </div>
      ) : null}
    </AdminSection>
  );
}
