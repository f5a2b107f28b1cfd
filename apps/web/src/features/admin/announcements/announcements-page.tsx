import {
  type AdminAnnouncement,
  ANNOUNCEMENT_RATE,
  AnnouncementInputSchema,
  SEGMENT_KINDS,
} from '@ngso/shared/schemas/announcements';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { fieldMessages, translateMessage } from '../../../i18n/message.ts';
import { serverFieldErrors } from '../../../lib/api-error.ts';
import { formatInDhaka } from '../../../lib/dates.ts';
import { useActionError } from '../console/action-error.ts';
import { AdminSection } from '../console/admin-section.tsx';
import { cardClasses } from '../console/card.ts';
import { ConfirmDialog } from '../console/confirm-dialog.tsx';
import { useCurrentCompetition } from '../console/current-competition.ts';
import { ListReadStates } from '../console/load-states.tsx';
import { SuccessNotice } from '../console/notice.tsx';
import { HeadedTable, tdClasses } from '../console/table.tsx';
import { useCanUse } from '../console/use-can-use.ts';
import {
  useAdminAnnouncementsQuery,
  usePreviewAnnouncementMutation,
  useSendAnnouncementMutation,
} from './api.ts';
import {
  minutesToSend,
  type SegmentDraft,
  type SegmentKind,
  segmentOf,
  segmentValue,
  segmentValues,
} from './segment.ts';

type Draft = {
  title_en: string;
  title_bn: string;
  body_en: string;
  body_bn: string;
  segment: SegmentDraft;
  rate: string;
};

const EMPTY: Draft = {
  title_en: '',
  title_bn: '',
  body_en: '',
  body_bn: '',
  segment: { kind: '', value: '' },
  rate: String(ANNOUNCEMENT_RATE.default),
};

/**
 * The console's announcements (decision 032): a notice written in English and Bangla, sent to a segment
 * (everyone, a category, a registration status, a division, the approved entrants of a pick-up spot) at
 * a rate of mails a minute, after the count is shown and the send confirmed; the sent notices with their
 * mails delivered, failed and pending (refreshed while some are pending) and how many students read them.
 */
export function AnnouncementsPage() {
  const { t } = useTranslation('admin');
  const actionError = useActionError();
  const competition = useCurrentCompetition();
  const [pendingMails, setPendingMails] = useState(false);
  const list = useAdminAnnouncementsQuery(competition, {
    skip: !useCanUse('announcements'),
    pollingInterval: pendingMails ? 10_000 : 0,
  });
  const [preview, previewing] = usePreviewAnnouncementMutation();
  const [send, sending] = useSendAnnouncementMutation();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [count, setCount] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const announcements = list.data ?? [];
  const anyPending = announcements.some((announcement) => announcement.pending > 0);
  if (anyPending !== pendingMails) setPendingMails(anyPending);

  const set = (field: Exclude<keyof Draft, 'segment'>) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
  };
  const setSegment = (segment: SegmentDraft) => {
    setCount(null);
    setDraft((current) => ({ ...current, segment }));
  };

  const kindLabel = (kind: SegmentKind) => t(`announcements.kind.${kind}`);
  const valueLabel = (kind: SegmentKind, value: string) => {
    if (kind === 'category') return t(`category.${value as 'junior'}`);
    if (kind === 'status') return t(`status.${value as 'pending'}`);
    if (kind === 'pickup' && value === 'own') return t('announcements.ownTransport');
    return value;
  };
  const describe = (announcement: AdminAnnouncement) => {
    const value = segmentValue(announcement.segment);
    const kind = kindLabel(announcement.segment.kind);
    return value ? `${kind}: ${valueLabel(announcement.segment.kind, value)}` : kind;
  };

  /** The shared schema checks the form before anything is sent (the server checks the same). */
  const validate = () => {
    const segment = segmentOf(draft.segment);
    const parsed = AnnouncementInputSchema.safeParse({
      ...draft,
      segment: segment ?? undefined,
      rate_per_minute: draft.rate.trim() === '' ? undefined : Number(draft.rate),
    });
    const local = fieldMessages(parsed.error?.issues);
    if (!segment) local.segment = t('announcements.chooseSegment');
    setErrors(local);
    return parsed.success && segment ? parsed.data : null;
  };

  const countRecipients = async () => {
    const segment = segmentOf(draft.segment);
    setFormError(null);
    if (!segment) {
      setErrors((current) => ({ ...current, segment: t('announcements.chooseSegment') }));
      return null;
    }
    setErrors(({ segment: _gone, ...rest }) => rest);
    try {
      const recipients = await preview({ competition, segment }).unwrap();
      setCount(recipients);
      return recipients;
    } catch (failure) {
      setFormError(actionError(failure));
      return null;
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (!validate()) return;
    const recipients = await countRecipients();
    if (recipients === null) return;
    if (recipients === 0) {
      setFormError(translateMessage('announcement.noRecipients') ?? null);
      return;
    }
    sending.reset();
    setConfirming(recipients);
  };

  const runSend = async () => {
    const fields = validate();
    if (!fields) {
      setConfirming(null);
      return;
    }
    try {
      const sent = await send({ competition, ...fields }).unwrap();
      setNotice(t('announcements.sent', { title: sent.title_en, count: sent.recipients }));
      setDraft(EMPTY);
      setCount(null);
      setConfirming(null);
    } catch (failure) {
      setErrors(serverFieldErrors(failure));
    }
  };

  const kind = draft.segment.kind;
  const rate = Number(draft.rate) || ANNOUNCEMENT_RATE.default;

  return (
    <AdminSection section="announcements" title={t('announcements.title')}>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t('announcements.intro')}</p>
      <SuccessNotice text={notice} className="mb-4" />

      <form onSubmit={onSubmit} noValidate className={`${cardClasses} mb-6 space-y-3 p-4 sm:p-5`}>
        <h2 className="text-lg font-semibold text-slate-900">{t('announcements.formTitle')}</h2>
        <div className="grid gap-3 md:grid-cols-2">
          <TextField
            label={t('announcements.fieldTitleEn')}
            value={draft.title_en}
            maxLength={200}
            error={errors.title_en}
            onChange={(event) => set('title_en')(event.target.value)}
          />
          <TextField
            label={t('announcements.fieldTitleBn')}
            lang="bn"
            value={draft.title_bn}
            maxLength={200}
            error={errors.title_bn}
            onChange={(event) => set('title_bn')(event.target.value)}
          />
          <TextAreaField
            label={t('announcements.fieldBodyEn')}
            rows={5}
            maxLength={5000}
            value={draft.body_en}
            error={errors.body_en}
            onChange={(event) => set('body_en')(event.target.value)}
          />
          <TextAreaField
            label={t('announcements.fieldBodyBn')}
            lang="bn"
            rows={5}
            maxLength={5000}
            value={draft.body_bn}
            error={errors.body_bn}
            onChange={(event) => set('body_bn')(event.target.value)}
          />
          <SelectField
            label={t('announcements.fieldSegment')}
            placeholder={t('announcements.chooseSegment')}
            options={SEGMENT_KINDS.map((value) => ({ value, label: kindLabel(value) }))}
            value={kind}
            error={kind === '' || kind === 'everyone' ? errors.segment : undefined}
            onChange={(event) => setSegment({ kind: event.target.value as SegmentKind | '', value: '' })}
          />
          {kind !== '' && kind !== 'everyone' ? (
            <SelectField
              label={kindLabel(kind)}
              placeholder={t('announcements.chooseValue')}
              options={segmentValues(kind).map((value) => ({ value, label: valueLabel(kind, value) }))}
              value={draft.segment.value}
              error={errors.segment}
              onChange={(event) => setSegment({ kind, value: event.target.value })}
            />
          ) : (
            <div className="hidden md:block" />
          )}
          <TextField
            type="number"
            inputMode="numeric"
            label={t('announcements.fieldRate')}
            hint={t('announcements.rateHint', { max: String(ANNOUNCEMENT_RATE.max) })}
            min={ANNOUNCEMENT_RATE.min}
            max={ANNOUNCEMENT_RATE.max}
            value={draft.rate}
            error={errors.rate_per_minute}
            onChange={(event) => set('rate')(event.target.value)}
          />
        </div>
        <p role="status" className="min-h-5 text-sm text-slate-800">
          {count === null ? '' : t('announcements.count', { count })}
        </p>
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            pending={previewing.isLoading && confirming === null}
            onClick={() => void countRecipients()}
          >
            {t('announcements.preview')}
          </Button>
          <Button type="submit" pending={previewing.isLoading}>
            {t('announcements.send')}
          </Button>
        </div>
      </form>

      <h2 className="mb-3 text-lg font-semibold text-slate-900">{t('announcements.listTitle')}</h2>
      <ListReadStates read={list} empty={announcements.length === 0} none={t('announcements.none')} />
      {announcements.length > 0 ? (
        <div className={`${cardClasses} overflow-x-auto`}>
          <HeadedTable
            testId="announcements-table"
            columns={[
              { label: t('announcements.colSent') },
              { label: t('announcements.colNotice') },
              { label: t('announcements.colSegment') },
              { label: t('announcements.colRecipients') },
              { label: t('announcements.colDelivered') },
              { label: t('announcements.colFailed') },
              { label: t('announcements.colPending') },
              { label: t('announcements.colRead') },
            ]}
          >
            {announcements.map((announcement) => (
              <tr key={announcement.id}>
                <td className={`${tdClasses} whitespace-nowrap`}>
                  {formatInDhaka(announcement.sent_at, 'd MMM yyyy, HH:mm')}
                </td>
                <th scope="row" className={`${tdClasses} font-semibold`}>
                  {announcement.title_en}
                  <span className="block font-normal text-slate-700" lang="bn">
                    {announcement.title_bn}
                  </span>
                  <span className="block text-xs font-normal text-slate-600">
                    {t('announcements.rate', { rate: String(announcement.rate_per_minute) })}
                  </span>
                </th>
                <td className={tdClasses}>{describe(announcement)}</td>
                <td className={tdClasses}>{announcement.recipients}</td>
                <td className={tdClasses}>{announcement.delivered}</td>
                <td className={`${tdClasses} ${announcement.failed > 0 ? 'font-semibold text-red-700' : ''}`}>
                  {announcement.failed}
                </td>
                <td className={tdClasses}>{announcement.pending}</td>
                <td className={tdClasses}>{announcement.read}</td>
              </tr>
            ))}
          </HeadedTable>
        </div>
      ) : null}

      <ConfirmDialog
        open={confirming !== null}
        title={t('announcements.confirmTitle')}
        confirmLabel={t('announcements.confirmSend')}
        action={sending}
        onConfirm={() => void runSend()}
        onClose={() => setConfirming(null)}
      >
        {confirming !== null
          ? t('announcements.confirmText', {
              title: draft.title_en,
              count: confirming,
              rate: String(rate),
              minutes: String(minutesToSend(confirming, rate)),
            })
          : null}
      </ConfirmDialog>
    </AdminSection>
  );
}
