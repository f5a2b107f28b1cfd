import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { announcementDue, type TimeAnnouncement } from '../time-announcements.ts';

/**
 * The exam clock for a screen reader: a polite status region, apart from the visible clock (which stays
 * `aria-live="off"` so it is never read each second), saying the time left at the thresholds of
 * time-announcements.ts. It keeps what to say, not the sentence, so a language switch re-words it.
 */
export function TimeAnnouncer({ secondsLeft }: { secondsLeft: number }) {
  const { t } = useTranslation('exam');
  const previous = useRef<number | null>(null);
  const [announcement, setAnnouncement] = useState<TimeAnnouncement | null>(null);

  useEffect(() => {
    const due = announcementDue(previous.current, secondsLeft);
    previous.current = secondsLeft;
    if (due) setAnnouncement(due);
  }, [secondsLeft]);

  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="time-announcer">
      {announcement ? sentence(announcement, t) : ''}
    </div>
  );
}

function sentence({ minutes, exact }: TimeAnnouncement, t: TFunction<'exam'>) {
  if (minutes === 0) return t('announce.timeUp');
  return exact
    ? t('announce.minutesLeft', { count: minutes })
    : t('announce.underMinutesLeft', { count: minutes });
}
