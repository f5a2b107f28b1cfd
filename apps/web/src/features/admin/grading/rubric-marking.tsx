import type { RubricItem } from '@ngso/shared/schemas/grading';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field.tsx';
import { rubricTotal, signedPoints } from './grading.ts';

/** The adjustment as typed ('' is none; a typographic minus counts), NaN when it is not a number. */
const adjustmentOf = (text: string) => (text.trim() === '' ? 0 : Number(text.trim().replace('−', '-')));

export type RubricReading =
  | { ok: true; marks: number; rubric_items: string[]; adjustment: number }
  | { ok: false; error: 'rubric.adjustmentError' | 'rubric.adjustmentComment' };

/**
 * Marking by a question's rubric (decision 037), for first and second marks alike: the items ticked (keys
 * 1 to 9 tick the first nine), an adjustment, and the total the server will compute from them.
 */
export function useRubricChoice(items: readonly RubricItem[], maxMarks: number | null) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [adjustmentText, setAdjustmentText] = useState('');

  /** Shows a choice (the answer's own, or none). */
  const reset = useCallback((choice?: { items: string[]; adjustment: number } | null) => {
    setTicked(new Set(choice?.items ?? []));
    setAdjustmentText(choice?.adjustment ? String(choice.adjustment) : '');
  }, []);

  /** Ticks or unticks the item at `index`; false when there is none. */
  const tick = useCallback(
    (index: number) => {
      const item = items[index];
      if (!item) return false;
      setTicked((before) => {
        const next = new Set(before);
        if (next.has(item.id)) next.delete(item.id);
        else next.add(item.id);
        return next;
      });
      return true;
    },
    [items],
  );

  const total = rubricTotal(items, ticked, adjustmentOf(adjustmentText) || 0, maxMarks);

  /** The choice to send with its marks, or what is wrong with it (an adjustment needs a comment). */
  const read = (comment: string | null): RubricReading => {
    const adjustment = adjustmentOf(adjustmentText);
    if (!Number.isInteger(adjustment) || adjustment < -100 || adjustment > 100) {
      return { ok: false, error: 'rubric.adjustmentError' };
    }
    if (adjustment !== 0 && !comment) return { ok: false, error: 'rubric.adjustmentComment' };
    return {
      ok: true,
      marks: rubricTotal(items, ticked, adjustment, maxMarks),
      rubric_items: items.filter((item) => ticked.has(item.id)).map((item) => item.id),
      adjustment,
    };
  };

  /** What was ticked and typed, to tell whether it changed since. */
  const state = `${[...ticked].sort().join(',')}|${adjustmentText}`;

  return { items, maxMarks, ticked, tick, adjustmentText, setAdjustmentText, total, reset, read, state };
}

export type RubricChoiceState = ReturnType<typeof useRubricChoice>;

/** The rubric's items to tick, the adjustment and the total; `onEdit` runs on every change. */
export function RubricFields({
  rubric,
  disabled,
  error,
  onEdit,
}: {
  rubric: RubricChoiceState;
  disabled?: boolean;
  error?: string | null;
  onEdit?: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium text-slate-800">{t('rubric.legend')}</legend>
      {rubric.items.map((item, index) => (
        <label key={item.id} className="flex items-start gap-2 text-sm" data-testid="rubric-item">
          <input
            type="checkbox"
            className="mt-0.5 size-5"
            checked={rubric.ticked.has(item.id)}
            onChange={() => {
              rubric.tick(index);
              onEdit?.();
            }}
          />
          <span>
            {t('rubric.itemLabel', {
              number: String(index + 1),
              text: item.text,
              points: signedPoints(item.points),
            })}
          </span>
        </label>
      ))}
      <TextField
        label={t('rubric.adjustment')}
        inputMode="numeric"
        value={rubric.adjustmentText}
        onChange={(event) => {
          rubric.setAdjustmentText(event.target.value);
          onEdit?.();
        }}
      />
      <p className="text-sm font-semibold text-slate-900" data-testid="rubric-total">
        {t('rubric.total', { marks: String(rubric.total), max: String(rubric.maxMarks ?? '') })}
      </p>
      {error ? (
        <p className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
