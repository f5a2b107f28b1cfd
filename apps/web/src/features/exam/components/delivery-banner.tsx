import { useTranslation } from 'react-i18next';
import type { QueueState } from '../queue-state.ts';

type DeliveryBannerProps = {
  state: QueueState;
  /** The exam has ended for this student (the time is up, or it was submitted). */
  ended: boolean;
};

/**
 * Where the student's work is, in one sentence, until the server has all of it: answers waiting to be
 * recorded, photos recorded and still sending (after the end: keep the page open or come back), late
 * photos on their way.
 */
export function DeliveryBanner({ state, ended }: DeliveryBannerProps) {
  const { t } = useTranslation('exam');
  let text: string | null = null;
  let tone = 'border-sky-200 bg-sky-50 text-sky-900';
  if (state.waiting > 0) {
    text = state.offline ? t('offline', { count: state.waiting }) : t('saving', { count: state.waiting });
    if (state.offline) tone = 'border-amber-300 bg-amber-50 text-amber-900';
  } else if (state.sending > 0) {
    if (ended) text = t('stillSending', { count: state.sending });
    else if (state.offline) text = t('offlineRecorded', { count: state.sending });
    else text = t('photosSending', { count: state.sending });
    if (state.offline || ended) tone = 'border-amber-300 bg-amber-50 text-amber-900';
  } else if (state.sendingLate > 0) {
    text = t('lateStillSending', { count: state.sendingLate });
    tone = 'border-amber-300 bg-amber-50 text-amber-900';
  } else if (state.offline && !ended) {
    text = t('offlineNothing');
    tone = 'border-amber-300 bg-amber-50 text-amber-900';
  }
  return (
    <div role="status" aria-live="polite">
      {text ? (
        <p
          className={`mt-3 rounded-lg border px-4 py-2 text-sm font-medium ${tone}`}
          data-testid="save-banner"
        >
          {text}
        </p>
      ) : null}
    </div>
  );
}
