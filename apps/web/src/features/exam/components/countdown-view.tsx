import type { Exam, ExamPhase } from '@ngso/shared/schemas/exam';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDigits, formatInDhaka } from '../../../lib/dates.ts';
import type { PaperPhase } from '../paper.ts';
import { secondsLeft, splitSeconds } from '../phase.ts';

type CountdownViewProps = {
  exam: Exam;
  now: number;
  phase: ExamPhase;
  /** Where the question paper stands on this device (the countdown page only). */
  paper?: PaperPhase;
};

/** What the student is told about the paper: only what is true of this device now. */
const PAPER_MESSAGES = {
  ready: 'countdown.paperReady',
  opening: 'countdown.paperOpening',
  waiting: 'countdown.paperWaiting',
} as const;

/** The countdown to the start (spec section 2, Exam countdown); also on /submission-success before the exam. */
export function CountdownView({ exam, now, phase, paper }: CountdownViewProps) {
  const { t } = useTranslation('exam');
  const parts = splitSeconds(secondsLeft(now, exam.starts_at));
  const boxes = [
    { key: 'days', value: parts.days, label: t('countdown.days') },
    { key: 'hours', value: parts.hours, label: t('countdown.hours') },
    { key: 'minutes', value: parts.minutes, label: t('countdown.minutes') },
    { key: 'seconds', value: parts.seconds, label: t('countdown.seconds') },
  ];
  const category = t(`category.${exam.category}`);
  const paperMessage =
    paper === 'ready' || paper === 'opening' || paper === 'waiting' ? t(PAPER_MESSAGES[paper]) : '';

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12" aria-labelledby="countdown-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="countdown-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {t('examTitle')}
        </h1>
        <span
          className="rounded-full bg-sky-100 px-3 py-1 text-sm font-semibold text-sky-900"
          data-testid="category-badge"
        >
          {t('countdown.categoryBadge', { category })}
        </span>
      </div>

      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        {phase === 'BEFORE_EXAM' ? (
          <>
            <h2 className="text-center font-semibold text-slate-700">{t('countdown.startsIn')}</h2>
            <div role="timer" aria-live="off" className="mt-4 grid grid-cols-4 gap-2" data-testid="countdown">
              {boxes.map((box) => (
                <div key={box.key} className="rounded-xl bg-slate-900 px-1 py-3 text-center text-white">
                  <span
                    className="block font-mono text-2xl font-bold tabular-nums sm:text-4xl"
                    data-testid={`countdown-${box.key}`}
                  >
                    {formatDigits(String(box.value).padStart(2, '0'))}
                  </span>
                  <span className="block text-xs text-slate-300 sm:text-sm">{box.label}</span>
                </div>
              ))}
            </div>
            <button type="button" disabled className={buttonClasses('primary', 'mt-5 w-full')}>
              {t('countdown.notStarted')}
            </button>
            {paper !== undefined ? (
              // Present from the first render, so screen readers announce each change.
              <p
                role="status"
                aria-live="polite"
                className="mt-3 min-h-5 text-center text-sm text-slate-700"
                data-testid="paper-status"
              >
                {paperMessage}
              </p>
            ) : null}
          </>
        ) : phase === 'DURING_EXAM' ? (
          <div className="text-center">
            <p className="text-lg font-semibold text-emerald-700" role="status">
              {t('countdown.started')}
            </p>
            <Link to={paths.finalExam} className={buttonClasses('primary', 'mt-4 w-full')}>
              {t('countdown.goToExam')}
            </Link>
          </div>
        ) : (
          <div className="text-center">
            <p className="text-lg font-semibold text-slate-800" role="status">
              {t('countdown.ended')}
            </p>
            <Link to={paths.profile} className={buttonClasses('secondary', 'mt-4 w-full')}>
              {t('returnToProfile')}
            </Link>
          </div>
        )}
      </div>

      <dl className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div className="rounded-xl bg-slate-50 p-4">
          <dt className="text-sm text-slate-600">{t('countdown.scheduled')}</dt>
          <dd className="font-semibold text-slate-900" data-testid="scheduled-start">
            {formatInDhaka(exam.starts_at, 'MMMM d, yyyy, h:mm a')}
          </dd>
        </div>
        <div className="rounded-xl bg-slate-50 p-4">
          <dt className="text-sm text-slate-600">{t('countdown.duration')}</dt>
          <dd className="font-semibold text-slate-900">
            {t('countdown.durationValue', { count: exam.duration_minutes })}
          </dd>
        </div>
        <div className="rounded-xl bg-slate-50 p-4">
          <dt className="text-sm text-slate-600">{t('countdown.totalQuestions')}</dt>
          <dd className="font-semibold text-slate-900">{exam.total_questions}</dd>
        </div>
      </dl>

      <h2 className="mt-8 font-semibold text-slate-900">{t('countdown.instructions')}</h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
        <li>{t('countdown.instruction.internet')}</li>
        <li>{t('countdown.instruction.camera')}</li>
        <li>{t('countdown.instruction.tabs')}</li>
        <li>{t('countdown.instruction.noPause')}</li>
      </ul>
    </section>
  );
}
