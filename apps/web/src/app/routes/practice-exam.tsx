import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { selectAuth } from '../../features/auth/slice.ts';
import { isAnswered } from '../../features/exam/answer-view.ts';
import { ExamScreen } from '../../features/exam/components/exam-screen.tsx';
import { ExamLoading } from '../../features/exam/components/exam-status.tsx';
import { PRACTICE_MINUTES, PRACTICE_QUESTIONS } from '../../features/exam/practice-content.ts';
import { clearOtherPracticeRuns } from '../../features/exam/queue-storage.ts';
import { practiceTransport } from '../../features/exam/transport.ts';
import { useExamAnswers } from '../../features/exam/use-exam-answers.ts';
import { useServerNow } from '../../lib/time-sync.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

const startKey = (userId: string) => `ngso-practice-start:${userId}`;

/** When this student's practice started (kept across a reload), starting it now if none runs. */
function practiceStart(userId: string, now: number, restart = false): number {
  const stored = Number(localStorage.getItem(startKey(userId)));
  if (!restart && stored > 0 && now - stored < PRACTICE_MINUTES * 60_000) return stored;
  localStorage.setItem(startKey(userId), String(now));
  return now;
}

/**
 * /practice-exam (beyond the spec): any signed-in student, any time, 10 minutes, two sample questions,
 * the same page and the same queue; nothing is sent to the server (answer photos go to the server only
 * from students in their exam window): answers and photos stay in this browser.
 */
export function Component() {
  const { t } = useTranslation('exam');
  useDocumentTitle(t('practiceTitle'));
  const { user } = useSelector(selectAuth);
  const now = useServerNow();
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  // Each run (its start instant) has its own answers.
  const scope = user && !done && startedAt !== null ? `practice:${user.id}:${startedAt}` : null;
  const { queue, recording } = useExamAnswers({
    scope,
    transport: (storage) => practiceTransport(storage, `${scope}:answers`),
  });

  if (user && now !== null && startedAt === null) setStartedAt(practiceStart(user.id, now));
  useEffect(() => {
    if (user && scope) void clearOtherPracticeRuns(user.id, scope);
  }, [user, scope]);

  const answered = PRACTICE_QUESTIONS.filter((q) => isAnswered(recording.state, q.id)).length;
  const finish = useCallback(async () => {
    await queue?.flush(10_000, { deliveries: true });
    setDone(true);
  }, [queue]);

  if (done) {
    return (
      <section className="mx-auto max-w-xl space-y-4 px-4 py-12">
        <span className="inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
          {t('practiceLabel')}
        </span>
        <h1 className="text-2xl font-bold text-slate-900">{t('practice.doneHeading')}</h1>
        <Alert tone="success">
          {t('practice.doneText', { answered: String(answered), total: String(PRACTICE_QUESTIONS.length) })}
        </Alert>
        <div className="flex flex-wrap gap-3">
          <Button
            onClick={() => {
              if (!user || now === null) return;
              setStartedAt(practiceStart(user.id, now, true));
              setDone(false);
            }}
          >
            {t('practice.again')}
          </Button>
          <Link to={paths.profile} className={buttonClasses('secondary')}>
            {t('returnToProfile')}
          </Link>
        </div>
      </section>
    );
  }
  if (!queue || now === null || startedAt === null) return <ExamLoading />;
  return (
    <>
      <div className="mx-auto mt-3 max-w-6xl px-3 sm:px-6">
        <Alert tone="info">{t('practiceNote')}</Alert>
      </div>
      <ExamScreen
        title={t('practiceTitle')}
        practice
        questions={PRACTICE_QUESTIONS}
        endsAt={startedAt + PRACTICE_MINUTES * 60_000}
        now={now}
        queue={queue}
        {...recording}
        onSubmit={finish}
        onTimeUp={() => void finish()}
      />
    </>
  );
}
