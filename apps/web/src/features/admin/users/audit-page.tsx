import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatInDhaka } from '../../../lib/dates.ts';
import { AdminSection } from '../console/admin-section.tsx';
import { pageCount } from '../console/filters.ts';
import { LoadError, Loading } from '../console/load-states.tsx';
import { Pager } from '../console/pager.tsx';
import { ConsoleTable, TableEmptyRow, tdClasses } from '../console/table.tsx';
import { useCanUse } from '../console/use-can-use.ts';
import { useAuditQuery } from './users-api.ts';

const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/** The audit log: who did what, when, before and after; filterable by action. */
export function AuditPage() {
  const { t } = useTranslation('admin');
  const [text, setText] = useState('');
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  const audit = useAuditQuery({ action, page }, { skip: !useCanUse('audit') });
  const onFilter = (event: FormEvent) => {
    event.preventDefault();
    setAction(text.trim());
    setPage(1);
  };
  return (
    <AdminSection section="audit" title={t('audit.title')}>
      <form onSubmit={onFilter} className="mb-4 flex max-w-xl items-end gap-2">
        <TextField
          className="flex-1"
          label={t('audit.action')}
          hint={t('audit.actionHint')}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" className="mb-5">
          {t('audit.filter')}
        </Button>
      </form>
      {audit.isLoading ? <Loading /> : null}
      {audit.isError ? <LoadError error={audit.error} onRetry={audit.refetch} /> : null}
      {audit.data ? (
        <>
          <ConsoleTable
            caption={t('audit.title')}
            columns={[
              { label: t('audit.when') },
              { label: t('audit.who') },
              { label: t('audit.action') },
              { label: t('audit.target') },
              { label: t('audit.change') },
            ]}
          >
            {audit.data.data.length === 0 ? <TableEmptyRow span={5}>{t('audit.none')}</TableEmptyRow> : null}
            {audit.data.data.map((entry) => (
              <tr key={entry.id}>
                <td className={`${tdClasses} whitespace-nowrap`}>
                  {formatInDhaka(entry.created_at, 'd MMM yyyy, HH:mm:ss')}
                </td>
                <td className={`${tdClasses} break-all`}>{entry.actor_email ?? '—'}</td>
                <td className={`${tdClasses} font-mono`}>{entry.action}</td>
                <td className={`${tdClasses} break-all`}>
                  {entry.target_type}
                  {entry.target_id ? ` ${entry.target_id}` : ''}
                </td>
                <td className={`${tdClasses} max-w-md font-mono text-xs break-all`}>
                  <span className="sr-only">{t('audit.before')}: </span>
                  {show(entry.before)} → <span className="sr-only">{t('audit.after')}: </span>
                  {show(entry.after)}
                </td>
              </tr>
            ))}
          </ConsoleTable>
          <Pager
            page={page}
            pages={pageCount(audit.data.meta.total, audit.data.meta.per_page)}
            total={audit.data.meta.total}
            onPage={setPage}
          />
        </>
      ) : null}
    </AdminSection>
  );
}
