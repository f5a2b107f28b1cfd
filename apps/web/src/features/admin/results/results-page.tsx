import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { errorStatus } from '../../../lib/api-error.ts';
import { formatInDhaka } from '../../../lib/dates.ts';
import { selectUser } from '../../auth/slice.ts';
import { AdminSection } from '../console/admin-section.tsx';
import { CategoryTabs, useCategoryParam } from '../console/category-picker.tsx';
import { ConfirmDialog } from '../console/confirm-dialog.tsx';
import { scoped } from '../console/current-competition.ts';
import { LoadError, Loading } from '../console/load-states.tsx';
import { ConsoleTable, TableEmptyRow, tdClasses } from '../console/table.tsx';
import { GradingNotOpen, gradingNotOpenFor } from '../grading/grading-not-open.tsx';
import { ReferredLookAlikes } from './referred-look-alikes.tsx';
import { usePublishResultsMutation, useStandingsQuery } from './results-api.ts';

/** A category's standings (total, rank with ties shared, award), the ungraded count, and publishing. */
export function ResultsPage() {
  const { t } = useTranslation('admin');
  const role = useSelector(selectUser)?.role;
  const isAdmin = role === 'admin';
  const [category, setCategory] = useCategoryParam();
  const standings = useStandingsQuery(category);
  const [publish, publishing] = usePublishResultsMutation();
  const [confirm, setConfirm] = useState(false);
  const [override, setOverride] = useState(false);
  // Refused (409) with every answer graded: photos are still arriving or late photos are undecided.
  const [photosOutstanding, setPhotosOutstanding] = useState(false);
  const [report, setReport] = useState<string | null>(null);

  const close = () => {
    setConfirm(false);
    setOverride(false);
    setPhotosOutstanding(false);
    publishing.reset();
  };
  const runPublish = async () => {
    const result = await publish({ category, override })
      .unwrap()
      .catch((error: unknown) => {
        if (errorStatus(error) === 409 && ungraded === 0 && !override) {
          setPhotosOutstanding(true);
          // The other refusal with this status: another admin published meanwhile.
          void standings.refetch();
        }
        return null;
      });
    if (!result) return;
    setReport(t('results.publishedReport', { count: result.participants }));
    close();
  };
  const data = standings.data;
  const ungraded = data?.ungraded ?? 0;
  const arriving = data?.photos_arriving ?? 0;
  const lateUndecided = data?.late_photos_undecided ?? 0;
  const photosPending = t('results.photosPending', {
    arriving: String(arriving),
    late: String(lateUndecided),
  });

  return (
    <AdminSection section="results" title={t('results.title')}>
      <CategoryTabs
        value={category}
        onChange={(next) => {
          setCategory(next);
          setReport(null);
        }}
      />
      {standings.isLoading ? <Loading /> : null}
      {standings.isError ? (
        gradingNotOpenFor(role, standings.error) ? (
          <GradingNotOpen />
        ) : (
          <LoadError error={standings.error} onRetry={standings.refetch} />
        )
      ) : null}
      {report ? (
        <Alert tone="success" className="mb-3">
          {report}
        </Alert>
      ) : null}
      {data ? (
        <>
          {/* Graders never see look-alikes (grading stays blind); the admin who publishes does. */}
          {isAdmin && !data.published_at ? <ReferredLookAlikes category={category} /> : null}
          <div className="mb-4 flex flex-wrap items-center gap-3">
            <p className="text-sm font-medium text-slate-800" data-testid="ungraded-count">
              {t('results.ungraded', { count: ungraded })}
            </p>
            {arriving + lateUndecided > 0 && !data.published_at ? (
              <p className="text-sm font-medium text-amber-800" data-testid="photos-outstanding">
                {photosPending}
              </p>
            ) : null}
            <p className="text-sm text-slate-700">
              {data.published_at
                ? t('results.publishedAt', { date: formatInDhaka(data.published_at, 'd MMM yyyy, HH:mm') })
                : t('results.notPublished')}
            </p>
            {isAdmin && !data.published_at ? (
              <Button onClick={() => setConfirm(true)}>{t('results.publish')}</Button>
            ) : null}
            {isAdmin ? (
              <a
                href={`/api/${scoped(`v1/admin/results/${category}/export.csv`)}`}
                className={buttonClasses('secondary')}
                download
              >
                {t('results.export')}
              </a>
            ) : null}
            {isAdmin && data.published_at ? (
              // Every certificate of the category, for printing: the server streams the ZIP as it makes it.
              <a
                href={`/api/${scoped(`v1/admin/certificates/${category}.zip`)}`}
                className={buttonClasses('secondary')}
                download
              >
                {t('results.certificates')}
              </a>
            ) : null}
          </div>
          <ConsoleTable
            caption={t('results.caption', { category: t(`category.${category}`) })}
            columns={[
              { label: t('results.rank') },
              // Graders are not sent names: the roll number is all they need.
              ...(isAdmin ? [{ label: t('field.name') }] : []),
              { label: t('field.rollNumber') },
              { label: t('results.total') },
              { label: t('results.award') },
            ]}
          >
            {data.standings.length === 0 ? (
              <TableEmptyRow span={isAdmin ? 5 : 4}>{t('results.none')}</TableEmptyRow>
            ) : null}
            {data.standings.map((row) => (
              <tr key={row.user_id}>
                <td className={`${tdClasses} tabular-nums`}>{row.rank}</td>
                {isAdmin ? <td className={tdClasses}>{row.name}</td> : null}
                <td className={`${tdClasses} font-mono`}>{row.roll_number ?? '—'}</td>
                <td className={`${tdClasses} tabular-nums`}>{row.total}</td>
                <td className={tdClasses}>{row.award ? t(`award.${row.award}`) : '—'}</td>
              </tr>
            ))}
          </ConsoleTable>
        </>
      ) : null}
      <ConfirmDialog
        open={confirm}
        title={t('results.publishTitle', { category: t(`category.${category}`) })}
        confirmLabel={t('results.publishConfirm')}
        action={publishing}
        onConfirm={runPublish}
        onClose={close}
      >
        <p>{t('results.publishText', { count: data?.standings.length ?? 0 })}</p>
        {ungraded > 0 ? (
          <OverrideBox
            warning={t('results.ungradedWarning', { count: ungraded })}
            label={t('results.override')}
            note={t('results.overrideCoversPhotos')}
            checked={override}
            onChange={setOverride}
          />
        ) : null}
        {ungraded === 0 && (photosOutstanding || arriving + lateUndecided > 0) && !data?.published_at ? (
          <OverrideBox
            warning={arriving + lateUndecided > 0 ? photosPending : undefined}
            label={t('results.photosOverride')}
            checked={override}
            onChange={setOverride}
          />
        ) : null}
      </ConfirmDialog>
    </AdminSection>
  );
}

/** The warning before publishing anyway, and the explicit override it needs. */
function OverrideBox({
  warning,
  label,
  note,
  checked,
  onChange,
}: {
  warning?: string;
  label: string;
  note?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3">
      {warning ? <p className="mb-2 font-medium text-amber-900">{warning}</p> : null}
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          className="mt-0.5 size-5"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
        {label}
      </label>
      {note ? <p className="mt-2 text-amber-900">{note}</p> : null}
    </div>
  );
}
