import { CATEGORIES, type Category } from '@ngso/shared/constants';
import type { ClaimResult } from '@ngso/shared/schemas/grading';
import type { GradingImage } from '@ngso/shared/schemas/results';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { TFunction } from 'i18next';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useSearchParams } from 'react-router';
import { BilingualQuestion } from '../../../components/question-html.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { inputClasses, TextField } from '../../../components/ui/text-field.tsx';
import { serverFieldErrors } from '../../../lib/api-error.ts';
import { selectUser } from '../../auth/slice.ts';
import {
  useAdminQuestionsQuery,
  useClaimAnswerMutation,
  useGiveMarksMutation,
  useRubricQuery,
} from '../api.ts';
import { useActionError } from '../console/action-error.ts';
import { AdminSection } from '../console/admin-section.tsx';
import { cardClasses } from '../console/card.ts';
import { ImageViewer, type ViewerPage, type ViewState, zoomIn, zoomOut } from '../console/image-viewer.tsx';
import { LoadError, Loading } from '../console/load-states.tsx';
import { shownReceipt } from '../console/photo-receipt.tsx';
import { useAnswerHold } from './answer-hold.ts';
import { emptyState, isGradable } from './grading.ts';
import { GradingNotOpen, gradingNotOpenFor } from './grading-not-open.tsx';
import { GradingProgressPanel } from './grading-progress.tsx';
import { checkMarks } from './marks.ts';
import { RubricEditor } from './rubric-editor.tsx';
import { RubricFields, useRubricChoice } from './rubric-marking.tsx';
import { DisagreementsPanel, SecondMarkingSettingsForm, SecondMarkPanel } from './second-marking.tsx';
import { useGradingKeys } from './use-grading-keys.ts';

const isCategory = (value: string | null): value is Category => CATEGORIES.some((c) => c === value);
/** Who wrote an answer: the name and roll number for admins; graders get the roll number only. */
const studentLabel = (name: string | null, rollNumber: string | null) =>
  name ? `${name}${rollNumber ? ` (${rollNumber})` : ''}` : (rollNumber ?? '');

/** An answer's photos as the viewer's pages: the image once processed, else a sentence on its state. */
const viewerPages = (images: readonly GradingImage[], t: TFunction<'admin'>): ViewerPage[] =>
  images.map((image) => ({
    key: image.sha256,
    url: image.state === 'ready' ? image.url : null,
    note: image.state === 'ready' ? undefined : t(`grading.photo.${image.state}`),
    state: image.state === 'ready' ? undefined : t(`grading.photoShort.${image.state}`),
    badge: image.late ? t('grading.photo.lateAccepted') : undefined,
    receipt: shownReceipt(image),
  }));

type Answer = NonNullable<ClaimResult['answer']>;

/**
 * Grading one question as a team (docs/decisions/037-grading-as-a-team.md): the server hands this grader
 * one answer at a time and holds it for them (renewed every minute while the page is open, given back on
 * leaving); the next answer's photos are fetched ahead. Names hidden by default, a large image viewer, marks
 * and a comment, keyboard shortcuts; after a save, the next answer.
 */
export function GradingPage() {
  const { t } = useTranslation('admin');
  const actionError = useActionError();
  const user = useSelector(selectUser);
  const [search, setSearch] = useSearchParams();
  const categoryParam = search.get('category');
  const category: Category = isCategory(categoryParam) ? categoryParam : 'junior';
  const questions = useAdminQuestionsQuery(category);
  // The chosen category's own questions (RTK Query's `data` keeps the previous category's while the new one
  // loads or is refused, which kept its answer on screen under "Grading opens when ...").
  const questionList = questions.currentData ?? [];
  const questionParam = search.get('question');
  const questionInfo = questionList.find((question) => question.id === questionParam) ?? questionList[0];
  const questionId = questionInfo?.id;
  // The question on screen now: an answer claimed for another one (the category changed meanwhile) is dropped.
  const shownQuestion = useRef(questionId);
  shownQuestion.current = questionId;
  const maxMarks = questionInfo?.marks ?? null;
  const rubric = useRubricQuery(questionId ?? skipToken);
  const rubricItems = rubric.data ?? [];
  const byRubric = rubricItems.length > 0;

  const [claimAnswer, claiming] = useClaimAnswerMutation();
  const [giveMarks, saving] = useGiveMarksMutation();

  const [current, setCurrent] = useState<Answer | null>(null);
  const [progress, setProgress] = useState<ClaimResult['progress'] | null>(null);
  const [prefetch, setPrefetch] = useState<string[]>([]);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [showNames, setShowNames] = useState(false);
  const [view, setView] = useState<ViewState>({ zoom: 1, rotation: 0 });
  const [marksText, setMarksText] = useState('');
  const [comment, setComment] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const choice = useRubricChoice(rubricItems, maxMarks);
  /** Answers passed over with J on this visit (left for later), and those graded, for K to reopen. */
  const skipped = useRef<string[]>([]);
  const history = useRef<string[]>([]);
  const marksId = useId();

  const pages = useMemo(() => viewerPages(current?.images ?? [], t), [current?.images, t]);
  const gradable = current ? isGradable(current.images) : false;
  const unsettled = current?.images.filter(
    (image) => image.state === 'arriving' || image.state === 'processing',
  ).length;

  /** Takes an answer from the server: the next free one, or the one named; shows it with the counts. */
  const take = useCallback(
    async (options: { userId?: string; skip?: string[] } = {}) => {
      if (!questionId) return null;
      try {
        const result = await claimAnswer({
          question_id: questionId,
          ...(options.userId ? { user_id: options.userId } : {}),
          ...(options.skip?.length ? { skip: options.skip } : {}),
        }).unwrap();
        if (shownQuestion.current !== questionId) return null;
        setLoadError(null);
        setProgress(result.progress);
        setPrefetch(result.prefetch);
        setCurrent(result.answer);
        return result;
      } catch (error) {
        if (shownQuestion.current !== questionId) return null;
        if (options.userId) setFormError(actionError(error));
        else setLoadError(error);
        return null;
      }
    },
    [questionId, claimAnswer, actionError],
  );

  // A question chosen (or the page opened): take its first answer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per question
  useEffect(() => {
    skipped.current = [];
    history.current = [];
    setCurrent(null);
    setProgress(null);
    setNotice(null);
    void take();
  }, [questionId]);

  // The hold: renewed while the grader works on it; given back when they leave it or the page.
  const heldKey = current && questionId ? `${questionId}/${current.user_id}` : '';
  const releaseHeld = useAnswerHold(
    current && questionId ? { question_id: questionId, user_id: current.user_id } : null,
    'first',
    (error) => setFormError(actionError(error)),
  );

  // A new answer on screen: its marks and comment in the form, the view reset.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another answer is shown
  useEffect(() => {
    setMarksText(current?.marks === null || current?.marks === undefined ? '' : String(current.marks));
    setComment(current?.comment ?? '');
    choice.reset(current?.rubric);
    setFormError(null);
    setView({ zoom: 1, rotation: 0 });
  }, [heldKey]);

  const choose = (next: { category?: Category; question?: string }) => {
    // Only what is named is compared: before a category's questions are known (loading, or grading not
    // open yet) questionId is undefined, and another category must still be chosen.
    const sameCategory = next.category === undefined || next.category === category;
    const sameQuestion = next.question === undefined || next.question === questionId;
    if (sameCategory && sameQuestion) return;
    releaseHeld();
    const params = new URLSearchParams(search);
    if (next.category) {
      params.set('category', next.category);
      params.delete('question');
    }
    if (next.question) params.set('question', next.question);
    setSearch(params, { replace: true });
  };

  /** J: leave this answer for later and take another (round again once every other one was passed over). */
  const skip = useCallback(async () => {
    if (!current || claiming.isLoading) return;
    setNotice(null);
    skipped.current = [...skipped.current, current.user_id];
    const result = await take({ skip: skipped.current });
    if (result && !result.answer && skipped.current.length > 0) {
      skipped.current = [];
      await take();
    }
  }, [current, claiming.isLoading, take]);

  /** K: back to the answer graded before this one (to look again or change the marks). */
  const back = useCallback(async () => {
    const previous = history.current.at(-1);
    if (!previous || claiming.isLoading) return;
    setNotice(null);
    const result = await take({ userId: previous });
    if (result?.answer) history.current = history.current.slice(0, -1);
  }, [claiming.isLoading, take]);

  /** Saves the marks on the held answer, then takes the next one. */
  const send = useCallback(
    async (marking: {
      marks: number;
      comment: string | null;
      rubric_items?: string[];
      adjustment?: number;
    }) => {
      if (!current || !questionId) return;
      setFormError(null);
      try {
        await giveMarks({
          category,
          userId: current.user_id,
          question_id: questionId,
          claimed: true,
          ...marking,
        }).unwrap();
      } catch (error) {
        const fields = serverFieldErrors(error);
        setFormError(fields.marks ?? fields.comment ?? fields.rubric_items ?? actionError(error));
        return;
      }
      history.current = [...history.current, current.user_id];
      const result = await take({ skip: skipped.current });
      if (result && !result.answer && skipped.current.length > 0) {
        skipped.current = [];
        await take();
      }
      setNotice(
        result?.answer ? t('grading.saved', { marks: String(marking.marks) }) : t('grading.savedLast'),
      );
    },
    [current, questionId, giveMarks, category, take, t, actionError],
  );

  const tickItem = choice.tick;
  const tick = useCallback(
    (index: number) => {
      if (gradable && tickItem(index)) setFormError(null);
    },
    [tickItem, gradable],
  );

  const save = useCallback(
    async (marksValue?: number) => {
      if (!current || !questionId || saving.isLoading) return;
      if (!gradable) {
        setFormError(t('grading.notYet'));
        return;
      }
      const trimmedComment = comment.trim() ? comment.trim() : null;
      if (byRubric) {
        const reading = choice.read(trimmedComment);
        if (!reading.ok) {
          setFormError(t(reading.error));
          return;
        }
        await send({
          marks: reading.marks,
          comment: trimmedComment,
          rubric_items: reading.rubric_items,
          adjustment: reading.adjustment,
        });
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
      await send({ marks: checked.marks, comment: trimmedComment });
    },
    [
      current,
      questionId,
      saving.isLoading,
      gradable,
      marksText,
      maxMarks,
      comment,
      byRubric,
      choice,
      t,
      send,
    ],
  );

  useGradingKeys(
    (action) => {
      if (action.type === 'next') void skip();
      else if (action.type === 'previous') void back();
      else if (action.type === 'save') void save();
      else if (action.type === 'saveMarks') void save(action.marks);
      else if (action.type === 'tick') tick(action.index);
      else if (action.type === 'zoomIn') setView((v) => ({ ...v, zoom: zoomIn(v.zoom) }));
      else if (action.type === 'zoomOut') setView((v) => ({ ...v, zoom: zoomOut(v.zoom) }));
      else if (action.type === 'rotate') setView((v) => ({ ...v, rotation: (v.rotation + 90) % 360 }));
      else if (action.type === 'toggleNames') setShowNames((shown) => !shown);
    },
    { rubric: byRubric },
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  const notOpen = questions.isError ? questions.error : loadError;
  const empty = progress && !current ? emptyState(progress) : null;

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
          disabled={questionList.length === 0}
          options={questionList.map((q) => ({
            value: q.id,
            label: t('grading.questionOptionMarks', { number: String(q.position), marks: String(q.marks) }),
          }))}
          onChange={(event) => event.target.value && choose({ question: event.target.value })}
        />
      </div>

      <details className="mb-4 rounded-lg border border-slate-200 bg-white p-3 text-sm" open>
        <summary className="cursor-pointer font-semibold">{t('grading.shortcuts')}</summary>
        <ul className="mt-2 grid gap-1 sm:grid-cols-2">
          <li>{t('grading.keyNext')}</li>
          <li>{t('grading.keyPrevious')}</li>
          <li>{byRubric ? t('grading.keyRubric') : t('grading.keyNumber')}</li>
          <li>{t('grading.keyEnter')}</li>
          <li>{t('grading.keyZoom')}</li>
          <li>{t('grading.keyNames')}</li>
        </ul>
      </details>

      {progress ? <GradingProgressPanel category={category} /> : null}

      {user?.role === 'admin' && questionId && rubric.data ? (
        <RubricEditor questionId={questionId} items={rubric.data} />
      ) : null}

      {user?.role === 'admin' && questionId ? <SecondMarkingSettingsForm questionId={questionId} /> : null}
      {progress && questionId ? (
        <SecondMarkPanel key={questionId} questionId={questionId} maxMarks={maxMarks} />
      ) : null}
      {progress && user?.role === 'admin' ? <DisagreementsPanel category={category} /> : null}

      {/* The next answer's photos, fetched ahead so it shows at once. */}
      {prefetch.map((url) => (
        <link key={url} rel="prefetch" as="image" href={url} data-testid="prefetch" />
      ))}

      {questions.isLoading || (claiming.isLoading && !progress) ? <Loading /> : null}
      {notOpen ? (
        gradingNotOpenFor(user?.role, notOpen) ? (
          <GradingNotOpen />
        ) : (
          <LoadError error={notOpen} onRetry={() => (questions.isError ? questions.refetch() : take())} />
        )
      ) : null}
      {questions.data && questionList.length === 0 ? (
        <Alert tone="info">{t('grading.noQuestions')}</Alert>
      ) : null}

      {progress ? (
        <div className="mb-4 lg:max-w-2xl">
          <p className="text-sm font-semibold text-slate-900" data-testid="graded-count">
            {t('grading.progress', { graded: String(progress.graded), total: String(progress.total) })}
          </p>
          <ProgressBar
            value={progress.total ? (progress.graded / progress.total) * 100 : 0}
            label={t('grading.progress', { graded: String(progress.graded), total: String(progress.total) })}
          />
          <p className="mt-1 text-sm text-slate-600" data-testid="held-count">
            {t('grading.heldCount', { count: progress.claimed })}
          </p>
          {progress.waiting ? (
            <p className="mt-1 text-sm text-slate-600" data-testid="waiting-count">
              {t('grading.waitingCount', { count: progress.waiting })}
            </p>
          ) : null}
        </div>
      ) : null}

      {empty ? (
        <div className="space-y-3 lg:max-w-2xl">
          {notice ? <Alert tone="success">{notice}</Alert> : null}
          <Alert tone="info">{t(`grading.empty.${empty}`)}</Alert>
          {empty !== 'done' && empty !== 'none' ? (
            <Button variant="secondary" pending={claiming.isLoading} onClick={() => void take()}>
              {t('grading.checkAgain')}
            </Button>
          ) : null}
        </div>
      ) : null}

      {current ? (
        <div className="grid gap-4 xl:grid-cols-[1fr_22rem]">
          <div className={cardClasses}>
            {questionInfo ? (
              <div className="mb-3 text-sm text-slate-700">
                <BilingualQuestion
                  englishHtml={questionInfo.questionEnglishHtml}
                  banglaHtml={questionInfo.questionBanglaHtml}
                  images={questionInfo.images}
                  banglaClassName="mt-1"
                />
              </div>
            ) : null}
            <ImageViewer key={heldKey} pages={pages} view={view} onView={setView} />
            {unsettled ? (
              <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-700">
                <p data-testid="photos-waiting">{t('grading.photosWaiting', { count: unsettled })}</p>
                <Button
                  variant="secondary"
                  className="px-3"
                  pending={claiming.isLoading}
                  onClick={() => void take({ userId: current.user_id })}
                >
                  {t('grading.checkAgain')}
                </Button>
              </div>
            ) : null}
          </div>
          <div className={`${cardClasses} space-y-4`}>
            <div className="flex items-center justify-between gap-2">
              <h2 className="text-lg font-semibold text-slate-900" data-testid="grading-student">
                {showNames ? studentLabel(current.name, current.roll_number) : t('grading.nameHidden')}
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
                : gradable
                  ? t('grading.ungraded')
                  : t('grading.notYet')}
            </p>
            <form onSubmit={onSubmit} className="space-y-3" noValidate>
              {byRubric ? (
                <RubricFields
                  rubric={choice}
                  disabled={!gradable}
                  error={formError}
                  onEdit={() => setFormError(null)}
                />
              ) : (
                <TextField
                  id={marksId}
                  label={
                    maxMarks === null ? t('grading.marks') : t('grading.marksOf', { max: String(maxMarks) })
                  }
                  inputMode="numeric"
                  disabled={!gradable}
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
              )}
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
                  disabled={!gradable}
                  className={inputClasses(false)}
                  value={comment}
                  onChange={(event) => setComment(event.target.value)}
                />
              </div>
              <Button type="submit" className="w-full" pending={saving.isLoading} disabled={!gradable}>
                {t('grading.save')}
              </Button>
            </form>
            {notice ? <Alert tone="success">{notice}</Alert> : null}
            <div className="flex justify-between gap-2">
              <Button variant="secondary" onClick={() => void back()} disabled={history.current.length === 0}>
                {t('grading.previous')}
              </Button>
              <Button variant="secondary" onClick={() => void skip()}>
                {t('grading.next')}
              </Button>
            </div>
          </div>
        </div>
      ) : null}
    </AdminSection>
  );
}
