import { CATEGORIES } from '@ngso/shared/constants';
import { DIVISIONS } from '@ngso/shared/geography';
import { type AdminRegistration, PAYMENT_MATCH_FILTERS } from '@ngso/shared/schemas/registration';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatInDhaka } from '../../../lib/dates.ts';
import { AdminSection } from '../console/admin-section.tsx';
import { ConfirmDialog } from '../console/confirm-dialog.tsx';
import {
  DEFAULT_PER_PAGE,
  filtersFromSearch,
  filtersToSearch,
  pageCount,
  REGISTRATION_STATUS_FILTERS,
  type RegistrationFilters,
  registrationsCsvHref,
} from '../console/filters.ts';
import { LoadError, Loading } from '../console/load-states.tsx';
import { SuccessNotice } from '../console/notice.tsx';
import { Pager } from '../console/pager.tsx';
import { ConsoleTable, TableEmptyRow, tdClasses } from '../console/table.tsx';
import { useCanUse } from '../console/use-can-use.ts';
import { PaymentReconciliation } from './payment-reconciliation.tsx';
import { RegistrationDetail } from './registration-detail.tsx';
import { type BulkResult, useAdminRegistrationsQuery, useBulkApproveMutation } from './registrations-api.ts';

const STATUS_TONE = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
} as const;

export function StatusBadge({ status }: { status: AdminRegistration['registration_status'] }) {
  const { t } = useTranslation('admin');
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[status]}`}>
      {t(`status.${status}`)}
    </span>
  );
}

/** Payment verification: filter, search, page through, open one, approve or reject; bulk approve; export. */
export function RegistrationsPage() {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const [query, setQuery] = useState(filters.q ?? '');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [openId, setOpenId] = useState<string | null>(null);
  const [confirmBulk, setConfirmBulk] = useState(false);
  const [bulkReport, setBulkReport] = useState<BulkResult | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [reconciling, setReconciling] = useState(false);
  const list = useAdminRegistrationsQuery(filters, { skip: !useCanUse('registrations') });
  const [bulkApprove, bulk] = useBulkApproveMutation();

  const apply = (next: Partial<RegistrationFilters>) => {
    setSearch(filtersToSearch({ ...filters, page: 1, ...next }));
    setSelected(new Set());
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    apply({ q: query });
  };

  const rows = list.data?.data ?? [];
  const pendingRows = rows.filter((row) => row.registration_status === 'pending');
  const allPendingSelected = pendingRows.length > 0 && pendingRows.every((row) => selected.has(row.id));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const open = rows.find((row) => row.id === openId) ?? null;

  const runBulk = async () => {
    const result = await bulkApprove([...selected])
      .unwrap()
      .catch(() => null);
    if (!result) return;
    setConfirmBulk(false);
    setBulkReport(result);
    setSelected(new Set());
  };

  const nameOf = (id: string) => rows.find((row) => row.id === id)?.name ?? id;

  return (
    <AdminSection
      section="registrations"
      title={t('registrations.title')}
      actions={
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            aria-expanded={reconciling}
            onClick={() => setReconciling((open) => !open)}
          >
            {t('reconcile.open')}
          </Button>
          <a href={registrationsCsvHref(filters)} className={buttonClasses('secondary')} download>
            {t('registrations.export')}
          </a>
        </div>
      }
    >
      {reconciling ? (
        <PaymentReconciliation
          onApproved={(result) => {
            setBulkReport(result);
            setNotice(null);
          }}
        />
      ) : null}
      <div className="mb-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-5">
        <SelectField
          label={t('registrations.status')}
          placeholder={t('registrations.any')}
          value={filters.status ?? ''}
          options={REGISTRATION_STATUS_FILTERS.map((status) => ({
            value: status,
            label: t(`status.${status}`),
          }))}
          onChange={(event) =>
            apply({ status: (event.target.value || undefined) as RegistrationFilters['status'] })
          }
        />
        <SelectField
          label={t('registrations.category')}
          placeholder={t('registrations.any')}
          value={filters.category ?? ''}
          options={CATEGORIES.map((category) => ({ value: category, label: t(`category.${category}`) }))}
          onChange={(event) =>
            apply({ category: (event.target.value || undefined) as RegistrationFilters['category'] })
          }
        />
        <SelectField
          label={t('registrations.division')}
          placeholder={t('registrations.any')}
          value={filters.division ?? ''}
          options={DIVISIONS.map((division) => ({ value: division.name, label: division.name }))}
          onChange={(event) => apply({ division: event.target.value || undefined })}
        />
        <SelectField
          label={t('registrations.payment')}
          placeholder={t('registrations.any')}
          value={filters.payment ?? ''}
          options={PAYMENT_MATCH_FILTERS.map((payment) => ({
            value: payment,
            label: t(`registrations.${payment}`),
          }))}
          onChange={(event) =>
            apply({ payment: (event.target.value || undefined) as RegistrationFilters['payment'] })
          }
        />
        <form onSubmit={onSearch} className="flex items-end gap-2">
          <TextField
            className="flex-1"
            type="search"
            label={t('registrations.search')}
            hint={t('registrations.searchHint')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <Button type="submit" className="mb-5">
            {t('registrations.searchButton')}
          </Button>
        </form>
      </div>

      <SuccessNotice text={notice} className="mb-3" />
      {bulkReport ? (
        <Alert tone="success" className="mb-3">
          <p>
            {t('registrations.bulkDone', {
              approved: String(bulkReport.approved.length),
              skipped: String(bulkReport.skipped.length),
            })}
          </p>
          {bulkReport.skipped.length > 0 ? (
            <ul className="mt-1 list-disc pl-5">
              {bulkReport.skipped.map((skip) => (
                <li key={skip.id}>
                  {nameOf(skip.id)}: {skip.reason}
                </li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}

      <div className="mb-3 flex flex-wrap items-center gap-3">
        <Button disabled={selected.size === 0} onClick={() => setConfirmBulk(true)}>
          {t('registrations.bulkApprove', { count: selected.size })}
        </Button>
        {list.data ? (
          <span className="text-sm text-slate-600" aria-live="polite">
            {t('registrations.total', { count: list.data.meta.total })}
          </span>
        ) : null}
      </div>

      {list.isLoading ? <Loading /> : null}
      {list.isError ? <LoadError error={list.error} onRetry={list.refetch} /> : null}
      {list.data ? (
        <>
          <ConsoleTable
            caption={t('registrations.title')}
            columns={[
              {
                label: (
                  <input
                    type="checkbox"
                    className="size-5"
                    aria-label={t('registrations.selectAll')}
                    checked={allPendingSelected}
                    disabled={pendingRows.length === 0}
                    onChange={() =>
                      setSelected(allPendingSelected ? new Set() : new Set(pendingRows.map((row) => row.id)))
                    }
                  />
                ),
              },
              { label: t('field.name') },
              { label: t('field.email'), from: 'md' },
              { label: t('field.category') },
              { label: t('field.division'), from: 'lg' },
              { label: t('field.transactionId'), from: 'md' },
              { label: t('field.status') },
              { label: t('field.registrationDate'), from: 'xl' },
              { label: <span className="sr-only">{t('registrations.actions')}</span> },
            ]}
          >
            {rows.length === 0 ? <TableEmptyRow span={9}>{t('registrations.none')}</TableEmptyRow> : null}
            {rows.map((row) => (
              <tr key={row.id} data-testid="registration-row">
                <td className={tdClasses}>
                  <input
                    type="checkbox"
                    className="size-5"
                    aria-label={t('registrations.select', { name: row.name })}
                    disabled={row.registration_status !== 'pending'}
                    checked={selected.has(row.id)}
                    onChange={() => toggle(row.id)}
                  />
                </td>
                <td className={tdClasses}>{row.name}</td>
                <td className={`${tdClasses} hidden break-all md:table-cell`}>{row.email}</td>
                <td className={tdClasses}>{t(`category.${row.category}`)}</td>
                <td className={`${tdClasses} hidden lg:table-cell`}>{row.division}</td>
                <td className={`${tdClasses} hidden font-mono md:table-cell`}>{row.transaction_id}</td>
                <td className={tdClasses}>
                  <StatusBadge status={row.registration_status} />
                  {row.payment_matched_at && row.registration_status === 'pending' ? (
                    <span className="ml-1 inline-block rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">
                      {t('registrations.matchedBadge')}
                    </span>
                  ) : null}
                </td>
                <td className={`${tdClasses} hidden whitespace-nowrap xl:table-cell`}>
                  {formatInDhaka(row.registration_date, 'd MMM yyyy, HH:mm')}
                </td>
                <td className={tdClasses}>
                  <Button variant="ghost" className="px-3" onClick={() => setOpenId(row.id)}>
                    {t('registrations.view')}
                    <span className="sr-only"> {row.name}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </ConsoleTable>
          <Pager
            page={filters.page}
            pages={pageCount(list.data.meta.total, list.data.meta.per_page || DEFAULT_PER_PAGE)}
            total={list.data.meta.total}
            onPage={(page) => setSearch(filtersToSearch({ ...filters, page }))}
          />
        </>
      ) : null}

      <RegistrationDetail
        registration={open}
        onClose={() => setOpenId(null)}
        onDone={(message) => {
          setNotice(message);
          setBulkReport(null);
        }}
      />
      <ConfirmDialog
        open={confirmBulk}
        title={t('registrations.bulkTitle')}
        confirmLabel={t('registrations.bulkConfirm', { count: selected.size })}
        action={bulk}
        onConfirm={runBulk}
        onClose={() => {
          setConfirmBulk(false);
          bulk.reset();
        }}
      >
        <p>{t('registrations.bulkText', { count: selected.size })}</p>
        <ul className="mt-2 max-h-48 list-disc overflow-y-auto pl-5">
          {[...selected].map((id) => (
            <li key={id}>{nameOf(id)}</li>
          ))}
        </ul>
      </ConfirmDialog>
    </AdminSection>
  );
}
