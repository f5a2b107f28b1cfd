import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { adminApi, COMPETITION_SCOPED_TAGS } from '../api.ts';
import { useCompetitionsQuery } from './competitions-api.ts';
import { chooseCompetition, useCurrentCompetition } from './current-competition.ts';

/** Works on another competition: every section then fetches that competition's data. */
export function useSwitchCompetition() {
  const dispatch = useDispatch();
  return (code: string) => {
    chooseCompetition(code);
    dispatch(adminApi.util.invalidateTags([...COMPETITION_SCOPED_TAGS]));
  };
}

/** The console's competition picker, above the sections (shown once there is more than one). */
export function CompetitionSwitcher() {
  const { t } = useTranslation('admin');
  const id = useId();
  const competitions = useCompetitionsQuery();
  const current = useCurrentCompetition();
  const switchTo = useSwitchCompetition();
  const list = competitions.data ?? [];
  if (list.length < 2) return null;
  return (
    <div className="mb-3 px-3 lg:px-0">
      <label htmlFor={id} className="mb-1 block text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {t('competitions.switch')}
      </label>
      <select
        id={id}
        className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm"
        value={current}
        onChange={(event) => switchTo(event.target.value)}
      >
        {list.map((competition) => (
          <option key={competition.code} value={competition.code}>
            {competition.code} · {competition.name}
          </option>
        ))}
      </select>
    </div>
  );
}
