import type { LookAlike, LookAlikePhoto, LookAlikeStatus } from '@ngso/shared/schemas/look-alikes';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { formatInDhaka } from '../../../lib/dates.ts';
import { useActionError } from '../console/action-error.ts';
import { AdminSection } from '../console/admin-section.tsx';
import { cardClasses } from '../console/card.ts';
import { CategoryTabs, useCategoryParam } from '../console/category-picker.tsx';
import { useCurrentCompetition } from '../console/current-competition.ts';
import { LoadError, Loading } from '../console/load-states.tsx';
import { useCanUse } from '../console/use-can-use.ts';
import { type LookAlikesOf, useDecideLookAlikeMutation, useLookAlikesQuery } from './look-alikes-api.ts';

/** Photos are processed as they arrive during the delivery hour: the list is read again this often. */
const POLL_MS = 30_000;
const FILTERS = ['all', 'open', 'referred', 'dismissed'] as const;

/**
 * Answer photos of two finalists that look alike, or are the same file: both side by side, the finalists'
 * roll numbers and questions, and the organiser's decision (dismiss, or refer with a note). Admins only.
 */
export function LookAlikesPage() {
  const { t } = useTranslation('admin');
  const allowed = useCanUse('lookAlikes');
  const competition = useCurrentCompetition();
  const [category, setCategory] = useCategoryParam();
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>('all');
  const of: LookAlikesOf = { competition, category, status: filter === 'all' ? undefined : filter };
  const list = useLookAlikesQuery(of, { skip: !allowed, pollingInterval: POLL_MS });
  const pairs = list.data;

  return (
    <AdminSection section="lookAlikes" title={t('lookAlikes.title')}>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t('lookAlikes.intro')}</p>
      <CategoryTabs value={category} onChange={setCategory} />
      <fieldset className="mb-4 flex flex-wrap gap-2">
        <legend className="sr-only">{t('lookAlikes.filter')}</legend>
        {FILTERS.map((value) => (
          <Button
            key={value}
            variant={filter === value ? 'primary' : 'secondary'}
            aria-pressed={filter === value}
            onClick={() => setFilter(value)}
          >
            {t(`lookAlikes.filter.${value}`)}
          </Button>
        ))}
      </fieldset>
      {list.isLoading ? <Loading /> : null}
      {list.isError ? <LoadError error={list.error} onRetry={list.refetch} /> : null}
      {pairs && pairs.length === 0 ? <Alert tone="info">{t('lookAlikes.none')}</Alert> : null}
      {pairs && pairs.length > 0 ? (
        <ul
          aria-label={t('lookAlikes.caption', { category: t(`category.${category}`) })}
          className="space-y-4"
        >
          {pairs.map((pair) => (
            <li key={pair.id}>
              <LookAlikeCard pair={pair} of={of} />
            </li>
          ))}
        </ul>
      ) : null}
    </AdminSection>
  );
}

const finalist = (t: ReturnType<typeof useTranslation<'admin'>>['t'], photo: LookAlikePhoto) =>
  t('lookAlikes.finalist', {
    roll: photo.roll_number ?? '—',
    name: photo.name,
    number: String(photo.question_position),
  });

function LookAlikeCard({ pair, of }: { pair: LookAlike; of: LookAlikesOf }) {
  const { t } = useTranslation('admin');
  const actionError = useActionError();
  const headingId = useId();
  const [decide, sending] = useDecideLookAlikeMutation();
  const [referring, setReferring] = useState(false);
  const [note, setNote] = useState('');

  const send = async (decision: 'dismissed' | 'referred') => {
    const done = await decide({
      competition: of.competition,
      category: of.category,
      id: pair.id,
      decision,
      ...(decision === 'referred' ? { note } : {}),
    })
      .unwrap()
      .catch(() => null);
    if (done) setReferring(false);
  };

  return (
    <article aria-labelledby={headingId} className={`${cardClasses} space-y-3`} data-testid="look-alike">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {pair.same_file
          ? t('lookAlikes.sameFile')
          : t('lookAlikes.distance', { distance: String(pair.distance) })}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        {[pair.first, pair.second].map((photo) => (
          <figure key={`${photo.user_id}/${photo.sha256}`} className="space-y-1">
            <a
              href={photo.url}
              target="_blank"
              rel="noreferrer"
              className="block rounded-xl bg-slate-800 p-1"
            >
              <img
                src={photo.url}
                alt={t('lookAlikes.alt', {
                  roll: photo.roll_number ?? '—',
                  number: String(photo.question_position),
                })}
                className="mx-auto max-h-96 w-auto object-contain"
                loading="lazy"
              />
            </a>
            <figcaption className="text-sm font-medium text-slate-800">{finalist(t, photo)}</figcaption>
          </figure>
        ))}
      </div>
      <div aria-live="polite" className="text-sm">
        <p className="font-semibold text-slate-900" data-testid="look-alike-status">
          {t(`lookAlikes.status.${pair.status as LookAlikeStatus}`)}
        </p>
        {pair.note ? (
          <p className="whitespace-pre-line text-slate-700">{t('lookAlikes.note', { note: pair.note })}</p>
        ) : null}
        {pair.decided_at ? (
          <p className="text-slate-600">
            {t('lookAlikes.decidedAt', { time: formatInDhaka(pair.decided_at, 'd MMM, HH:mm') })}
          </p>
        ) : null}
      </div>
      {sending.isError ? <Alert tone="error">{actionError(sending.error)}</Alert> : null}
      {referring ? (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            void send('referred');
          }}
        >
          <TextAreaField
            label={t('lookAlikes.noteLabel')}
            hint={t('lookAlikes.noteHint')}
            value={note}
            maxLength={2000}
            required
            onChange={(event) => setNote(event.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" pending={sending.isLoading}>
              {t('lookAlikes.sendReferral')}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setReferring(false)}>
              {t('lookAlikes.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            aria-describedby={headingId}
            pending={sending.isLoading}
            onClick={() => void send('dismissed')}
          >
            {t('lookAlikes.dismiss')}
          </Button>
          <Button variant="secondary" aria-describedby={headingId} onClick={() => setReferring(true)}>
            {t('lookAlikes.refer')}
          </Button>
        </div>
      )}
    </article>
  );
}
