import type { Category } from '@ngso/shared/constants';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorStatus } from '../../../lib/api-error.ts';
import { formatInDhaka } from '../../../lib/dates.ts';
import { useActionError } from '../console/action-error.ts';
import { AdminSection } from '../console/admin-section.tsx';
import { cardClasses } from '../console/card.ts';
import { CategoryTabs, useCategoryParam } from '../console/category-picker.tsx';
import { dhakaLocalToIso, isoToDhakaLocal } from '../console/dhaka-time.ts';
import { LoadError, Loading } from '../console/load-states.tsx';
import { type AdminUser, useLazyAdminUsersQuery } from '../users/users-api.ts';
import { ExamLiveView } from './exam-live-view.tsx';
import {
  useChangeExamWindowMutation,
  useChangeFinalRoundMutation,
  useExamWindowQuery,
  useFinalRoundQuery,
  useGiveExtraTimeMutation,
} from './exams-api.ts';
import { PrintPaperLink } from './print-paper-link.tsx';
import { QuestionEditor } from './question-editor.tsx';

function ExamWindowForm({ category }: { category: Category }) {
  const { t } = useTranslation('admin');
  const actionError = useActionError();
  const exam = useExamWindowQuery(category);
  const [save, saving] = useChangeExamWindowMutation();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!exam.data) return;
    setStart(isoToDhakaLocal(exam.data.starts_at));
    setEnd(isoToDhakaLocal(exam.data.ends_at));
  }, [exam.data]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const starts_at = dhakaLocalToIso(start);
    const ends_at = dhakaLocalToIso(end);
    if (!starts_at || !ends_at) return setError(t('exam.windowIncomplete'));
    if (Date.parse(ends_at) <= Date.parse(starts_at)) return setError(t('exam.windowOrder'));
    setError(null);
    try {
      await save({ category, starts_at, ends_at }).unwrap();
      setDone(true);
    } catch (failure) {
      setError(actionError(failure));
    }
  };

  // A new competition's category has no window until the first one is saved here.
  const unscheduled = exam.isError && errorStatus(exam.error) === 404;
  if (exam.isLoading) return <Loading />;
  if (exam.isError && !unscheduled) return <LoadError error={exam.error} onRetry={exam.refetch} />;
  return (
    <form onSubmit={onSubmit} className={`${cardClasses} space-y-3`} noValidate>
      <h2 className="font-semibold text-slate-900">{t('exam.window')}</h2>
      <p className="text-sm text-slate-600">{t('exam.windowHint')}</p>
      {unscheduled ? <p className="text-sm font-medium text-amber-900">{t('exam.unscheduled')}</p> : null}
      {exam.data ? (
        <p className="text-sm text-slate-800">
          {t('exam.current', {
            start: formatInDhaka(exam.data.starts_at, 'd MMM yyyy, HH:mm'),
            end: formatInDhaka(exam.data.ends_at, 'd MMM yyyy, HH:mm'),
            minutes: String(exam.data.duration_minutes),
          })}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          type="datetime-local"
          label={t('exam.start')}
          value={start}
          onChange={(e) => setStart(e.target.value)}
        />
        <TextField
          type="datetime-local"
          label={t('exam.end')}
          value={end}
          onChange={(e) => setEnd(e.target.value)}
        />
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {done ? <Alert tone="success">{t('exam.windowSaved')}</Alert> : null}
      <Button type="submit" pending={saving.isLoading}>
        {t('exam.saveWindow')}
      </Button>
    </form>
  );
}

function ExtraTimeForm({ category }: { category: Category }) {
  const { t } = useTranslation('admin');
  const actionError = useActionError();
  const [email, setEmail] = useState('');
  const [findUsers, found] = useLazyAdminUsersQuery();
  const [student, setStudent] = useState<AdminUser | null>(null);
  const [minutes, setMinutes] = useState('10');
  const [give, giving] = useGiveExtraTimeMutation();
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const onFind = async (event: FormEvent) => {
    event.preventDefault();
    setStudent(null);
    setMessage(null);
    if (email.trim()) await findUsers({ q: email.trim(), page: 1 });
  };
  const onGive = async () => {
    if (!student) return;
    const value = Number(minutes);
    if (!Number.isInteger(value) || value < 0 || value > 240) {
      setMessage({ tone: 'error', text: t('exam.minutesRange') });
      return;
    }
    try {
      await give({ category, user_id: student.id, minutes: value }).unwrap();
      setMessage({
        tone: 'success',
        text: t('exam.extraGiven', { name: student.name, minutes: String(value) }),
      });
    } catch (failure) {
      setMessage({ tone: 'error', text: actionError(failure) });
    }
  };

  return (
    <div className={`${cardClasses} space-y-3`}>
      <h2 className="font-semibold text-slate-900">{t('exam.extraTime')}</h2>
      <form onSubmit={onFind} className="flex flex-wrap items-end gap-2">
        <TextField
          className="min-w-0 flex-1"
          type="search"
          label={t('exam.findStudent')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" variant="secondary" pending={found.isFetching}>
          {t('exam.find')}
        </Button>
      </form>
      {found.data ? (
        found.data.data.length === 0 ? (
          <p className="text-sm text-slate-600">{t('users.none')}</p>
        ) : (
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-slate-800">{t('exam.chooseStudent')}</legend>
            {found.data.data.map((user) => (
              <label key={user.id} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`extra-${category}`}
                  className="size-5"
                  checked={student?.id === user.id}
                  onChange={() => setStudent(user)}
                />
                {user.name} — {user.email}
              </label>
            ))}
          </fieldset>
        )
      ) : null}
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          type="number"
          min={0}
          max={240}
          label={t('exam.minutes')}
          value={minutes}
          onChange={(event) => setMinutes(event.target.value)}
        />
        <Button disabled={!student} pending={giving.isLoading} onClick={onGive}>
          {t('exam.giveExtra')}
        </Button>
      </div>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
    </div>
  );
}

const FINAL_ROUND_FIELDS = [
  'date',
  'reporting_time',
  'time',
  'venue',
  'influencer_Session',
  'departure',
] as const;
type FinalRoundValues = Record<(typeof FINAL_ROUND_FIELDS)[number], string>;

/** The in-person final round's details for a category: what approved students and their admit cards show. */
function FinalRoundForm({ category }: { category: Category }) {
  const { t } = useTranslation('admin');
  const actionError = useActionError();
  const details = useFinalRoundQuery(category);
  const [save, saving] = useChangeFinalRoundMutation();
  const [values, setValues] = useState<FinalRoundValues | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!details.data) return;
    const loaded = details.data;
    setValues(
      Object.fromEntries(FINAL_ROUND_FIELDS.map((field) => [field, loaded[field] ?? ''])) as FinalRoundValues,
    );
  }, [details.data]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values) return;
    setDone(false);
    setError(null);
    const body = Object.fromEntries(
      FINAL_ROUND_FIELDS.map((field) => [field, values[field].trim() || null]),
    ) as Record<(typeof FINAL_ROUND_FIELDS)[number], string | null>;
    try {
      await save({ category, ...body }).unwrap();
      setDone(true);
    } catch (failure) {
      setError(actionError(failure));
    }
  };

  if (details.isLoading || !values)
    return details.isError ? <LoadError error={details.error} onRetry={details.refetch} /> : <Loading />;
  return (
    <form onSubmit={onSubmit} className={`${cardClasses} space-y-3`} noValidate>
      <h2 className="font-semibold text-slate-900">{t('finalRound.title')}</h2>
      <p className="text-sm text-slate-600">{t('finalRound.hint')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {FINAL_ROUND_FIELDS.map((field) => (
          <TextField
            key={field}
            label={t(`finalRound.${field}`)}
            value={values[field]}
            onChange={(e) => setValues({ ...values, [field]: e.target.value })}
          />
        ))}
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {done ? <Alert tone="success">{t('finalRound.saved')}</Alert> : null}
      <Button type="submit" pending={saving.isLoading}>
        {t('finalRound.save')}
      </Button>
    </form>
  );
}

/** Each category's exam: its window in Asia/Dhaka, extra minutes for one student, the questions. */
export function ExamPage() {
  const { t } = useTranslation('admin');
  const [category, setCategory] = useCategoryParam();
  return (
    <AdminSection section="exam" title={t('exam.title')}>
      <CategoryTabs value={category} onChange={setCategory} />
      <div className="space-y-4">
        <ExamLiveView key={`live-${category}`} category={category} />
        <div className="grid gap-4 xl:grid-cols-2">
          <ExamWindowForm key={`window-${category}`} category={category} />
          <ExtraTimeForm key={`extra-${category}`} category={category} />
        </div>
        <FinalRoundForm key={`final-${category}`} category={category} />
        <PrintPaperLink category={category} />
        <QuestionEditor key={`questions-${category}`} category={category} />
      </div>
    </AdminSection>
  );
}
