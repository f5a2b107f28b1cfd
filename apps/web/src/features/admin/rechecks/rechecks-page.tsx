import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminRecheck,
  DecideRecheckSchema,
  type GraderRecheck,
  RECHECK_STATUSES,
  type RecheckSettings,
  RecheckSettingsSchema,
} from '@ngso/shared/schemas/rechecks';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { BilingualQuestion } from '../../../components/question-html.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { translateMessage } from '../../../i18n/message.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { selectUser } from '../../auth/slice.ts';
import { useActionError } from '../console/action-error.ts';
import { AdminSection } from '../console/admin-section.tsx';
import { cardClasses } from '../console/card.ts';
import { useCurrentCompetition } from '../console/current-competition.ts';
import { LoadError, Loading } from '../console/load-states.tsx';
import { ConsoleTable, TableEmptyRow, tdClasses } from '../console/table.tsx';
import { useCanUse } from '../console/use-can-use.ts';
import {
  useAssignRecheckMutation,
  useDecideRecheckMutation,
  useRecheckGradersQuery,
  useRecheckQueueQuery,
  useRecheckSettingsQuery,
  useRechecksToDecideQuery,
  useSaveRecheckSettingsMutation,
} from './rechecks-api.ts';

/**
 * Re-checks after results: admins set the window, questions and fee, and give each request to a grader
 * who did not mark it; every grader (and admin) decides the re-checks given to them, blind to the first mark.
 */
export function RechecksPage() {
  const { t } = useTranslation('admin');
  const isAdmin = useSelector(selectUser)?.role === 'admin';
  return (
    <AdminSection section="rechecks" title={t('rechecks.title')}>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t('rechecks.intro')}</p>
      <div className="space-y-8">
        <ToDecide />
        {isAdmin ? <Queue /> : null}
        {isAdmin ? <Settings /> : null}
      </div>
    </AdminSection>
  );
}

function Settings() {
  const { t } = useTranslation('admin');
  const competition = useCurrentCompetition();
  const settings = useRecheckSettingsQuery(competition);
  if (settings.isLoading) return <Loading />;
  if (settings.isError || !settings.data)
    return <LoadError error={settings.error} onRetry={settings.refetch} />;
  return (
    <section aria-labelledby="recheck-settings" className={`${cardClasses} space-y-3`}>
      <h2 id="recheck-settings" className="text-lg font-semibold text-slate-900">
        {t('rechecks.settings')}
      </h2>
      <SettingsForm key={competition} competition={competition} initial={settings.data} />
    </section>
  );
}

function SettingsForm({ competition, initial }: { competition: string; initial: RecheckSettings }) {
  const { t } = useTranslation('admin');
  const actionError = useActionError();
  const [save, saving] = useSaveRecheckSettingsMutation();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(RecheckSettingsSchema), defaultValues: initial });
  const onSave = handleSubmit(async (values) => {
    setNotice(undefined);
    try {
      await save({ competition, settings: values }).unwrap();
      setNotice({ tone: 'success', text: t('rechecks.saved') });
    } catch (failure) {
      applyServerFieldErrors(failure, setError, ['window_days', 'max_questions', 'fee_bdt']);
      setNotice({ tone: 'error', text: actionError(failure) });
    }
  });
  const field = (name: keyof RecheckSettings) => ({
    type: 'number',
    inputMode: 'numeric' as const,
    error: translateMessage(errors[name]?.message),
    ...register(name, { valueAsNumber: true }),
  });
  return (
    <form onSubmit={onSave} noValidate className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label={t('rechecks.windowDays')}
          hint={t('rechecks.windowHint')}
          {...field('window_days')}
        />
        <TextField label={t('rechecks.maxQuestions')} {...field('max_questions')} />
        <TextField label={t('rechecks.fee')} hint={t('rechecks.feeHint')} {...field('fee_bdt')} />
      </div>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <Button type="submit" pending={saving.isLoading}>
        {t('rechecks.save')}
      </Button>
    </form>
  );
}

function Queue() {
  const { t } = useTranslation('admin');
  const competition = useCurrentCompetition();
  const [status, setStatus] = useState('');
  const queue = useRecheckQueueQuery({ competition, status }, { skip: !useCanUse('rechecks') });
  const graders = useRecheckGradersQuery();
  return (
    <section aria-labelledby="recheck-queue" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="recheck-queue" className="text-lg font-semibold text-slate-900">
          {t('rechecks.queue')}
        </h2>
        <SelectField
          label={t('rechecks.status')}
          placeholder={t('rechecks.allStatuses')}
          value={status}
          onChange={(event) => setStatus(event.target.value)}
          options={RECHECK_STATUSES.map((value) => ({ value, label: t(`rechecks.status.${value}`) }))}
        />
      </div>
      {queue.isLoading ? <Loading /> : null}
      {queue.isError ? <LoadError error={queue.error} onRetry={queue.refetch} /> : null}
      {queue.data ? (
        <ConsoleTable
          caption={t('rechecks.queue')}
          columns={[
            { label: t('rechecks.student') },
            { label: t('rechecks.question') },
            { label: t('rechecks.reason'), from: 'md' },
            { label: t('rechecks.firstGrader'), from: 'lg' },
            { label: t('rechecks.outcome') },
            { label: t('rechecks.grader') },
          ]}
          testId="recheck-queue"
        >
          {queue.data.length === 0 ? <TableEmptyRow span={6}>{t('rechecks.none')}</TableEmptyRow> : null}
          {queue.data.map((recheck) => (
            <QueueRow key={recheck.id} recheck={recheck} graders={graders.data ?? []} />
          ))}
        </ConsoleTable>
      ) : null}
    </section>
  );
}

function QueueRow({
  recheck,
  graders,
}: {
  recheck: AdminRecheck;
  graders: { id: string; name: string; role: string }[];
}) {
  const { t } = useTranslation('admin');
  const actionError = useActionError();
  const [assign, assigning] = useAssignRecheckMutation();
  const [choice, setChoice] = useState(recheck.grader_id ?? '');
  const choices = graders.filter((grader) => grader.id !== recheck.first_grader_id);
  const outcome =
    recheck.status !== 'decided'
      ? t(`rechecks.status.${recheck.status}`)
      : recheck.outcome === 'kept'
        ? t('rechecks.kept', { marks: String(recheck.marks_before) })
        : t('rechecks.changed', { before: String(recheck.marks_before), after: String(recheck.marks_after) });
  return (
    <tr data-testid="recheck-row">
      <td className={tdClasses}>
        {recheck.name}
        <span className="block text-xs text-slate-500">
          {recheck.roll_number} · {t(`category.${recheck.category}`)}
        </span>
      </td>
      <td className={tdClasses}>
        {t('rechecks.questionNumber', { number: String(recheck.question_position) })}
      </td>
      <td className={`${tdClasses} hidden max-w-xs break-words md:table-cell`}>
        {recheck.reason}
        {recheck.fee_transaction_id ? (
          <span className="block text-xs text-slate-500">
            {t('rechecks.feeTransaction', { id: recheck.fee_transaction_id })}
          </span>
        ) : null}
      </td>
      <td className={`${tdClasses} hidden lg:table-cell`}>{recheck.first_grader ?? '—'}</td>
      <td className={tdClasses} data-testid="recheck-row-outcome">
        {outcome}
        {recheck.outcome_note ? (
          <span className="block text-xs text-slate-600">{recheck.outcome_note}</span>
        ) : null}
      </td>
      <td className={tdClasses}>
        {recheck.status === 'decided' ? (
          recheck.grader
        ) : (
          <div className="flex flex-wrap items-end gap-2">
            <SelectField
              label={t('rechecks.giveTo')}
              placeholder={t('rechecks.chooseGrader')}
              value={choice}
              onChange={(event) => setChoice(event.target.value)}
              options={choices.map((grader) => ({ value: grader.id, label: grader.name }))}
            />
            <Button
              variant="secondary"
              disabled={!choice || choice === recheck.grader_id}
              pending={assigning.isLoading}
              onClick={() => void assign({ id: recheck.id, grader_id: choice })}
            >
              {t('rechecks.assign')}
            </Button>
            {assigning.isError ? <Alert tone="error">{actionError(assigning.error)}</Alert> : null}
          </div>
        )}
      </td>
    </tr>
  );
}

function ToDecide() {
  const { t } = useTranslation('admin');
  const todo = useRechecksToDecideQuery(undefined, { skip: !useCanUse('rechecks') });
  const [notice, setNotice] = useState<string>();
  return (
    <section aria-labelledby="rechecks-mine" className="space-y-3">
      <h2 id="rechecks-mine" className="text-lg font-semibold text-slate-900">
        {t('rechecks.mine')}
      </h2>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {todo.isLoading ? <Loading /> : null}
      {todo.isError ? <LoadError error={todo.error} onRetry={todo.refetch} /> : null}
      {todo.data && todo.data.length === 0 ? <Alert tone="info">{t('rechecks.noneMine')}</Alert> : null}
      {todo.data?.map((recheck) => (
        <DecisionCard key={recheck.id} recheck={recheck} onDecided={setNotice} />
      ))}
    </section>
  );
}

function DecisionCard({ recheck, onDecided }: { recheck: GraderRecheck; onDecided: (text: string) => void }) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const actionError = useActionError();
  const [decide, deciding] = useDecideRecheckMutation();
  const [error, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(DecideRecheckSchema),
    defaultValues: { marks: undefined as unknown as number, note: '' },
  });
  const onDecide = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const decided = await decide({ id: recheck.id, ...values }).unwrap();
      onDecided(
        t(decided.outcome === 'kept' ? 'rechecks.decidedKept' : 'rechecks.decidedChanged', {
          number: String(recheck.question_position),
        }),
      );
    } catch (failure) {
      if (!applyServerFieldErrors(failure, setError, ['marks', 'note'])) setFormError(actionError(failure));
    }
  });
  return (
    <article
      aria-labelledby={headingId}
      className={`${cardClasses} space-y-3`}
      data-testid="recheck-to-decide"
    >
      <h3 id={headingId} className="font-semibold text-slate-900">
        {t('rechecks.cardTitle', {
          category: t(`category.${recheck.category}`),
          number: String(recheck.question_position),
          marks: String(recheck.question_marks),
        })}
      </h3>
      <BilingualQuestion
        englishHtml={recheck.question_english_html}
        banglaHtml={recheck.question_bangla_html}
        images={recheck.question_images}
        englishClassName="text-sm text-slate-800"
        banglaClassName="text-sm text-slate-800"
      />
      <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
        <span className="font-semibold">{t('rechecks.studentReason')}</span> {recheck.reason}
      </p>
      <div className="flex flex-wrap gap-2">
        {recheck.image_urls.map((url, index) => (
          <a
            key={url}
            href={url}
            target="_blank"
            rel="noreferrer"
            className="block rounded-lg bg-slate-800 p-1"
          >
            <img
              src={url}
              alt={t('rechecks.photo', { number: String(index + 1) })}
              className="max-h-64 w-auto object-contain"
              loading="lazy"
            />
          </a>
        ))}
      </div>
      <form onSubmit={onDecide} noValidate className="space-y-3">
        <TextField
          className="max-w-40"
          type="number"
          inputMode="numeric"
          label={t('rechecks.marks', { max: String(recheck.question_marks) })}
          error={translateMessage(errors.marks?.message)}
          {...register('marks', { valueAsNumber: true })}
        />
        <TextAreaField
          id={`${headingId}-note`}
          label={t('rechecks.note')}
          rows={3}
          error={translateMessage(errors.note?.message)}
          {...register('note')}
        />
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Button type="submit" pending={deciding.isLoading}>
          {t('rechecks.decide')}
        </Button>
      </form>
    </article>
  );
}
