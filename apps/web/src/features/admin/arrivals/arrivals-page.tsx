import type { Category } from '@ngso/shared/constants';
import { OWN_TRANSPORT } from '@ngso/shared/pickup-spots';
import type { ArrivalGroup } from '@ngso/shared/schemas/check-in';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { AdminSection } from '../console/admin-section.tsx';
import { useCurrentCompetition } from '../console/current-competition.ts';
import { pageCount } from '../console/filters.ts';
import { LoadError, Loading } from '../console/load-states.tsx';
import { Pager } from '../console/pager.tsx';
import { ConsoleTable, TableEmptyRow, tdClasses } from '../console/table.tsx';
import { useCanUse } from '../console/use-can-use.ts';
import { useArrivalsQuery, useNotArrivedQuery } from './arrivals-api.ts';

/** On the day, arrivals change by the minute: both lists are read again this often. */
const POLL_MS = 15_000;

type Filter = { category: Category; pickupSpot: string } | null;

/**
 * The in-person final round's arrivals: per category (its venue) and pick-up spot, how many approved
 * entrants have been checked in at the door, and who has not arrived yet, with the numbers to call.
 */
export function ArrivalsPage() {
  const { t } = useTranslation('admin');
  const allowed = useCanUse('arrivals');
  const competition = useCurrentCompetition();
  const [filter, setFilter] = useState<Filter>(null);
  const [page, setPage] = useState(1);
  const arrivals = useArrivalsQuery(competition, { skip: !allowed, pollingInterval: POLL_MS });
  const missing = useNotArrivedQuery(
    { competition, category: filter?.category ?? null, pickupSpot: filter?.pickupSpot ?? null, page },
    { skip: !allowed, pollingInterval: POLL_MS },
  );
  const spot = (name: string) => (name === OWN_TRANSPORT ? t('arrivals.ownTransport') : name);
  const choose = (next: Filter) => {
    setFilter(next);
    setPage(1);
  };
  const isChosen = (group: ArrivalGroup) =>
    filter?.category === group.category && filter.pickupSpot === group.pickup_spot;

  return (
    <AdminSection section="arrivals" title={t('arrivals.title')}>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t('arrivals.intro')}</p>
      {arrivals.isLoading ? <Loading /> : null}
      {arrivals.isError ? <LoadError error={arrivals.error} onRetry={arrivals.refetch} /> : null}
      {arrivals.data ? (
        <>
          <p
            className="mb-3 text-lg font-semibold text-slate-900"
            aria-live="polite"
            data-testid="arrivals-total"
          >
            {t('arrivals.total', {
              arrived: String(arrivals.data.arrived),
              expected: String(arrivals.data.expected),
            })}
          </p>
          {arrivals.data.groups.length === 0 ? <Alert tone="info">{t('arrivals.none')}</Alert> : null}
          {arrivals.data.groups.length > 0 ? (
            <ConsoleTable
              caption={t('arrivals.groupsCaption')}
              columns={[
                { label: t('arrivals.category') },
                { label: t('arrivals.venue'), from: 'md' },
                { label: t('arrivals.pickupSpot') },
                { label: t('arrivals.arrived') },
                { label: t('arrivals.notArrived') },
              ]}
              testId="arrivals-groups"
              frameClassName="mb-8"
            >
              {arrivals.data.groups.map((group) => (
                <tr key={`${group.category}/${group.pickup_spot}`}>
                  <td className={tdClasses}>{t(`category.${group.category}`)}</td>
                  <td className={`${tdClasses} hidden md:table-cell`}>{group.venue ?? '—'}</td>
                  <td className={tdClasses}>{spot(group.pickup_spot)}</td>
                  <td className={`${tdClasses} whitespace-nowrap`}>
                    {t('arrivals.ofExpected', {
                      arrived: String(group.arrived),
                      expected: String(group.expected),
                    })}
                  </td>
                  <td className={tdClasses}>
                    {group.expected > group.arrived ? (
                      <Button
                        variant={isChosen(group) ? 'primary' : 'secondary'}
                        aria-pressed={isChosen(group)}
                        onClick={() =>
                          choose(
                            isChosen(group)
                              ? null
                              : { category: group.category, pickupSpot: group.pickup_spot },
                          )
                        }
                      >
                        {t('arrivals.showMissing', { missing: String(group.expected - group.arrived) })}
                      </Button>
                    ) : (
                      t('arrivals.allHere')
                    )}
                  </td>
                </tr>
              ))}
            </ConsoleTable>
          ) : null}
        </>
      ) : null}

      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900" aria-live="polite">
          {filter
            ? t('arrivals.missingOf', {
                category: t(`category.${filter.category}`),
                spot: spot(filter.pickupSpot),
              })
            : t('arrivals.missingAll')}
        </h2>
        {filter ? (
          <Button variant="ghost" onClick={() => choose(null)}>
            {t('arrivals.showAll')}
          </Button>
        ) : null}
      </div>
      {missing.isLoading ? <Loading /> : null}
      {missing.isError ? <LoadError error={missing.error} onRetry={missing.refetch} /> : null}
      {missing.data ? (
        <>
          <ConsoleTable
            caption={t('arrivals.missingAll')}
            columns={[
              { label: t('arrivals.name') },
              { label: t('arrivals.roll') },
              { label: t('arrivals.pickupSpot'), from: 'sm' },
              { label: t('arrivals.institution'), from: 'lg' },
              { label: t('arrivals.phone') },
              { label: t('arrivals.guardianPhone'), from: 'md' },
            ]}
            testId="arrivals-missing"
          >
            {missing.data.data.length === 0 ? (
              <TableEmptyRow span={6}>{t('arrivals.everyoneHere')}</TableEmptyRow>
            ) : null}
            {missing.data.data.map((entrant) => (
              <tr key={entrant.registration_id}>
                <td className={tdClasses}>{entrant.name}</td>
                <td className={`${tdClasses} whitespace-nowrap`}>{entrant.roll_number}</td>
                <td className={`${tdClasses} hidden sm:table-cell`}>{spot(entrant.pickup_spot)}</td>
                <td className={`${tdClasses} hidden lg:table-cell`}>{entrant.institution}</td>
                <td className={`${tdClasses} whitespace-nowrap`}>
                  {entrant.phone_number ? (
                    <a href={`tel:${entrant.phone_number}`}>{entrant.phone_number}</a>
                  ) : (
                    '—'
                  )}
                </td>
                <td className={`${tdClasses} hidden whitespace-nowrap md:table-cell`}>
                  <a href={`tel:${entrant.guardian_phone}`}>{entrant.guardian_phone}</a>
                </td>
              </tr>
            ))}
          </ConsoleTable>
          <Pager
            page={page}
            pages={pageCount(missing.data.meta.total, missing.data.meta.per_page)}
            total={missing.data.meta.total}
            onPage={setPage}
          />
        </>
      ) : null}
    </AdminSection>
  );
}
