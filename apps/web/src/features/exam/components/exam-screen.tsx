import type { Question } from '@ngso/shared/schemas/exam';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { BilingualQuestion } from '../../../components/question-html.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { formatDigits } from '../../../lib/dates.ts';
import type { AnswerQueue } from '../answer-queue.ts';
import { imagesOf, isAnswered } from '../answer-view.ts';
import { formatClock, secondsLeft } from '../phase.ts';
import type { QueueState } from '../queue-state.ts';
import { AnswerImages } from './answer-images.tsx';
import { DeliveryBanner } from './delivery-banner.tsx';
import { TimeAnnouncer } from './time-announcer.tsx';
import { UploadArea } from './upload-area.tsx';

export type ExamScreenProps = {
  title: string;
  /** The practice exam: a clear 'Practice' label. */
  practice?: boolean;
  questions: Question[];
  /** This student's end instant (ms since the epoch). */
  endsAt: number;
  /** Server-corrected now (lib/time-sync.ts). */
  now: number;
  queue: AnswerQueue;
  state: QueueState;
  /** Messages the queue raised (the spec's alerts), newest last. */
  notices: string[];
  onDismissNotices: () => void;
  onRejectedFiles: (messages: string[]) => void;
  /** The student confirmed Submit. Throws to keep the dialog open with a message. */
  onSubmit: () => Promise<void>;
  /** The clock reached 0 (called once). */
  onTimeUp: () => void;
  /** Set while submitting by itself at 0. */
  finishing?: boolean;
};

/** The exam page (spec section 2, Final exam); the practice exam uses it too. */
export function ExamScreen(props: ExamScreenProps) {
  const { title, practice = false, questions, endsAt, now, queue, state, notices } = props;
  const { t } = useTranslation('exam');
  const [index, setIndex] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const timeUpCalled = useRef(false);
  const left = secondsLeft(now, endsAt);

  const onTimeUp = props.onTimeUp;
  useEffect(() => {
    if (left === 0 && !timeUpCalled.current) {
      timeUpCalled.current = true;
      setConfirming(false);
      onTimeUp();
    }
  }, [left, onTimeUp]);

  // Leaving the exam inside the app with unsaved work asks first (the browser's own warning covers reloads).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !props.finishing &&
      !submitting &&
      queue.hasUnsavedWork() &&
      currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(t('leaveWarning'))) blocker.proceed();
    else blocker.reset();
  }, [blocker, t]);

  const question = questions[Math.min(index, questions.length - 1)];
  const go = (next: number) => {
    setIndex(next);
    headingRef.current?.focus();
  };

  const submit = async () => {
    setSubmitting(true);
    setSubmitError(null);
    try {
      await props.onSubmit();
    } catch (error) {
      setSubmitError(error instanceof Error && error.message ? error.message : t('submitFailed'));
      setSubmitting(false);
    }
  };

  const images = question ? imagesOf(state, question.id) : [];
  const clock = formatDigits(formatClock(left));

  return (
    <div className="pb-28 sm:pb-8">
      <header className="sticky top-16 z-30 border-b border-slate-200 bg-white/95 px-3 py-2 shadow-sm backdrop-blur sm:px-6">
        <div className="mx-auto flex max-w-6xl items-center gap-3">
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-base font-bold text-slate-900 sm:text-xl">{title}</h1>
            {practice ? (
              <span className="inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                {t('practiceLabel')}
              </span>
            ) : null}
          </div>
          <div
            role="timer"
            aria-live="off"
            aria-label={t('timeRemainingLabel', { time: clock })}
            className="rounded-lg bg-red-50 px-2.5 py-1 text-center font-clock text-lg font-bold text-red-600 tabular-nums sm:text-2xl"
            data-testid="exam-clock"
          >
            {clock}
          </div>
          <TimeAnnouncer secondsLeft={left} />
          <Button onClick={() => setConfirming(true)} disabled={props.finishing} className="px-3 sm:px-5">
            {t('submitExam')}
          </Button>
        </div>
      </header>

      <div className="mx-auto max-w-6xl px-3 sm:px-6">
        <DeliveryBanner state={state} ended={props.finishing === true} />
      </div>
      {props.finishing ? (
        <div className="mx-auto mt-3 max-w-6xl px-3 sm:px-6">
          <Alert tone="info" silent>
            {t('timeUp')}
          </Alert>
        </div>
      ) : null}

      <div className="mx-auto mt-4 flex max-w-6xl flex-col gap-4 px-3 sm:flex-row sm:px-6">
        <nav aria-label={t('questions')} className="sm:w-48 sm:shrink-0">
          <h2 className="mb-2 hidden text-sm font-semibold text-slate-700 sm:block">{t('questions')}</h2>
          {/* Wrapped, not scrolled sideways: on a 360 px phone every question stays in view. */}
          <ol className="flex flex-wrap gap-2 pb-1 sm:flex-col sm:flex-nowrap">
            {questions.map((q, i) => {
              const answered = isAnswered(state, q.id);
              const current = i === index;
              // In the page's digits, as the heading's (i18next's interpolation localises those).
              const number = formatDigits(String(i + 1));
              return (
                <li key={q.id} className="shrink-0">
                  <button
                    type="button"
                    onClick={() => go(i)}
                    aria-current={current ? 'step' : undefined}
                    aria-label={
                      answered ? t('questionAnswered', { number }) : t('questionNumber', { number })
                    }
                    data-answered={answered}
                    className={`flex min-h-11 w-full min-w-11 items-center justify-center gap-2 rounded-lg px-3 text-sm font-semibold ring-1 focus-visible:outline-2 focus-visible:outline-sky-500 sm:justify-between ${
                      current
                        ? 'bg-sky-700 text-white ring-sky-700'
                        : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'
                    }`}
                  >
                    <span>
                      <span className="sm:hidden">{number}</span>
                      <span className="hidden sm:inline">{t('questionNumber', { number })}</span>
                    </span>
                    {answered ? (
                      <svg
                        viewBox="0 0 20 20"
                        className={`size-5 ${current ? 'text-emerald-200' : 'text-emerald-600'}`}
                        fill="currentColor"
                        aria-hidden="true"
                        data-testid="answered-check"
                      >
                        <path d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3-4 4a1 1 0 0 1-1.4 0l-2-2a1 1 0 1 1 1.4-1.4L9 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4Z" />
                      </svg>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ol>
        </nav>

        {question ? (
          <section aria-labelledby="exam-question-heading" className="min-w-0 flex-1 space-y-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2
                id="exam-question-heading"
                ref={headingRef}
                tabIndex={-1}
                className="text-lg font-bold text-slate-900 focus:outline-none"
              >
                {t('questionOf', { current: String(index + 1), total: String(questions.length) })}
              </h2>
              <span className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-700">
                {t('marks', { count: question.marks })}
              </span>
            </div>
            <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
              <BilingualQuestion
                englishHtml={question.questionEnglishHtml}
                banglaHtml={question.questionBanglaHtml}
                images={question.images}
                englishClassName="text-slate-900"
                banglaClassName="text-slate-800"
              />
            </div>

            <h3 className="font-semibold text-slate-900">{t('yourAnswer')}</h3>
            <AnswerImages questionId={question.id} images={images} queue={queue} readOnly={props.finishing} />
            <UploadArea
              count={queue.imageCount(question.id)}
              disabled={props.finishing}
              onImages={(files) => void queue.addPhotos(question.id, files)}
              onRejected={props.onRejectedFiles}
              checks={state.photos.filter((photo) => photo.questionId === question.id && photo.problems)}
              onRetake={(id) => queue.retakePhoto(id)}
              onKeep={(id) => queue.keepPhoto(id)}
            />
            {notices.length > 0 ? (
              <Alert tone="error">
                <ul className="space-y-1">
                  {notices.map((notice, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the same sentence may come twice
                    <li key={i}>{notice}</li>
                  ))}
                </ul>
                <button
                  type="button"
                  onClick={props.onDismissNotices}
                  className="mt-2 text-sm font-semibold underline"
                >
                  {t('close')}
                </button>
              </Alert>
            ) : null}
            {state.error ? (
              <p role="alert" className="text-sm text-red-700" data-testid="answers-error">
                {state.error}
              </p>
            ) : null}

            <div className="fixed inset-x-0 bottom-0 z-20 flex gap-3 border-t border-slate-200 bg-white p-3 sm:static sm:border-0 sm:p-0">
              <Button
                variant="secondary"
                className="flex-1 sm:flex-none"
                disabled={index === 0}
                onClick={() => go(index - 1)}
              >
                {t('previous')}
              </Button>
              <Button
                variant="secondary"
                className="flex-1 sm:flex-none"
                disabled={index >= questions.length - 1}
                onClick={() => go(index + 1)}
              >
                {t('next')}
              </Button>
            </div>
          </section>
        ) : null}
      </div>

      <Modal
        open={confirming}
        onClose={() => !submitting && setConfirming(false)}
        title={t('submitTitle')}
        closeLabel={t('close')}
      >
        <p className="text-slate-800">{t('submitConfirm')}</p>
        {submitError ? (
          <Alert tone="error" className="mt-3">
            {submitError}
          </Alert>
        ) : null}
        <div className="mt-5 flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={submitting}>
            {t('cancel')}
          </Button>
          <Button onClick={() => void submit()} pending={submitting} pendingText={t('submitting')}>
            {t('submit')}
          </Button>
        </div>
      </Modal>
    </div>
  );
}
