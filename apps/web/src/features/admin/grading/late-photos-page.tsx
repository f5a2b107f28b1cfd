import type { AdminLatePhoto } from '@ngso/shared/schemas/results';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorStatus } from '../../../lib/api-error.ts';
import { formatInDhaka } from '../../../lib/dates.ts';
import { useActionError } from '../console/action-error.ts';
import { AdminSection } from '../console/admin-section.tsx';
import { cardClasses } from '../console/card.ts';
import { CategoryTabs, useCategoryParam } from '../console/category-picker.tsx';
import { useCurrentCompetition } from '../console/current-competition.ts';
import { pageCount } from '../console/filters.ts';
import { ImageViewer, type ViewState } from '../console/image-viewer.tsx';
import { LoadError, Loading } from '../console/load-states.tsx';
import { Pager } from '../console/pager.tsx';
import { PhotoReceipt, shownReceipt } from '../console/photo-receipt.tsx';
import { useCanUse } from '../console/use-can-use.ts';
import { durationParts, latenessOf } from './late-photos.ts';
import {
  type LatePhotosPage as PageOf,
  useDecideLatePhotoMutation,
  useLatePhotosQuery,
} from './late-photos-api.ts';

/** While a photo is still arriving or being processed, the list is read again this often. */
const POLL_MS = 10_000;
const TIME = 'd MMM, HH:mm:ss';

const unsettled = (photos: readonly AdminLatePhoto[] | undefined) =>
  photos?.some((photo) => photo.state === 'arriving' || photo.state === 'processing') ?? false;

/**
 * Late photos of a category (sent after a student's end and the grace): who, which question, how late
 * by the server's clock and by the phone's, the photo itself, and the organiser's decision on each.
 */
export function LatePhotosPage() {
  const { t } = useTranslation('admin');
  const allowed = useCanUse('latePhotos');
  const competition = useCurrentCompetition();
  const [category, setCategory] = useCategoryParam();
  const [page, setPage] = useState(1);
  // Another category or competition starts at its first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reset follows the category and competition
  useEffect(() => setPage(1), [category, competition]);
  const of: PageOf = { competition, category, page };
  const [poll, setPoll] = useState(false);
  const list = useLatePhotosQuery(of, { skip: !allowed, pollingInterval: poll ? POLL_MS : 0 });
  useEffect(() => setPoll(unsettled(list.data?.data)), [list.data]);

  // A category without an exam has no late photos (the server answers 404 for its exam).
  const noExam = list.isError && errorStatus(list.error) === 404;
  const photos = noExam ? [] : list.data?.data;
  const pending = list.data?.meta.pending ?? 0;

  return (
    <AdminSection section="latePhotos" title={t('latePhotos.title')}>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t('latePhotos.intro')}</p>
      <CategoryTabs value={category} onChange={setCategory} />
      {list.isLoading ? <Loading /> : null}
      {list.isError && !noExam ? <LoadError error={list.error} onRetry={list.refetch} /> : null}
      {photos && photos.length === 0 ? <Alert tone="info">{t('latePhotos.none')}</Alert> : null}
      {photos && photos.length > 0 ? (
        <>
          <p
            className="mb-3 text-sm font-medium text-slate-800"
            aria-live="polite"
            data-testid="late-pending"
          >
            {t('latePhotos.pendingCount', { count: pending })}
          </p>
          <ul
            aria-label={t('latePhotos.caption', { category: t(`category.${category}`) })}
            className="grid gap-4 lg:grid-cols-2"
          >
            {photos.map((photo) => (
              <li key={`${photo.user_id}/${photo.sha256}`}>
                <LatePhotoCard photo={photo} of={of} />
              </li>
            ))}
          </ul>
          {list.data ? (
            <Pager
              page={page}
              pages={pageCount(list.data.meta.total, list.data.meta.per_page)}
              total={list.data.meta.total}
              onPage={setPage}
            />
          ) : null}
        </>
      ) : null}
    </AdminSection>
  );
}

function LatePhotoCard({ photo, of }: { photo: AdminLatePhoto; of: PageOf }) {
  const { t } = useTranslation('admin');
  const actionError = useActionError();
  const headingId = useId();
  const [decide, sending] = useDecideLatePhotoMutation();
  const [choice, setChoice] = useState<AdminLatePhoto['decision'] | null>(null);
  const [viewing, setViewing] = useState(false);
  const [view, setView] = useState<ViewState>({ zoom: 1, rotation: 0 });

  const duration = (ms: number) => {
    const parts = durationParts(ms);
    if (parts.unit === 'seconds') return t('latePhotos.seconds', { seconds: String(parts.seconds) });
    if (parts.unit === 'minutes') {
      return t('latePhotos.minutes', { minutes: String(parts.minutes), seconds: String(parts.seconds) });
    }
    return t('latePhotos.hours', { hours: String(parts.hours), minutes: String(parts.minutes) });
  };
  const time = (iso: string) => formatInDhaka(iso, TIME);
  const { receivedAfter, takenAfter } = latenessOf(photo);
  const number = String(photo.question_position);
  const who = photo.roll_number
    ? t('latePhotos.student', { name: photo.name, roll: photo.roll_number })
    : photo.name;
  const alt = t('latePhotos.alt', { name: photo.name, number });
  const receipt = shownReceipt(photo);

  const choose = async (decision: 'accepted' | 'rejected') => {
    if (sending.isLoading || photo.decision === decision) return;
    setChoice(decision);
    await decide({ ...of, user_id: photo.user_id, sha256: photo.sha256, decision })
      .unwrap()
      .catch(() => undefined);
    setChoice(null);
  };

  return (
    <article aria-labelledby={headingId} className={`${cardClasses} space-y-3`} data-testid="late-photo">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {who} <span className="font-normal text-slate-600">· {t('latePhotos.question', { number })}</span>
      </h2>
      <div className="space-y-1 text-sm text-slate-700">
        <p data-testid="late-received">
          {t('latePhotos.received', {
            time: time(photo.received_at),
            late: duration(receivedAfter),
            end: time(photo.ends_at),
          })}
        </p>
        <p data-testid="late-taken">
          {photo.taken_at === null || takenAfter === null
            ? t('latePhotos.noPhoneTime')
            : t(takenAfter < 0 ? 'latePhotos.takenBefore' : 'latePhotos.takenAfter', {
                time: time(photo.taken_at),
                gap: duration(takenAfter),
              })}
        </p>
        {photo.taken_at !== null ? <p className="text-slate-500">{t('latePhotos.phoneNote')}</p> : null}
      </div>
      {receipt ? <PhotoReceipt receipt={receipt} /> : null}

      {photo.state === 'ready' ? (
        <button
          type="button"
          onClick={() => setViewing(true)}
          className="block w-full rounded-xl bg-slate-800 p-1 text-sm font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500"
        >
          <img
            src={photo.url ?? undefined}
            alt={alt}
            className="mx-auto max-h-72 w-auto object-contain"
            loading="lazy"
          />
          <span className="block py-1">{t('latePhotos.open')}</span>
        </button>
      ) : (
        <p
          className="rounded-xl bg-slate-100 px-4 py-8 text-center text-sm font-medium text-slate-800"
          data-testid="late-photo-state"
        >
          {t(`latePhotos.state.${photo.state}`)}
        </p>
      )}

      <div aria-live="polite" className="text-sm">
        <p className="font-semibold text-slate-900" data-testid="late-decision">
          {t(`latePhotos.decision.${photo.decision}`)}
        </p>
        {photo.decided_at ? (
          <p className="text-slate-600">{t('latePhotos.decidedAt', { time: time(photo.decided_at) })}</p>
        ) : null}
      </div>
      {sending.isError ? <Alert tone="error">{actionError(sending.error)}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        {(['accepted', 'rejected'] as const).map((decision) => (
          <Button
            key={decision}
            variant={photo.decision === decision ? 'primary' : 'secondary'}
            aria-pressed={photo.decision === decision}
            pending={sending.isLoading && choice === decision}
            disabled={sending.isLoading && choice !== decision}
            aria-describedby={headingId}
            onClick={() => void choose(decision)}
          >
            {t(decision === 'accepted' ? 'latePhotos.accept' : 'latePhotos.reject')}
          </Button>
        ))}
      </div>

      <Modal
        open={viewing}
        onClose={() => setViewing(false)}
        title={t('latePhotos.viewerTitle', { name: photo.name, number })}
        closeLabel={t('close')}
        className="max-w-4xl"
      >
        <ImageViewer pages={[{ key: photo.sha256, url: photo.url, receipt }]} view={view} onView={setView} />
      </Modal>
    </article>
  );
}
