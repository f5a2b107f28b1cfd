import type { RubricItem } from '@ngso/shared/schemas/grading';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import {
  useAddRubricItemMutation,
  useChangeRubricItemMutation,
  useRemoveRubricItemMutation,
} from './grading-api.ts';
import { DoneNote, PanelError, RowError, useOutcome } from './outcome.tsx';

/** Reads points typed by an organiser: a whole number from -100 to 100 ("−" typed as a minus too). */
const readPoints = (raw: string) => {
  const text = raw.trim().replace('−', '-');
  if (!/^[-+]?\d+$/.test(text)) return null;
  const points = Number(text);
  return points >= -100 && points <= 100 ? points : null;
};

/** A rubric item's text and points, as typed. */
function ItemFields({
  text,
  points,
  textLabel,
  pointsLabel,
  onText,
  onPoints,
}: {
  text: string;
  points: string;
  textLabel: string;
  pointsLabel: string;
  onText: (text: string) => void;
  onPoints: (points: string) => void;
}) {
  return (
    <>
      <div className="min-w-48 flex-1">
        <TextField
          label={textLabel}
          value={text}
          maxLength={200}
          onChange={(event) => onText(event.target.value)}
        />
      </div>
      <div className="w-24">
        <TextField
          label={pointsLabel}
          inputMode="numeric"
          value={points}
          onChange={(event) => onPoints(event.target.value)}
        />
      </div>
    </>
  );
}

/** One item: its text and points, saved (new points regrade every answer that ticked it) or removed. */
function ItemRow({ item, questionId, number }: { item: RubricItem; questionId: string; number: number }) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState(item.text);
  const [points, setPoints] = useState(String(item.points));
  const { error, setError, notice, setNotice, fail } = useOutcome();
  const [change, changing] = useChangeRubricItemMutation();
  const [remove, removing] = useRemoveRubricItemMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const value = readPoints(points);
    if (value === null) return setError(t('rubric.pointsError'));
    setError(null);
    try {
      const saved = await change({ id: item.id, questionId, text: text.trim(), points: value }).unwrap();
      setNotice(t('rubric.savedItem', { count: saved.regraded }));
    } catch (failure) {
      fail(failure, ['text', 'points']);
    }
  };
  const onRemove = async () => {
    try {
      await remove({ id: item.id, questionId }).unwrap();
    } catch (failure) {
      fail(failure);
    }
  };
  return (
    <li className="rounded border border-slate-200 p-2" data-testid="rubric-item-editor">
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2" noValidate>
        <span className="pb-2 font-semibold">{number}.</span>
        <ItemFields
          text={text}
          points={points}
          textLabel={t('rubric.textOf', { number: String(number) })}
          pointsLabel={t('rubric.pointsOf', { number: String(number) })}
          onText={setText}
          onPoints={setPoints}
        />
        <Button type="submit" variant="secondary" pending={changing.isLoading}>
          {t('rubric.save', { number: String(number) })}
        </Button>
        <Button variant="secondary" pending={removing.isLoading} onClick={() => void onRemove()}>
          {t('rubric.remove', { number: String(number) })}
        </Button>
      </form>
      <RowError error={error} />
      <DoneNote notice={notice} />
    </li>
  );
}

/**
 * The organisers' rubric of a question (admins only; decision 037): items with points, positive or
 * negative, in order; keys 1 to 9 tick the first nine when grading.
 */
export function RubricEditor({ questionId, items }: { questionId: string; items: readonly RubricItem[] }) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState('');
  const [points, setPoints] = useState('');
  const { error, setError, fail } = useOutcome();
  const [add, adding] = useAddRubricItemMutation();

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    const value = readPoints(points);
    if (!text.trim()) return setError(t('rubric.textError'));
    if (value === null) return setError(t('rubric.pointsError'));
    setError(null);
    try {
      await add({ questionId, text: text.trim(), points: value }).unwrap();
      setText('');
      setPoints('');
    } catch (failure) {
      fail(failure, ['text', 'points']);
    }
  };

  return (
    <details className="mb-4 rounded-lg border border-slate-200 bg-white p-3 text-sm lg:max-w-3xl">
      <summary className="cursor-pointer font-semibold">{t('rubric.title', { count: items.length })}</summary>
      <p className="mt-2 text-slate-600">{t('rubric.help')}</p>
      <ul className="mt-2 space-y-2">
        {items.map((item, index) => (
          <ItemRow key={item.id} item={item} questionId={questionId} number={index + 1} />
        ))}
      </ul>
      <form onSubmit={onAdd} className="mt-3 flex flex-wrap items-end gap-2" noValidate>
        <ItemFields
          text={text}
          points={points}
          textLabel={t('rubric.newText')}
          pointsLabel={t('rubric.newPoints')}
          onText={setText}
          onPoints={setPoints}
        />
        <Button type="submit" pending={adding.isLoading}>
          {t('rubric.add')}
        </Button>
      </form>
      <PanelError error={error} />
    </details>
  );
}
