import type { Category } from '@ngso/shared/constants';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BilingualQuestion } from '../../../components/question-html.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { serverFieldErrors } from '../../../lib/api-error.ts';
import { cardClasses } from '../console/card.ts';
import { RemoveConfirm } from '../console/confirm-dialog.tsx';
import { DraftForm, useDraft } from '../console/draft-form.tsx';
import { ListReadStates } from '../console/load-states.tsx';
import { SuccessNotice } from '../console/notice.tsx';
import { EditRemoveActions } from '../console/row-actions.tsx';
import { DiagramsEditor, type DraftDiagram } from './diagrams-editor.tsx';
import {
  type AdminQuestion,
  type RenderedQuestionTexts,
  useAddQuestionMutation,
  useAdminQuestionsQuery,
  useEditQuestionMutation,
  usePreviewQuestionMutation,
  useRemoveQuestionMutation,
} from './exams-api.ts';

/** The exam's total marks (decisions.md: 6 questions, 60 marks). */
export const EXAM_TOTAL_MARKS = 60;

type Draft = {
  id?: string;
  marks: string;
  position: string;
  questionEnglish: string;
  questionBangla: string;
  diagrams: readonly DraftDiagram[];
};

/** How long the editor waits after a keystroke before it asks the server for the preview. */
const PREVIEW_DELAY_MS = 400;

/**
 * The texts as the server renders them, asked for a moment after the author stops typing: the preview is
 * exactly what students will see, and the exam page never ships the renderer. A formula that does not parse
 * comes back as the field's error (the preview keeps the last good rendering).
 */
function useServerPreview(draft: Draft | null) {
  const [preview] = usePreviewQuestionMutation();
  const [html, setHtml] = useState<RenderedQuestionTexts | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const english = draft?.questionEnglish ?? '';
  const bangla = draft?.questionBangla ?? '';
  const diagrams = draft?.diagrams.length ?? 0;
  const open = draft !== null;
  useEffect(() => {
    if (!open) {
      setHtml(null);
      setErrors({});
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      preview({ questionEnglish: english, questionBangla: bangla, diagrams })
        .unwrap()
        .then(
          (rendered) => {
            if (!current) return;
            setHtml(rendered);
            setErrors({});
          },
          (failure: unknown) => {
            if (current) setErrors(serverFieldErrors(failure));
          },
        );
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [open, english, bangla, diagrams, preview]);
  return { html, errors };
}

/** How a student sees a question on the exam page (both languages, its marks), at a phone's width. */
function QuestionPreview({
  draft,
  number,
  html,
}: {
  draft: Draft;
  number: number;
  html: RenderedQuestionTexts | null;
}) {
  const { t } = useTranslation('admin');
  return (
    <section
      aria-label={t('questions.preview')}
      className="rounded-xl border border-slate-200 bg-slate-50 p-3"
      data-testid="question-preview"
    >
      <p className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {t('questions.preview')}
      </p>
      <div className="mx-auto w-[360px] max-w-full rounded-lg bg-white p-4 shadow-sm">
        <div className="mb-2 flex justify-between gap-2 text-sm font-semibold text-slate-900">
          <span>{t('questions.number', { number: String(number) })}</span>
          <span>{t('questions.marksLabel', { marks: draft.marks || '0' })}</span>
        </div>
        {html ? (
          <div className="space-y-3">
            <BilingualQuestion
              englishHtml={html.questionEnglishHtml}
              banglaHtml={html.questionBanglaHtml}
              images={draft.diagrams}
              englishClassName="text-slate-900"
              banglaClassName="text-slate-800"
            />
          </div>
        ) : (
          <p className="text-sm text-slate-500">{t('loading')}</p>
        )}
      </div>
    </section>
  );
}

/** The question editor: English and Bangla text, marks, position, a preview; the total against 60. */
export function QuestionEditor({ category }: { category: Category }) {
  const { t } = useTranslation('admin');
  const questions = useAdminQuestionsQuery(category);
  const [add, adding] = useAddQuestionMutation();
  const [edit, editing] = useEditQuestionMutation();
  const [remove, removing] = useRemoveQuestionMutation();
  const { draft, setDraft, open: openDraft, set, errors, setErrors, formError, refused } = useDraft<Draft>();
  const [diagramErrors, setDiagramErrors] = useState<Record<string, { alt_en?: string; alt_bn?: string }>>(
    {},
  );
  const [toRemove, setToRemove] = useState<AdminQuestion | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const preview = useServerPreview(draft);
  const fieldError = (field: 'questionEnglish' | 'questionBangla') => errors[field] ?? preview.errors[field];

  const list = questions.data ?? [];
  const total = list.reduce((sum, question) => sum + question.marks, 0);
  const open = (question?: AdminQuestion) => {
    setDiagramErrors({});
    openDraft(
      question
        ? {
            id: question.id,
            marks: String(question.marks),
            position: String(question.position),
            questionEnglish: question.questionEnglish,
            questionBangla: question.questionBangla,
            diagrams: question.images,
          }
        : {
            marks: '10',
            position: String(Math.max(0, ...list.map((q) => q.position)) + 1),
            questionEnglish: '',
            questionBangla: '',
            diagrams: [],
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
    const missingAlt: typeof diagramErrors = {};
    for (const diagram of draft.diagrams) {
      const missing = {
        ...(diagram.alt_en.trim() ? {} : { alt_en: t('diagrams.altRequired') }),
        ...(diagram.alt_bn.trim() ? {} : { alt_bn: t('diagrams.altRequired') }),
      };
      if (Object.keys(missing).length > 0) missingAlt[diagram.id] = missing;
    }
    setErrors(local);
    setDiagramErrors(missingAlt);
    if (Object.keys(local).length > 0 || Object.keys(missingAlt).length > 0) return;
    const body = {
      category,
      marks,
      position,
      questionEnglish: draft.questionEnglish.trim(),
      questionBangla: draft.questionBangla.trim(),
      images: draft.diagrams.map(({ id, alt_en, alt_bn }) => ({ id, alt_en, alt_bn })),
    };
    try {
      if (draft.id) await edit({ id: draft.id, ...body }).unwrap();
      else await add(body).unwrap();
      setNotice(draft.id ? t('questions.saved') : t('questions.added'));
      setDraft(null);
    } catch (failure) {
      refused(failure);
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
      <SuccessNotice text={notice} className="mb-3" />
      <ListReadStates read={questions} empty={list.length === 0} none={t('questions.none')} />
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
              <EditRemoveActions
                className="flex gap-2"
                name={t('questions.number', { number: String(question.position) })}
                editLabel={t('questions.edit')}
                removeLabel={t('questions.remove')}
                onEdit={() => open(question)}
                onRemove={() => setToRemove(question)}
              />
            </div>
          </li>
        ))}
      </ol>

      <DraftForm
        draft={draft}
        onClose={() => setDraft(null)}
        title={draft?.id ? t('questions.editTitle') : t('questions.addTitle')}
        className="max-w-5xl"
        onSubmit={onSubmit}
        formError={formError}
        submitLabel={t('questions.save')}
        pending={adding.isLoading || editing.isLoading}
      >
        {(draft) => (
          <>
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
            <div className="grid gap-3 lg:grid-cols-[1fr_auto]">
              <div className="min-w-0 space-y-3">
                <TextAreaField
                  label={t('questions.english')}
                  maxLength={5000}
                  rows={6}
                  value={draft.questionEnglish}
                  error={fieldError('questionEnglish')}
                  onChange={(event) => set('questionEnglish')(event.target.value)}
                />
                <TextAreaField
                  label={t('questions.bangla')}
                  lang="bn"
                  maxLength={5000}
                  rows={6}
                  value={draft.questionBangla}
                  error={fieldError('questionBangla')}
                  onChange={(event) => set('questionBangla')(event.target.value)}
                />
                <p className="text-xs text-slate-600">{t('questions.markup')}</p>
                <DiagramsEditor
                  diagrams={draft.diagrams}
                  onChange={(change) =>
                    setDraft((current) =>
                      current ? { ...current, diagrams: change(current.diagrams) } : current,
                    )
                  }
                  english={draft.questionEnglish}
                  bangla={draft.questionBangla}
                  errors={diagramErrors}
                />
                {errors.images ? <Alert tone="error">{errors.images}</Alert> : null}
              </div>
              <QuestionPreview draft={draft} number={Number(draft.position) || 1} html={preview.html} />
            </div>
          </>
        )}
      </DraftForm>
      <RemoveConfirm
        item={toRemove}
        title={t('questions.removeTitle')}
        confirmLabel={t('questions.remove')}
        action={removing}
        onConfirm={runRemove}
        onClose={() => {
          setToRemove(null);
          removing.reset();
        }}
      >
        {(question) => t('questions.removeText', { number: String(question.position) })}
      </RemoveConfirm>
    </div>
  );
}
