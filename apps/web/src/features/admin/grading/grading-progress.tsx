import type { Category } from '@ngso/shared/constants';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeadedTable, tdClasses } from '../console/table.tsx';
import { useGradingProgressQuery } from './grading-api.ts';

/** Minutes left as the console says them: "40 min", "2 h 5 min", "done", or "—" with no pace yet. */
export function timeLeft(minutes: number | null, t: TFunction<'admin'>): string {
  if (minutes === null) return t('progress.noPace');
  if (minutes === 0) return t('progress.done');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0
    ? t('progress.hoursMinutes', { hours: String(hours), minutes: String(rest) })
    : t('progress.minutes', { minutes: String(rest) });
}

/**
 * The team's progress on a category (decision 037): per question, graded, being graded, left and the time
 * left at the last hour's pace; for admins, per grader, graded, being graded and their pace.
 */
export function GradingProgressPanel({ category }: { category: Category }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  // Read when opened, and every minute while open (each read counts every answer of every question).
  const progress = useGradingProgressQuery(category, {
    skip: !open,
    pollingInterval: 60_000,
    refetchOnMountOrArgChange: true,
  });
  const { questions, graders } = progress.data ?? { questions: [], graders: [] };
  return (
    <details
      className="mb-4 rounded-lg border border-slate-200 bg-white p-3 text-sm"
      data-testid="grading-progress"
      open={open}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a summary is the details' own button; the click only decides when the progress is read */}
      <summary
        className="cursor-pointer font-semibold"
        onClick={(event) => {
          event.preventDefault();
          setOpen((shown) => !shown);
        }}
      >
        {t('progress.title')}
      </summary>
      <div className="mt-2 overflow-x-auto">
        <HeadedTable
          caption={t('progress.questions')}
          columns={[
            { label: t('progress.question') },
            { label: t('progress.graded') },
            { label: t('progress.claimed') },
            { label: t('progress.left') },
            { label: t('progress.pace') },
            { label: t('progress.timeLeft') },
          ]}
        >
          {questions.map((q) => (
            <tr key={q.question_id} data-testid="progress-question">
              <td className={tdClasses}>{t('progress.questionNumber', { number: String(q.position) })}</td>
              <td className={tdClasses}>
                {t('progress.gradedOf', { graded: String(q.graded), total: String(q.total) })}
              </td>
              <td className={tdClasses}>{q.claimed}</td>
              <td className={tdClasses}>{q.left}</td>
              <td className={tdClasses}>{t('progress.perHour', { count: q.per_hour })}</td>
              <td className={tdClasses}>{timeLeft(q.minutes_left, t)}</td>
            </tr>
          ))}
        </HeadedTable>
      </div>
      {graders.length > 0 ? (
        <div className="mt-3 overflow-x-auto">
          <HeadedTable
            caption={t('progress.graders')}
            columns={[
              { label: t('progress.grader') },
              { label: t('progress.graded') },
              { label: t('progress.claimed') },
              { label: t('progress.pace') },
              { label: t('progress.agreement') },
            ]}
          >
            {graders.map((g) => (
              <tr key={g.grader_id} data-testid="progress-grader">
                <td className={tdClasses}>{g.name}</td>
                <td className={tdClasses}>{g.graded}</td>
                <td className={tdClasses}>{g.claimed}</td>
                <td className={tdClasses}>{t('progress.perHour', { count: g.per_hour })}</td>
                <td className={tdClasses} data-testid="grader-agreement">
                  {g.compared > 0
                    ? t('progress.agreed', {
                        percent: String(Math.round((g.agreed * 100) / g.compared)),
                        agreed: String(g.agreed),
                        compared: String(g.compared),
                      })
                    : t('progress.noComparison')}
                </td>
              </tr>
            ))}
          </HeadedTable>
        </div>
      ) : null}
    </details>
  );
}
