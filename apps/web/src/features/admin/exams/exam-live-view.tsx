import type { Category } from '@ngso/shared/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorStatus } from '../../../lib/api-error.ts';
import { formatInDhaka } from '../../../lib/dates.ts';
import { cardClasses } from '../console/card.ts';
import { LoadError, Loading } from '../console/load-states.tsx';
import { Pager } from '../console/pager.tsx';
import { HeadedTable, tdClasses } from '../console/table.tsx';
import { examsAdminApi, useLiveExamQuery } from './exams-api.ts';

/** How often the live view asks again while the exam runs; before and after it, once a minute is plenty. */
const DURING_MS = 10_000;
const OTHERWISE_MS = 60_000;
const PER_PAGE = 50;

const time = (iso: string | null) => (iso ? formatInDhaka(iso, 'HH:mm:ss') : '—');

/** A category's exam as it happens: counts, then every approved student, refreshed by itself. */
export function ExamLiveView({ category }: { category: Category }) {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  // The phase of the last answer decides how often to ask again.
  const during = examsAdminApi.endpoints.liveExam.useQueryState(category).data?.phase === 'DURING_EXAM';
  const live = useLiveExamQuery(category, {
    pollingInterval: during ? DURING_MS : OTHERWISE_MS,
    skipPollingIfUnfocused: true,
  });
  const data = live.data;

  if (live.isLoading) return <Loading />;
  // A category not scheduled yet has nothing to watch.
  if (live.isError)
    return errorStatus(live.error) === 404 ? null : <LoadError error={live.error} onRetry={live.refetch} />;
  if (!data) return null;
  const pages = Math.max(1, Math.ceil(data.students.length / PER_PAGE));
  const shown = data.students.slice((page - 1) * PER_PAGE, page * PER_PAGE);
  const counts = [
    ['approved', data.counts.approved],
    ['started', data.counts.started],
    ['active', data.counts.active],
    ['submitted', data.counts.submitted],
  ] as const;

  return (
    <section className={cardClasses} aria-labelledby="exam-live-title" data-testid="exam-live">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="exam-live-title" className="font-semibold text-slate-900">
          {t('live.title')}
        </h2>
        <p className="text-sm text-slate-600" aria-live="polite">
          {t(`live.phase.${data.phase}`)} · {t('live.updated', { time: time(data.now) })}
        </p>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {counts.map(([key, value]) => (
          <div key={key} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs font-medium text-slate-600">{t(`live.count.${key}`)}</dt>
            <dd className="text-2xl font-bold tabular-nums text-slate-900" data-testid={`live-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {data.students.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('live.none')}</p>
      ) : (
        <>
          <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200">
            <HeadedTable
              caption={t('live.title')}
              columns={[
                { label: t('field.rollNumber') },
                { label: t('field.name') },
                { label: t('live.answered') },
                { label: t('live.lastSave'), from: 'sm' },
                { label: t('live.ends'), from: 'md' },
                { label: t('field.status') },
              ]}
            >
              {shown.map((student) => (
                <tr key={student.user_id} data-testid="live-row">
                  <td className={`${tdClasses} font-mono`}>{student.roll_number ?? '—'}</td>
                  <td className={tdClasses}>{student.name}</td>
                  <td className={`${tdClasses} tabular-nums`}>
                    {student.answered} / {data.total_questions}
                  </td>
                  <td className={`${tdClasses} hidden tabular-nums sm:table-cell`}>
                    {time(student.last_saved_at)}
                  </td>
                  <td className={`${tdClasses} hidden tabular-nums md:table-cell`}>
                    {time(student.ends_at)}
                    {student.extra_minutes > 0 ? ` (+${student.extra_minutes})` : ''}
                  </td>
                  <td className={tdClasses}>
                    {student.submitted_at
                      ? t('live.status.submitted', { time: time(student.submitted_at) })
                      : student.active
                        ? t('live.status.active')
                        : student.answered > 0
                          ? t('live.status.idle')
                          : t('live.status.notStarted')}
                  </td>
                </tr>
              ))}
            </HeadedTable>
          </div>
          {pages > 1 ? (
            <Pager page={page} pages={pages} total={data.students.length} onPage={setPage} />
          ) : null}
        </>
      )}
    </section>
  );
}
