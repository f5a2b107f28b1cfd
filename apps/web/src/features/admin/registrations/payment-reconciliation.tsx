import type { ReconciliationReport } from '@ngso/shared/schemas/registration';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cardClasses } from '../console/card.ts';
import { ConfirmDialog } from '../console/confirm-dialog.tsx';
import { CsvFileField, CsvUploadError } from '../console/csv-upload.tsx';
import { HeadedTable, tdClasses } from '../console/table.tsx';
import {
  type BulkResult,
  useBulkApproveMutation,
  useReconcilePaymentsMutation,
} from './registrations-api.ts';

type Column<T> = { label: string; value: (line: T) => ReactNode };

/** One kind of statement line (matched, wrong amount...) as a small table; nothing when there are none. */
function LineTable<T extends { row: number; transaction_id: string }>({
  title,
  lines,
  columns,
  testId,
}: {
  title: string;
  lines: T[];
  columns: Column<T>[];
  testId: string;
}) {
  const { t } = useTranslation('admin');
  if (lines.length === 0) return null;
  return (
    <section className="mt-4" data-testid={testId}>
      <h3 className="mb-1 font-semibold text-slate-900">
        {title} ({lines.length})
      </h3>
      <div className="overflow-x-auto rounded-xl border border-slate-200">
        <HeadedTable
          columns={[
            { label: t('reconcile.row') },
            { label: t('field.transactionId') },
            ...columns.map((column) => ({ label: column.label })),
          ]}
        >
          {lines.map((line) => (
            <tr key={line.row}>
              <td className={tdClasses}>{line.row}</td>
              <td className={`${tdClasses} font-mono`}>{line.transaction_id}</td>
              {columns.map((column) => (
                <td key={column.label} className={tdClasses}>
                  {column.value(line)}
                </td>
              ))}
            </tr>
          ))}
        </HeadedTable>
      </div>
    </section>
  );
}

/**
 * Statement reconciliation: upload the provider's CSV, see what matched and every mismatch, and approve
 * the matched registrations in one confirmed step.
 */
export function PaymentReconciliation({ onApproved }: { onApproved: (result: BulkResult) => void }) {
  const { t } = useTranslation('admin');
  const [file, setFile] = useState<File | null>(null);
  const [confirm, setConfirm] = useState(false);
  const [reconcile, result] = useReconcilePaymentsMutation();
  const [bulkApprove, bulk] = useBulkApproveMutation();
  const report: ReconciliationReport | undefined = result.data;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (file)
      await reconcile(file)
        .unwrap()
        .catch(() => undefined);
  };
  const approveMatched = async () => {
    if (!report) return;
    const approved = await bulkApprove(report.matched.map((line) => line.registration_id))
      .unwrap()
      .catch(() => null);
    if (!approved) return;
    setConfirm(false);
    result.reset();
    onApproved(approved);
  };
  const name: Column<{ name: string }> = { label: t('field.name'), value: (line) => line.name };

  return (
    <div className={`${cardClasses} mb-4`} data-testid="reconciliation">
      <h2 className="text-lg font-semibold text-slate-900">{t('reconcile.title')}</h2>
      <form onSubmit={onSubmit} className="mt-2 space-y-3">
        <p className="text-sm text-slate-700">{t('reconcile.text')}</p>
        <CsvFileField
          label={t('reconcile.file')}
          onFile={(chosen) => {
            setFile(chosen);
            result.reset();
          }}
        />
        <Button type="submit" disabled={!file} pending={result.isLoading}>
          {t('reconcile.upload')}
        </Button>
      </form>

      {result.isError ? <CsvUploadError error={result.error} className="mt-3" /> : null}

      {report ? (
        <div className="mt-4" aria-live="polite">
          <Alert tone={report.matched.length > 0 ? 'success' : 'info'}>
            {t('reconcile.summary', {
              rows: String(report.rows),
              matched: String(report.matched.length),
              wrongAmount: String(report.wrong_amount.length),
              sender: String(report.sender_mismatch.length),
              decided: String(report.already_decided.length),
              unknown: String(report.unknown.length),
              invalid: String(report.invalid.length),
            })}
          </Alert>
          {report.matched.length > 0 ? (
            <Button className="mt-3" onClick={() => setConfirm(true)}>
              {t('reconcile.approveMatched', { count: report.matched.length })}
            </Button>
          ) : null}
          <LineTable
            testId="reconcile-matched"
            title={t('reconcile.matched')}
            lines={report.matched}
            columns={[name]}
          />
          <LineTable
            testId="reconcile-wrong-amount"
            title={t('reconcile.wrongAmount')}
            lines={report.wrong_amount}
            columns={[
              name,
              { label: t('reconcile.amount'), value: (line) => line.amount },
              { label: t('reconcile.expected'), value: (line) => line.expected },
            ]}
          />
          <LineTable
            testId="reconcile-sender"
            title={t('reconcile.senderMismatch')}
            lines={report.sender_mismatch}
            columns={[
              name,
              { label: t('reconcile.sender'), value: (line) => line.sender },
              { label: t('reconcile.expected'), value: (line) => line.expected },
            ]}
          />
          <LineTable
            testId="reconcile-decided"
            title={t('reconcile.alreadyDecided')}
            lines={report.already_decided}
            columns={[
              name,
              { label: t('field.status'), value: (line) => t(`status.${line.registration_status}`) },
            ]}
          />
          <LineTable
            testId="reconcile-unknown"
            title={t('reconcile.unknown')}
            lines={report.unknown}
            columns={[
              { label: t('reconcile.amount'), value: (line) => line.amount ?? '' },
              { label: t('reconcile.sender'), value: (line) => line.sender },
            ]}
          />
          {report.invalid.length > 0 ? (
            <section className="mt-4" data-testid="reconcile-invalid">
              <h3 className="mb-1 font-semibold text-slate-900">
                {t('reconcile.invalid')} ({report.invalid.length})
              </h3>
              <ul className="list-disc pl-5 text-sm">
                {report.invalid.map((line) => (
                  <li key={line.row}>
                    {t('import.row', { row: String(line.row) })}: {line.message}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      ) : null}

      <ConfirmDialog
        open={confirm}
        title={t('registrations.bulkTitle')}
        confirmLabel={t('registrations.bulkConfirm', { count: report?.matched.length ?? 0 })}
        action={bulk}
        onConfirm={approveMatched}
        onClose={() => {
          setConfirm(false);
          bulk.reset();
        }}
      >
        <p>{t('registrations.bulkText', { count: report?.matched.length ?? 0 })}</p>
        <ul className="mt-2 max-h-48 list-disc overflow-y-auto pl-5">
          {report?.matched.map((line) => (
            <li key={line.registration_id}>{line.name}</li>
          ))}
        </ul>
      </ConfirmDialog>
    </div>
  );
}
