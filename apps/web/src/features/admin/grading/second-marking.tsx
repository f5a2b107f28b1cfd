import type { Category } from '@ngso/shared/constants';
import type { RubricItem } from '@ngso/shared/schemas/grading';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { inputClasses, TextField } from '../../../components/ui/text-field.tsx';
import { ImageViewer, type ViewState, zoomIn, zoomOut } from '../console/image-viewer.tsx';
import { HeadedTable, tdClasses } from '../console/table.tsx';
import { useAnswerHold } from './answer-hold.ts';
import {
  type Disagreement,
  type SecondClaim,
  useChangeSecondMarkingMutation,
  useClaimSecondMutation,
  useDisagreementsQuery,
  useSaveSecondMarkMutation,
  useSecondMarkingQuery,
  useSettleDisagreementMutation,
} from './grading-api.ts';
import { checkMarks } from './marks.ts';
import { DoneNote, PanelError, RowError, useOutcome } from './outcome.tsx';
import { RubricFields, useRubricChoice } from './rubric-marking.tsx';
import { useGradingKeys } from './use-grading-keys.ts';

/** A whole number from `min` to `max` typed by an organiser, or null. */
const wholeNumber = (raw: string, min: number, max: number) => {
  const text = raw.trim();
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
};

const boxClasses = 'mb-4 rounded-lg border border-slate-200 bg-white p-3 text-sm lg:max-w-3xl';

/**
 * Organisers set a question's second marking (decision 037): the share drawn, the tolerance, and the margin
 * around award cut-offs within which every answer is drawn.
 */
export function SecondMarkingSettingsForm({ questionId }: { questionId: string }) {
  const state = useSecondMarkingQuery(questionId);
  if (!state.data) return null;
  return <SettingsForm key={questionId} questionId={questionId} initial={state.data} />;
}

function SettingsForm({
  questionId,
  initial,
}: {
  questionId: string;
  initial: {
    sample_percent: number;
    tolerance: number;
    near_cutoff: number;
    due: number;
    second_marked: number;
  };
}) {
  const { t } = useTranslation('admin');
  const state = useSecondMarkingQuery(questionId);
  const [sample, setSample] = useState(String(initial.sample_percent));
  const [tolerance, setTolerance] = useState(String(initial.tolerance));
  const [margin, setMargin] = useState(String(initial.near_cutoff));
  const { error, setError, notice, setNotice, fail } = useOutcome();
  const [change, changing] = useChangeSecondMarkingMutation();
  const current = state.data ?? initial;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const samplePercent = wholeNumber(sample, 0, 100);
    const toleranceMarks = wholeNumber(tolerance, 0, 1000);
    const nearCutoff = wholeNumber(margin, 0, 1000);
    if (samplePercent === null) return setError(t('second.sampleError'));
    if (toleranceMarks === null || nearCutoff === null) return setError(t('second.marksError'));
    setError(null);
    try {
      await change({
        questionId,
        sample_percent: samplePercent,
        tolerance: toleranceMarks,
        near_cutoff: nearCutoff,
      }).unwrap();
      setNotice(t('second.saved'));
    } catch (failure) {
      fail(failure);
    }
  };

  return (
    <details className={boxClasses} data-testid="second-marking-settings">
      <summary className="cursor-pointer font-semibold">{t('second.settingsTitle')}</summary>
      <p className="mt-2 text-slate-600">{t('second.help')}</p>
      <form onSubmit={onSubmit} className="mt-2 flex flex-wrap items-end gap-2" noValidate>
        <div className="w-36">
          <TextField
            label={t('second.sample')}
            inputMode="numeric"
            value={sample}
            onChange={(event) => setSample(event.target.value)}
          />
        </div>
        <div className="w-36">
          <TextField
            label={t('second.tolerance')}
            inputMode="numeric"
            value={tolerance}
            onChange={(event) => setTolerance(event.target.value)}
          />
        </div>
        <div className="w-44">
          <TextField
            label={t('second.nearCutoff')}
            inputMode="numeric"
            value={margin}
            onChange={(event) => setMargin(event.target.value)}
          />
        </div>
        <Button type="submit" pending={changing.isLoading}>
          {t('second.save')}
        </Button>
      </form>
      <p className="mt-2 text-slate-700" data-testid="second-marking-counts">
        {t('second.counts', { due: String(current.due), done: String(current.second_marked) })}
      </p>
      <PanelError error={error} />
      <DoneNote notice={notice} />
    </details>
  );
}

type Held = NonNullable<SecondClaim['answer']>;

/**
 * Second marks (decision 037): a grader takes the next answer drawn for a second mark that they did not
 * mark first, blind (neither the first mark nor its grader is shown), and gives their own mark.
 */
export function SecondMarkPanel({ questionId, maxMarks }: { questionId: string; maxMarks: number | null }) {
  const { t } = useTranslation('admin');
  const [claim, claiming] = useClaimSecondMutation();
  const [save] = useSaveSecondMarkMutation();
  const [held, setHeld] = useState<Held | null>(null);
  const [due, setDue] = useState<number | null>(null);
  const [marksText, setMarksText] = useState('');
  const [comment, setComment] = useState('');
  const [rubricItems, setRubricItems] = useState<RubricItem[]>([]);
  const choice = useRubricChoice(rubricItems, maxMarks);
  /** What is ticked now (read after a save, which awaits). */
  const ticked = useRef(choice.state);
  ticked.current = choice.state;
  const byRubric = rubricItems.length > 0;
  const { error, setError, notice, setNotice, fail } = useOutcome();
  const [view, setView] = useState<ViewState>({ zoom: 1, rotation: 0 });
  const [isMoving, setMoving] = useState(false);
  const commentId = useId();
  // Held while shown and not yet marked: renewed every minute, given back when the organiser leaves.
  useAnswerHold(
    held && !isMoving ? { question_id: questionId, user_id: held.user_id } : null,
    'second',
    (failure) => fail(failure),
  );

  /** True from a save until the next answer is shown: the answer on screen is marked already. */
  const moving = useRef(false);
  /** The answer's box, focused when an answer is taken (`focusNext`) so the keys work on it at once. */
  const answerBox = useRef<HTMLElement>(null);
  const focusNext = useRef(false);

  /** Shows the next answer. The marks typed are left alone: they are cleared by a save or by taking anew. */
  const next = async () => {
    setError(null);
    try {
      const result = await claim({ question_id: questionId }).unwrap();
      setHeld(result.answer);
      setDue(result.due);
      setRubricItems(result.rubric);
      setView({ zoom: 1, rotation: 0 });
    } catch (failure) {
      fail(failure);
    }
  };
  const take = async () => {
    focusNext.current = true;
    setMarksText('');
    setComment('');
    choice.reset();
    await next();
  };
  /** Saves the mark typed (or `marksKey`, a number key's) on the answer shown, then shows the next. */
  const submit = async (marksKey?: number) => {
    // The mark goes to the answer shown, and never to one already marked while the next is on its way.
    const answer = held;
    if (!answer || moving.current) return;
    if (marksKey !== undefined && !byRubric) setMarksText(String(marksKey));
    const typed = {
      marks: marksKey === undefined ? marksText : String(marksKey),
      comment,
      rubric: choice.state,
    };
    const note = comment.trim() || null;
    let marking: { marks: number; rubric_items?: string[]; adjustment?: number };
    if (byRubric) {
      const reading = choice.read(note);
      if (!reading.ok) return setError(t(reading.error));
      marking = { marks: reading.marks, rubric_items: reading.rubric_items, adjustment: reading.adjustment };
    } else {
      const checked = checkMarks(typed.marks, maxMarks);
      if (!checked.ok) {
        return setError(
          checked.error === 'range' && maxMarks === null
            ? t('grading.marksError.negative')
            : t(`grading.marksError.${checked.error}`, { max: String(maxMarks ?? '') }),
        );
      }
      marking = { marks: checked.marks };
    }
    moving.current = true;
    setMoving(true);
    try {
      await save({
        question_id: questionId,
        user_id: answer.user_id,
        ...marking,
        ...(note ? { comment: note } : {}),
      }).unwrap();
    } catch (failure) {
      moving.current = false;
      setMoving(false);
      return fail(failure);
    }
    // Cleared once saved; what was typed or ticked since (for the next answer) stays.
    setMarksText((now) => (now === typed.marks ? '' : now));
    setComment((now) => (now === typed.comment ? '' : now));
    if (ticked.current === typed.rubric) choice.reset();
    setNotice(t('second.savedMark'));
    await next();
    moving.current = false;
    setMoving(false);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  // The grading keys, while the focus is in this panel (the page's own answer keeps the others).
  const panel = useRef<HTMLDetailsElement>(null);
  useGradingKeys(
    (action) => {
      if (action.type === 'save') void submit();
      else if (action.type === 'saveMarks') void submit(action.marks);
      else if (action.type === 'tick') choice.tick(action.index);
      else if (action.type === 'zoomIn') setView((v) => ({ ...v, zoom: zoomIn(v.zoom) }));
      else if (action.type === 'zoomOut') setView((v) => ({ ...v, zoom: zoomOut(v.zoom) }));
      else if (action.type === 'rotate') setView((v) => ({ ...v, rotation: (v.rotation + 90) % 360 }));
      // J, K and N mean nothing for a blind second mark: taken here all the same, the page's answer stays.
    },
    { rubric: byRubric, scope: panel },
  );
  // An answer taken is given the focus, so the keys work on it at once.
  const shownId = held?.user_id;
  useEffect(() => {
    if (shownId && focusNext.current) answerBox.current?.focus();
    focusNext.current = false;
  }, [shownId]);

  return (
    <details ref={panel} className={boxClasses} data-testid="second-marks">
      <summary className="cursor-pointer font-semibold">{t('second.title')}</summary>
      <p className="mt-2 text-slate-600">{t('second.blindHelp')}</p>
      {due !== null ? (
        <p className="mt-1 text-slate-700" data-testid="second-due">
          {t('second.due', { count: due })}
        </p>
      ) : null}
      {held ? (
        <section
          ref={answerBox}
          tabIndex={-1}
          className="mt-2 space-y-3"
          aria-label={t('second.rollNumber', { roll: held.roll_number ?? '' })}
        >
          <p className="font-semibold" data-testid="second-answer">
            {t('second.rollNumber', { roll: held.roll_number ?? '' })}
          </p>
          <p className="text-slate-600">
            {t('second.keys', { marks: byRubric ? t('grading.keyRubric') : t('grading.keyNumber') })}
          </p>
          <ImageViewer
            key={held.user_id}
            pages={held.images.map((image) => ({
              key: image.sha256,
              url: image.state === 'ready' ? image.url : null,
              note: image.state === 'ready' ? undefined : t(`grading.photo.${image.state}`),
            }))}
            view={view}
            onView={setView}
          />
          <form onSubmit={onSubmit} className="space-y-3" noValidate>
            {byRubric ? (
              <RubricFields rubric={choice} />
            ) : (
              <div className="w-40">
                <TextField
                  label={
                    maxMarks === null ? t('grading.marks') : t('grading.marksOf', { max: String(maxMarks) })
                  }
                  inputMode="numeric"
                  value={marksText}
                  onChange={(event) => setMarksText(event.target.value)}
                />
              </div>
            )}
            <div>
              <label
                htmlFor={`${commentId}-comment`}
                className="mb-1 block text-sm font-medium text-slate-800"
              >
                {t('grading.comment')}
              </label>
              <textarea
                id={`${commentId}-comment`}
                rows={2}
                maxLength={1000}
                className={inputClasses(false)}
                value={comment}
                onChange={(event) => setComment(event.target.value)}
              />
            </div>
            <Button type="submit" pending={isMoving}>
              {t('second.saveMark')}
            </Button>
          </form>
        </section>
      ) : (
        <div className="mt-2">
          {due !== null ? <p className="mb-2 text-slate-700">{t('second.noneFree')}</p> : null}
          <Button variant="secondary" pending={claiming.isLoading} onClick={() => void take()}>
            {t('second.take')}
          </Button>
        </div>
      )}
      <DoneNote notice={notice} />
      <PanelError error={error} />
    </details>
  );
}

function SettleRow({ item }: { item: Disagreement }) {
  const { t } = useTranslation('admin');
  const [marksText, setMarksText] = useState('');
  const [comment, setComment] = useState('');
  const { error, setError, fail } = useOutcome();
  const [settle, settling] = useSettleDisagreementMutation();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const given = wholeNumber(marksText, 0, 1000);
    if (given === null) return setError(t('second.marksError'));
    if (!comment.trim()) return setError(t('second.commentError'));
    setError(null);
    try {
      await settle({ question_id: item.question_id, user_id: item.user_id, marks: given, comment }).unwrap();
    } catch (failure) {
      fail(failure);
    }
  };
  return (
    <tr data-testid="disagreement">
      <td className={tdClasses}>{t('progress.questionNumber', { number: String(item.position) })}</td>
      <td className={tdClasses}>{item.roll_number ?? ''}</td>
      <td className={tdClasses}>
        {t('second.markBy', { marks: String(item.first_marks), grader: item.first_grader ?? '' })}
      </td>
      <td className={tdClasses}>
        {t('second.markBy', { marks: String(item.second_marks), grader: item.second_grader ?? '' })}
      </td>
      <td className={tdClasses}>
        <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2" noValidate>
          <div className="w-24">
            <TextField
              label={t('second.finalMarks')}
              inputMode="numeric"
              value={marksText}
              onChange={(event) => setMarksText(event.target.value)}
            />
          </div>
          <div className="w-48">
            <TextField
              label={t('second.comment')}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
            />
          </div>
          <Button type="submit" variant="secondary" pending={settling.isLoading}>
            {t('second.settle')}
          </Button>
        </form>
        <RowError error={error} />
      </td>
    </tr>
  );
}

/** Admins: the category's two marks further apart than the tolerance, each settled by a final mark. */
export function DisagreementsPanel({ category }: { category: Category }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const list = useDisagreementsQuery(category, { skip: !open, refetchOnMountOrArgChange: true });
  const items = list.data?.disagreements ?? [];
  return (
    <details className={boxClasses} data-testid="disagreements" open={open}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a summary is the details' own button; the click only decides when the list is read */}
      <summary
        className="cursor-pointer font-semibold"
        onClick={(event) => {
          event.preventDefault();
          setOpen((shown) => !shown);
        }}
      >
        {t('second.disagreementsTitle')}
      </summary>
      {list.data ? (
        <p className="mt-2 text-slate-700">
          {t('second.disagreementsCount', { count: items.length, due: String(list.data.due) })}
        </p>
      ) : null}
      {items.length > 0 ? (
        <div className="mt-2 overflow-x-auto">
          <HeadedTable
            caption={t('second.disagreementsTitle')}
            columns={[
              { label: t('progress.question') },
              { label: t('second.roll') },
              { label: t('second.first') },
              { label: t('second.second') },
              { label: t('second.final') },
            ]}
          >
            {items.map((item) => (
              <SettleRow key={`${item.question_id}/${item.user_id}`} item={item} />
            ))}
          </HeadedTable>
        </div>
      ) : null}
    </details>
  );
}
