import { zodResolver } from '@hookform/resolvers/zod';
import { localiseDigits } from '@ngso/shared/language';
import { RECHECK_REASON_MAX, RecheckRequestSchema, type StudentRecheck } from '@ngso/shared/schemas/rechecks';
import type { Result } from '@ngso/shared/schemas/results';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Outcome, OutcomeAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { translateMessage } from '../../../i18n/message.ts';
import { serverMessage } from '../../../lib/api-error.ts';
import { formatInDhaka } from '../../../lib/dates.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useAskForRechecksMutation, useMyRechecksQuery } from '../rechecks-api.ts';

const DATE = 'd MMMM yyyy, h:mm a';

/** One request and, once decided, its outcome: kept or changed, with the second grader's note. */
function RecheckItem({ recheck }: { recheck: StudentRecheck }) {
  const { t, i18n } = useTranslation('results');
  const n = (value: number | null) => localiseDigits(String(value ?? 0), i18n.language);
  const question = t('question', { number: n(recheck.question_position) });
  let outcome: string;
  if (recheck.status !== 'decided') outcome = t('recheck.inProgress');
  else if (recheck.outcome === 'kept') outcome = t('recheck.kept', { marks: n(recheck.marks_before) });
  else outcome = t('recheck.changed', { before: n(recheck.marks_before), after: n(recheck.marks_after) });
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3" data-testid="recheck">
      <p className="font-semibold text-slate-900">
        {question}: <span data-testid="recheck-outcome">{outcome}</span>
      </p>
      {recheck.outcome_note ? (
        <p className="mt-1 text-sm text-slate-700">
          <span className="font-semibold">{t('recheck.note')}</span> {recheck.outcome_note}
        </p>
      ) : null}
      <p className="mt-1 text-xs text-slate-500">{t('recheck.yourReason', { reason: recheck.reason })}</p>
    </li>
  );
}

/**
 * Below a published result: the re-checks the student asked for with their outcomes, and while the
 * window is open, a form to ask for more (questions, a reason, the fee's transaction ID when there is one).
 */
export function RecheckSection({ questions }: { questions: Result['questions'] }) {
  const { t, i18n } = useTranslation('results');
  const headingId = useId();
  const rechecks = useMyRechecksQuery();
  const [ask, asking] = useAskForRechecksMutation();
  const [notice, setNotice] = useState<Outcome>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(RecheckRequestSchema),
    defaultValues: { question_ids: [] as string[], reason: '', fee_transaction_id: '' },
  });
  const n = (value: number) => localiseDigits(String(value), i18n.language);

  if (!rechecks.data) return null;
  const { open, closes_at, max_questions, fee_bdt, requests } = rechecks.data;
  if (!open && requests.length === 0) return null;
  const asked = new Set(requests.map((request) => request.question_id));
  const left = max_questions - requests.length;

  const onSubmit = handleSubmit(async (values) => {
    setNotice(undefined);
    try {
      const answer = await ask({
        ...values,
        fee_transaction_id: fee_bdt > 0 ? values.fee_transaction_id : undefined,
      }).unwrap();
      setNotice({ tone: 'success', text: answer.message });
      reset();
    } catch (failure) {
      if (!applyServerFieldErrors(failure, setError, ['question_ids', 'reason', 'fee_transaction_id'])) {
        setNotice({ tone: 'error', text: serverMessage(failure) ?? t('recheck.error') });
      }
    }
  });

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:p-5"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('recheck.title')}
      </h2>
      {requests.length > 0 ? (
        <ul className="space-y-2">
          {requests.map((request) => (
            <RecheckItem key={request.id} recheck={request} />
          ))}
        </ul>
      ) : null}
      <OutcomeAlert outcome={notice} />
      {open && left > 0 ? (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <p className="text-sm text-slate-700">
            {t('recheck.rules', {
              max: n(max_questions),
              left: n(left),
              date: closes_at ? formatInDhaka(closes_at, DATE) : '',
            })}
          </p>
          <fieldset aria-describedby={errors.question_ids ? `${headingId}-questions-error` : undefined}>
            <legend className="mb-2 text-sm font-medium text-slate-800">{t('recheck.which')}</legend>
            <div className="flex flex-wrap gap-2">
              {questions
                .filter((question) => !asked.has(question.question_id))
                .map((question) => (
                  <label
                    key={question.question_id}
                    className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm"
                  >
                    <input
                      type="checkbox"
                      value={question.question_id}
                      {...register('question_ids')}
                      className="size-4"
                    />
                    {t('question', { number: n(question.position) })}
                  </label>
                ))}
            </div>
            {errors.question_ids ? (
              <p id={`${headingId}-questions-error`} className="mt-1 text-sm text-red-700" aria-live="polite">
                {translateMessage(errors.question_ids.message)}
              </p>
            ) : null}
          </fieldset>
          <TextAreaField
            id={`${headingId}-reason`}
            label={t('recheck.reason')}
            maxLength={RECHECK_REASON_MAX}
            hint={t('recheck.reasonHint')}
            error={translateMessage(errors.reason?.message)}
            {...register('reason')}
          />
          {fee_bdt > 0 ? (
            <TextField
              label={t('recheck.feeTransaction', { fee: n(fee_bdt) })}
              error={translateMessage(errors.fee_transaction_id?.message)}
              {...register('fee_transaction_id')}
            />
          ) : null}
          <Button type="submit" pending={asking.isLoading} pendingText={t('recheck.sending')}>
            {t('recheck.submit')}
          </Button>
        </form>
      ) : null}
      {!open ? (
        <p className="text-sm text-slate-600">
          {t('recheck.closed', { date: closes_at ? formatInDhaka(closes_at, DATE) : '' })}
        </p>
      ) : null}
    </section>
  );
}
