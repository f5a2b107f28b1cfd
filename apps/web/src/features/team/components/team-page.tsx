import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLanguage } from '../../../content/localised.ts';
import type { Team } from '../../../content/schemas.ts';

/** Members filtered by department (shown only when the content flag `showMembers` is on). */
export function TeamDirectory({ team }: { team: Team }) {
  const { t, i18n } = useTranslation('team');
  const [department, setDepartment] = useState<string | null>(null);
  const shown = department ? team.members.filter((m) => m.department === department) : team.members;
  const filters: { id: string | null; label: string }[] = [
    { id: null, label: t('allDepartments') },
    ...team.departments.map((d) => ({ id: d.id, label: pickLanguage(d.name, i18n.language) })),
  ];
  return (
    <div>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-800">{t('departments')}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {filters.map((filter) => (
            <button
              key={filter.id ?? 'all'}
              type="button"
              aria-pressed={department === filter.id}
              onClick={() => setDepartment(filter.id)}
              className={`min-h-11 rounded-full px-4 text-sm font-semibold ring-1 focus-visible:outline-2 focus-visible:outline-sky-600 ${
                department === filter.id
                  ? 'bg-sky-700 text-white ring-sky-700'
                  : 'bg-white text-slate-800 ring-slate-300'
              }`}
            >
              {filter.label}
            </button>
          ))}
        </div>
      </fieldset>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {shown.map((member) => (
          <li key={member.id} data-testid="team-member" className="rounded-2xl border border-slate-200 p-5">
            <p className="font-bold text-slate-900">{pickLanguage(member.name, i18n.language)}</p>
            <p className="text-sm text-slate-600">{pickLanguage(member.role, i18n.language)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Team: Under Construction until the organisers switch the directory on in content/team.ts. */
export function TeamPage({ team }: { team: Team }) {
  const { t } = useTranslation('team');
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-16 sm:py-24">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{t('title')}</h1>
      {team.showMembers ? (
        <div className="mt-8">
          <TeamDirectory team={team} />
        </div>
      ) : (
        <div
          data-testid="under-construction"
          className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-8 text-center"
        >
          <h2 className="text-2xl font-bold text-slate-900">{t('underConstruction')}</h2>
          <p className="mt-3 text-slate-700">{t('underConstructionText')}</p>
        </div>
      )}
    </section>
  );
}
