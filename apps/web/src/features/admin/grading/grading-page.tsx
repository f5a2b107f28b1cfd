import { CATEGORIES, type Category } from '@ngso/shared/constants';
import type { GradingImage } from '@ngso/shared/schemas/results';
import type { TFunction } from 'i18next';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useSearchParams } from 'react-router';
import { QuestionHtml } from '../../../components/question-html.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { inputClasses, TextField } from '../../../components/ui/text-field.tsx';
import { serverFieldErrors } from '../../../lib/api-error.ts';
import { selectUser } from '../../auth/slice.ts';
import { useAdminQuestionsQuery, useGiveMarksMutation, useSubmissionsQuery } from '../api.ts';
import { useActionError } from '../console/action-error.ts';
import { AdminSection } from '../console/admin-section.tsx';
import { cardClasses } from '../console/card.ts';
import { ImageViewer, type ViewerPage, type ViewState, zoomIn, zoomOut } from '../console/image-viewer.tsx';
import { LoadError, Loading } from '../console/load-states.tsx';
import { firstUngraded, gradingQueue, nextUngraded, questionIdsOf } from './grading.ts';
import { gradingActionFor } from './grading-keys.ts';
import { GradingNotOpen, gradingNotOpenFor } from './grading-not-open.tsx';
import { checkMarks } from './marks.ts';

const isCategory = (value: string | null): value is Category => CATEGORIES.some((c) => c === value);
/** Who wrote an answer: the name and roll number for admins; graders get the roll number only. */
const studentLabel = (name: string | null, rollNumber: string | null) =>
  name ? `${name}${rollNumber ? ` (${rollNumber})` : ''}` : (rollNumber ?? '');
const FIELD_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/** An answer's photos as the viewer's pages: the image once processed, else a sentence on its state. */
const viewerPages = (images: readonly GradingImage[], t: TFunction<'admin'>): ViewerPage[] =>
  images.map((image) => ({
    key: image.sha256,
    url: image.state === 'ready' ? image.url : null,
    note: image.state === 'ready' ? undefined : t(`grading.photo.${image.state}`),
    state: image.state === 'ready' ? undefined : t(`grading.photoShort.${image.state}`),
    badge: image.late ? t('grading.photo.lateAccepted') : undefined,
  }));

/**
 * Grading one question across all students: a random but stable order per grader, names hidden by default,
 * a large image viewer, marks and a comment, keyboard shortcuts, and after a save the next ungraded answer.
 */
export function GradingPage() {
  const { t } = useTranslation('admin');
  const actionError = useActionError();
  const user = useSelector(selectUser);
  const [search, setSearch] = useSearchParams();
  const categoryParam = search.get('category');
  const category: Category = isCategory(categoryParam) ? categoryParam : 'junior';
  const submissions = useSubmissionsQuery(category);
  const questions = useAdminQuestionsQuery(category);
  const questionIds = useMemo(() => questionIdsOf(submissions.data ?? []), [submissions.data]);
  const questionParam = search.get('question');
  const questionId = questionParam && questionIds.includes(questionParam) ? questionParam : questionIds[0];
  const questionInfo = questions.data?.find((question) => question.id === questionId);
  const maxMarks = questionInfo?.marks ?? null;

  const queue = useMemo(
    () => (questionId ? gradingQueue(submissions.data ?? [], questionId, user?.id ?? 'grader') : []),
    [submissions.data, questionId, user?.id],
  );
  const graded = queue.filter((item) => item.marks !== null).length;
  const waitingForPhotos = queue.filter((item) => !item.gradable).length;

  const [currentId, setCurrentId] = useState<string | null>(null);
  const [showNames, setShowNames] = useState(false);
  const [view, setView] = useState<ViewState>({ zoom: 1, rotation: 0 });
  const [marksText, setMarksText] = useState('');
  const [comment, setComment] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const justGraded = useRef(new Set<string>());
  const [giveMarks, saving] = useGiveMarksMutation();
  const marksId = useId();

  const foundIndex = queue.findIndex((item) => item.userId === currentId);
  const index = foundIndex >= 0 ? foundIndex : Math.max(0, firstUngraded(queue));
  const current = queue[index];
  const pages = useMemo(() => viewerPages(current?.images ?? [], t), [current?.images, t]);
  const unsettled = current?.images.filter(
    (image) => image.state === 'arriving' || image.state === 'processing',
  ).length;

  // A new answer on screen: its marks and comment in the form, the view reset.
  const currentKey = current ? `${questionId}/${current.userId}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another answer is shown
  useEffect(() => {
    setMarksText(current?.marks === null || current?.marks === undefined ? '' : String(current.marks));
    setComment(current?.comment ?? '');
    setFormError(null);
    setView({ zoom: 1, rotation: 0 });
  }, [currentKey]);

  const choose = (next: { category?: Category; question?: string }) => {
    const params = new URLSearchParams(search);
    if (next.category) {
      params.set('category', next.category);
      params.delete('question');
    }
    if (next.question) params.set('question', next.question);
    setSearch(params, { replace: true });
    setCurrentId(null);
    justGraded.current = new Set();
    setNotice(null);
  };

  const go = useCallback(
    (step: number) => {
      if (queue.length === 0) return;
      const target = queue[(index + step + queue.length) % queue.length];
      if (target) setCurrentId(target.userId);
      setNotice(null);
    },
    [queue, index],
  );

  const save = useCallback(
    async (marksValue?: number) => {
      if (!current || !questionId || saving.isLoading) return;
      if (!current.gradable) {
        setFormError(t('grading.notYet'));
        return;
      }
      const checked = checkMarks(marksValue === undefined ? marksText : String(marksValue), maxMarks);
      if (!checked.ok) {
        setFormError(
          checked.error === 'range' && maxMarks === null
            ? t('grading.marksError.negative')
            : t(`grading.marksError.${checked.error}`, { max: String(maxMarks ?? '') }),
        );
        return;
      }
      if (marksValue !== undefined) setMarksText(String(marksValue));
      setFormError(null);
      try {
        await giveMarks({
          category,
          userId: current.userId,
          question_id: questionId,
          marks: checked.marks,
          comment: comment.trim() ? comment.trim() : null,
        }).unwrap();
      } catch (error) {
        setFormError(serverFieldErrors(error).marks ?? actionError(error));
        return;
      }
      justGraded.current.add(current.userId);
      const next = nextUngraded(queue, index, justGraded.current);
      if (next >= 0) {
        setCurrentId(queue[next]?.userId ?? null);
        setNotice(t('grading.saved', { marks: String(checked.marks) }));
      } else {
        setCurrentId(current.userId);
        setNotice(t('grading.allGraded'));
      }
    },
    [
      current,
      questionId,
      saving.isLoading,
      marksText,
      maxMarks,
      comment,
      giveMarks,
      category,
      queue,
      index,
      t,
      actionError,
    ],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return;
      const target = event.target as HTMLElement | null;
      const tag = target?.tagName ?? '';
      // Enter and Space on a button or link are the control's own.
      if ((tag === 'BUTTON' || tag === 'A') && (event.key === 'Enter' || event.key === ' ')) return;
      const action = gradingActionFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        inField: FIELD_TAGS.has(tag) || Boolean(target?.isContentEditable),
      });
      if (!action) return;
      event.preventDefault();
      if (action.type === 'next') go(1);
      else if (action.type === 'previous') go(-1);
      else if (action.type === 'save') void save();
      else if (action.type === 'saveMarks') void save(action.marks);
      else if (action.type === 'zoomIn') setView((v) => ({ ...v, zoom: zoomIn(v.zoom) }));
      else if (action.type === 'zoomOut') setView((v) => ({ ...v, zoom: zoomOut(v.zoom) }));
      else if (action.type === 'rotate') setView((v) => ({ ...v, rotation: (v.rotation + 90) % 360 }));
      else if (action.type === 'toggleNames') setShowNames((shown) => !shown);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [go, save]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  const questionLabel = (id: string, position: number) => {
    const info = questions.data?.find((question) => question.id === id);
    const items = gradingQueue(submissions.data ?? [], id, 'count');
    const done = items.filter((item) => item.marks !== null).length;
    const counts = {
      number: String(info?.position ?? position),
      graded: String(done),
      total: String(items.length),
    };
    return info
      ? t('grading.questionOption', { ...counts, marks: String(info.marks) })
      : t('grading.questionOptionPlain', counts);
  };

  return (
    <AdminSection section="grading" title={t('grading.title')}>
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
        <SelectField
          label={t('grading.category')}
          placeholder={t('grading.chooseCategory')}
          value={category}
          options={CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))}
          onChange={(event) => isCategory(event.target.value) && choose({ category: event.target.value })}
        />
        <SelectField
          label={t('grading.question')}
          placeholder={t('grading.chooseQuestion')}
          value={questionId ?? ''}
          disabled={questionIds.length === 0}
          options={questionIds.map((id, position) => ({ value: id, label: questionLabel(id, position + 1) }))}
          onChange={(event) => event.target.value && choose({ question: event.target.value })}
        />
      </div>

      <details className="mb-4 rounded-lg border border-slate-200 bg-white p-3 text-sm" open>
        <summary className="cursor-pointer font-semibold">{t('grading.shortcuts')}</summary>
        <ul className="mt-2 grid gap-1 sm:grid-cols-2">
          <li>{t('grading.keyNext')}</li>
          <li>{t('grading.keyPrevious')}</li>
          <li>{t('grading.keyNumber')}</li>
          <li>{t('grading.keyEnter')}</li>
          <li>{t('grading.keyZoom')}</li>
          <li>{t('grading.keyNames')}</li>
        </ul>
      </details>

      {submissions.isLoading ? <Loading /> : null}
      {submissions.isError ? (
        gradingNotOpenFor(user?.role, submissions.error) ? (
          <GradingNotOpen />
        ) : (
          <LoadError error={submissions.error} onRetry={submissions.refetch} />
        )
      ) : null}
      {submissions.data && queue.length === 0 ? <Alert tone="info">{t('grading.noAnswers')}</Alert> : null}

      {current ? (
        <div className="grid gap-4 xl:grid-cols-[1fr_22rem]">
          <div className={cardClasses}>
            {questionInfo ? (
              <div className="mb-3 text-sm text-slate-700">
                <QuestionHtml lang="en" html={questionInfo.questionEnglishHtml} />
                <QuestionHtml lang="bn" className="mt-1" html={questionInfo.questionBanglaHtml} />
              </div>
            ) : null}
            <ImageViewer key={currentKey} pages={pages} view={view} onView={setView} />
            {unsettled ? (
              <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-700">
                <p data-testid="photos-waiting">{t('grading.photosWaiting', { count: unsettled })}</p>
                <Button
                  variant="secondary"
                  className="px-3"
                  pending={submissions.isFetching}
                  onClick={() => void submissions.refetch()}
                >
                  {t('grading.checkAgain')}
                </Button>
              </div>
            ) : null}
          </div>
          <div className={`${cardClasses} space-y-4`}>
            <div>
              <p className="text-sm font-semibold text-slate-900" data-testid="graded-count">
                {t('grading.progress', { graded: String(graded), total: String(queue.length) })}
              </p>
              <ProgressBar
                value={queue.length ? (graded / queue.length) * 100 : 0}
                label={t('grading.progress', { graded: String(graded), total: String(queue.length) })}
              />
              {waitingForPhotos > 0 ? (
                <p className="mt-1 text-sm text-slate-600" data-testid="waiting-count">
                  {t('grading.waitingCount', { count: waitingForPhotos })}
                </p>
              ) : null}
            </div>
            <div className="flex items-center justify-between gap-2">
              <h2 className="text-lg font-semibold text-slate-900" data-testid="grading-student">
                {showNames
                  ? studentLabel(current.name, current.rollNumber)
                  : t('grading.answerNumber', { number: String(index + 1), total: String(queue.length) })}
              </h2>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={showNames}
                  onChange={() => setShowNames((s) => !s)}
                />
                {t('grading.showNames')}
              </label>
            </div>
            <p className="text-sm text-slate-600" aria-live="polite" data-testid="answer-state">
              {current.marks !== null
                ? t('grading.currentMarks', { marks: String(current.marks) })
                : current.gradable
                  ? t('grading.ungraded')
                  : t('grading.notYet')}
            </p>
            <form onSubmit={onSubmit} className="space-y-3" noValidate>
              <TextField
                id={marksId}
                label={
                  maxMarks === null ? t('grading.marks') : t('grading.marksOf', { max: String(maxMarks) })
                }
                inputMode="numeric"
                disabled={!current.gradable}
                type="number"
                min={0}
                max={maxMarks ?? undefined}
                step={1}
                value={marksText}
                error={formError ?? undefined}
                onChange={(event) => {
                  setMarksText(event.target.value);
                  setFormError(null);
                }}
              />
              <div>
                <label
                  htmlFor={`${marksId}-comment`}
                  className="mb-1 block text-sm font-medium text-slate-800"
                >
                  {t('grading.comment')}
                </label>
                <textarea
                  id={`${marksId}-comment`}
                  rows={3}
                  maxLength={2000}
                  disabled={!current.gradable}
                  className={inputClasses(false)}
                  value={comment}
                  onChange={(event) => setComment(event.target.value)}
                />
              </div>
              <Button
                type="submit"
                className="w-full"
                pending={saving.isLoading}
                disabled={!current.gradable}
              >
                {t('grading.save')}
              </Button>
            </form>
            {notice ? <Alert tone="success">{notice}</Alert> : null}
            <div className="flex justify-between gap-2">
              <Button variant="secondary" onClick={() => go(-1)}>
                {t('grading.previous')}
              </Button>
              <Button variant="secondary" onClick={() => go(1)}>
                {t('grading.next')}
              </Button>
            </div>
          </div>
        </div>
      ) : null}
    </AdminSection>
  );
}
