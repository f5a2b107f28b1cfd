import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatInDhaka } from '../../../lib/dates.ts';
import { useGetAnnouncementsQuery, useMarkAnnouncementReadMutation } from '../announcements-api.ts';
import { type NoticeToShow, unreadNotices } from '../unread-notices.ts';

/** One notice: its title, when it was sent, its text, and Mark as read. */
function Notice({ notice, onRead }: { notice: NoticeToShow; onRead: (id: string) => Promise<boolean> }) {
  const { t } = useTranslation('profile');
  const titleId = useId();
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const markRead = async () => {
    setPending(true);
    setFailed(false);
    const done = await onRead(notice.id);
    // On success the notice leaves the list (this component with it).
    if (!done) {
      setPending(false);
      setFailed(true);
    }
  };
  return (
    <li>
      <article aria-labelledby={titleId} className="rounded-xl border border-sky-200 bg-sky-50/60 p-4">
        <h3 id={titleId} lang={notice.lang} className="font-semibold break-words text-slate-900">
          {notice.title}
        </h3>
        <p className="text-xs text-slate-600">
          {t('notices.sentOn', { date: formatInDhaka(notice.sentAt, 'MMM d, yyyy, h:mm a', notice.lang) })}
        </p>
        <p lang={notice.lang} className="mt-2 text-sm break-words whitespace-pre-line text-slate-800">
          {notice.body}
        </p>
        {failed ? (
          <Alert tone="error" className="mt-3">
            {t('notices.markFailed')}
          </Alert>
        ) : null}
        <Button
          variant="secondary"
          className="mt-3"
          pending={pending}
          aria-label={t('notices.markReadLabel', { title: notice.title })}
          onClick={() => void markRead()}
        >
          {t('notices.markRead')}
        </Button>
      </article>
    </li>
  );
}

/**
 * The organisers' notices on the profile (decision 032): the unread ones, in the reader's language, each
 * until the student marks it read. Nothing is shown when there is none (or the list cannot be loaded: the
 * notices also came by mail).
 */
export function NoticesCard() {
  const { t, i18n } = useTranslation('profile');
  const headingId = useId();
  const list = useGetAnnouncementsQuery();
  const [markRead] = useMarkAnnouncementReadMutation();
  const [marked, setMarked] = useState(0);
  const status = useRef<HTMLParagraphElement>(null);
  const notices = unreadNotices(list.data ?? [], i18n.language);

  // The button pressed leaves with its notice: focus goes to the message that says it was marked.
  useEffect(() => {
    if (marked > 0) status.current?.focus();
  }, [marked]);

  const onRead = async (id: string) => {
    const done = await markRead(id)
      .unwrap()
      .then(() => true)
      .catch(() => false);
    if (done) setMarked((count) => count + 1);
    return done;
  };

  const markedMessage =
    marked > 0 ? (
      <p
        ref={status}
        role="status"
        tabIndex={-1}
        className="mb-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800 focus-visible:outline-2 focus-visible:outline-sky-500"
      >
        {t('notices.marked')}
      </p>
    ) : null;

  if (notices.length === 0) return markedMessage;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="profile-notices"
    >
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-slate-900">
        {t('notices.title')}
      </h2>
      {markedMessage}
      <ul className="space-y-3">
        {notices.map((notice) => (
          <Notice key={notice.id} notice={notice} onRead={onRead} />
        ))}
      </ul>
    </section>
  );
}
