import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { loadNamespaces } from '../../../i18n/i18n.ts';
import { hasQueuedWork } from '../queue-records.ts';
import { serverTransport } from '../transport.ts';
import { useAnswerQueue } from '../use-answer-queue.ts';
import { DeliveryBanner } from './delivery-banner.tsx';

/**
 * On the profile: exam photos a previous visit left on this device go on sending from here (a student
 * who closed the page after the exam and comes back later), and the student sees how many are left.
 * Renders nothing when this device has nothing of theirs to send.
 */
export function ExamPhotosResume({ userId }: { userId: string }) {
  const { t } = useTranslation('exam');
  const scope = `exam:${userId}`;
  const [found, setFound] = useState(false);
  useEffect(() => {
    let active = true;
    void (async () => {
      if (!(await hasQueuedWork(scope))) return;
      // The profile does not load the exam's texts unless there is something to show.
      await loadNamespaces(['exam']);
      if (active) setFound(true);
    })();
    return () => {
      active = false;
    };
  }, [scope]);
  const { state } = useAnswerQueue({
    scope: found ? scope : null,
    transport: () => serverTransport,
    warnOnLeave: false,
  });
  if (!found || state.waiting + state.sending + state.sendingLate === 0) return null;
  return (
    <section
      className="rounded-2xl border border-amber-200 bg-white p-5 shadow-sm"
      aria-labelledby="exam-photos-title"
      data-testid="exam-photos-resume"
    >
      <h2 id="exam-photos-title" className="font-semibold text-slate-900">
        {t('resume.heading')}
      </h2>
      <DeliveryBanner state={state} ended />
      <Link to={paths.submissionSuccess} className="mt-3 inline-block font-semibold text-sky-800 underline">
        {t('resume.link')}
      </Link>
    </section>
  );
}
