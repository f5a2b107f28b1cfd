import type { Category } from '@ngso/shared/constants';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { serverFieldErrors } from '../../../lib/api-error.ts';
import {
  type AdminQuestion,
  useAddQuestionMutation,
  useAdminQuestionsQuery,
  useEditQuestionMutation,
  useRemoveQuestionMutation,
} from '../api.ts';
import { useActionError } from '../console/action-error.ts';
import { cardClasses } from '../console/card.ts';
import { ConfirmDialog } from '../console/confirm-dialog.tsx';
import { FormActions } from '../console/form-actions.tsx';
import { LoadError, Loading } from '../console/load-states.tsx';

/** The exam's total marks (decisions.md: 6 questions, 60 marks). */
export const EXAM_TOTAL_MARKS = 60;

type Draft = {
  id?: string;
  marks: string;
  position: string;
  questionEnglish: string;
  questionBangla: string;
};

/** How a student sees a question on the exam page (both languages, its marks). */
function QuestionPreview({ draft, number }: { draft: Draft; number: number }) {
  const { t } = useTranslation('admin');
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <p className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {t('questions.preview')}
      </p>
      <div className="rounded-lg bg-white p-4 shadow-sm">
        <div className="mb-2 flex justify-between gap-2 text-sm font-semibold text-slate-900">
          <span>{t('questions.number', { number: String(number) })}</span>
          <span>{t('questions.marksLabel', { marks: draft.marks || '0' })}</span>
        </div>
        <p className="whitespace-pre-wrap text-slate-900">{draft.questionEnglish}</p>
        <p lang="bn" className="mt-2 whitespace-pre-wrap text-slate-800">
          {draft.questionBangla}
        </p>
      </div>
    </div>
  );
}

/** The question editor: English and Bangla text, marks, position, a preview; the total against 60. */
export function QuestionEditor({ category }: { category: Category }) {
  const { t } = useTranslation('admin');
  const actionError = useActionError();
  const questions = useAdminQuestionsQuery(category);
  const [add, adding] = useAddQuestionMutation();
  const [edit, editing] = useEditQuestionMutation();
  const [remove, removing] = useRemoveQuestionMutation();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [toRemove, setToRemove] = useState<AdminQuestion | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const list = questions.data ?? [];
  const total = list.reduce((sum, question) => sum + question.marks, 0);
  const open = (question?: AdminQuestion) => {
    setErrors({});
    setFormError(null);
    setDraft(
      question
        ? {
            id: question.id,
            marks: String(question.marks),
            position: String(question.position),
            questionEnglish: question.questionEnglish,
            questionBangla: question.questionBangla,
          }
        : {
            marks: '10',
            position: String(Math.max(0, ...list.map((q) => q.position)) + 1),
            questionEnglish: '',
            questionBangla: '',
          },
    );
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const local: Record<string, string> = {};
    const marks = Number(draft.marks);
    const position = Number(draft.position);
    if (!Number.isInteger(marks) || marks < 1 || marks > 100) local.marks = t('questions.marksRange');
    if (!Number.isInteger(position) || position < 1 || position > 1000)
      local.position = t('questions.positionRange');
    if (!draft.questionEnglish.trim()) local.questionEnglish = t('questions.required');
    if (!draft.questionBangla.trim()) local.questionBangla = t('questions.required');
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    const body = {
      category,
      marks,
      position,
      questionEnglish: draft.questionEnglish.trim(),
      questionBangla: draft.questionBangla.trim(),
    };
    try {
      if (draft.id) await edit({ id: draft.id, ...body }).unwrap();
      else await add(body).unwrap();
      setNotice(draft.id ? t('questions.saved') : t('questions.added'));
      setDraft(null);
    } catch (failure) {
      setErrors(serverFieldErrors(failure));
      setFormError(actionError(failure));
    }
  };

  const runRemove = async () => {
    if (!toRemove) return;
    const ok = await remove({ id: toRemove.id, category })
      .unwrap()
      .then(
        () => true,
        () => false,
      );
    if (!ok) return;
    setNotice(t('questions.removed', { number: String(toRemove.position) }));
    setToRemove(null);
  };

  const set = (field: keyof Draft) => (value: string) =>
    setDraft((current) => (current ? { ...current, [field]: value } : current));

  return (
    <div className={cardClasses}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-slate-900">{t('questions.title')}</h2>
        <p
          className={`text-sm font-semibold ${total === EXAM_TOTAL_MARKS ? 'text-emerald-700' : 'text-amber-800'}`}
        >
          {t('questions.total', { total: String(total), target: String(EXAM_TOTAL_MARKS) })}
        </p>
        <Button onClick={() => open()}>{t('questions.add')}</Button>
      </div>
      {notice ? (
        <Alert tone="success" className="mb-3">
          {notice}
        </Alert>
      ) : null}
      {questions.isLoading ? <Loading /> : null}
      {questions.isError ? <LoadError error={questions.error} onRetry={questions.refetch} /> : null}
      {questions.data && list.length === 0 ? (
        <p className="text-sm text-slate-600">{t('questions.none')}</p>
      ) : null}
      <ol className="space-y-3">
        {list.map((question) => (
          <li key={question.id} className="rounded-lg border border-slate-200 p-3">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-slate-900">
                  {t('questions.number', { number: String(question.position) })} ·{' '}
                  {t('questions.marksLabel', { marks: String(question.marks) })}
                </p>
                <p className="mt-1 line-clamp-2 text-sm text-slate-800">{question.questionEnglish}</p>
                <p lang="bn" className="line-clamp-2 text-sm text-slate-700">
                  {question.questionBangla}
                </p>
              </div>
              <div className="flex gap-2">
                <Button variant="secondary" className="px-3" onClick={() => open(question)}>
                  {t('questions.edit')}
                  <span className="sr-only">
                    {' '}
                    {t('questions.number', { number: String(question.position) })}
                  </span>
                </Button>
                <Button variant="secondary" className="px-3" onClick={() => setToRemove(question)}>
                  {t('questions.remove')}
                  <span className="sr-only">
                    {' '}
                    {t('questions.number', { number: String(question.position) })}
                  </span>
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ol>

      <Modal
        open={draft !== null}
        onClose={() => setDraft(null)}
        title={draft?.id ? t('questions.editTitle') : t('questions.addTitle')}
        closeLabel={t('close')}
        className="max-w-3xl"
      >
        {draft ? (
          <form onSubmit={onSubmit} className="space-y-3" noValidate>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                type="number"
                label={t('questions.position')}
                min={1}
                value={draft.position}
                error={errors.position}
                onChange={(event) => set('position')(event.target.value)}
              />
              <TextField
                type="number"
                label={t('questions.marks')}
                min={1}
                max={100}
                value={draft.marks}
                error={errors.marks}
                onChange={(event) => set('marks')(event.target.value)}
              />
            </div>
            <TextAreaField
              label={t('questions.english')}
              maxLength={5000}
              value={draft.questionEnglish}
              error={errors.questionEnglish}
              onChange={(event) => set('questionEnglish')(event.target.value)}
            />
            <TextAreaField
              label={t('questions.bangla')}
              lang="bn"
              maxLength={5000}
              value={draft.questionBangla}
              error={errors.questionBangla}
              onChange={(event) => set('questionBangla')(event.target.value)}
            />
            <QuestionPreview draft={draft} number={Number(draft.position) || 1} />
            {formError ? <Alert tone="error">{formError}</Alert> : null}
            <FormActions
              submitLabel={t('questions.save')}
              pending={adding.isLoading || editing.isLoading}
              onCancel={() => setDraft(null)}
            />
          </form>
        ) : null}
      </Modal>
      <ConfirmDialog
        open={toRemove !== null}
        title={t('questions.removeTitle')}
        confirmLabel={t('questions.remove')}
        pending={removing.isLoading}
        error={removing.isError ? actionError(removing.error) : null}
        onConfirm={runRemove}
        onClose={() => {
          setToRemove(null);
          removing.reset();
        }}
      >
        {t('questions.removeText', { number: String(toRemove?.position ?? '') })}
      </ConfirmDialog>
    </div>
  );
}
