import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { FileField } from '../../../components/ui/file-field.tsx';
import { useActionError } from './action-error.ts';

/** The server's row errors ({'row N': [message]}), in row order. */
export function rowErrors(error: unknown): [string, string[]][] {
  if (typeof error !== 'object' || error === null || !('data' in error)) return [];
  const errors = (error.data as { errors?: unknown } | null)?.errors;
  if (typeof errors !== 'object' || errors === null) return [];
  const rowNumber = (key: string) => Number(/\d+/.exec(key)?.[0] ?? Number.MAX_SAFE_INTEGER);
  return Object.entries(errors as Record<string, unknown>)
    .map(([key, messages]): [string, string[]] => [
      key,
      Array.isArray(messages) ? messages.map(String) : [String(messages)],
    ])
    .sort((a, b) => rowNumber(a[0]) - rowNumber(b[0]));
}

/** A labelled picker for one CSV file (the console's imports). */
export function CsvFileField({ label, onFile }: { label: string; onFile: (file: File | null) => void }) {
  return <FileField label={label} accept=".csv,text/csv" onFiles={(files) => onFile(files[0] ?? null)} />;
}

/** A refused CSV: the server's sentence, then each rejected row by its number. */
export function CsvUploadError({
  error,
  className = '',
  testId,
}: {
  error: unknown;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation('admin');
  const actionError = useActionError();
  const rows = rowErrors(error);
  return (
    <Alert tone="error" className={className}>
      <p>{actionError(error)}</p>
      {rows.length > 0 ? (
        <ul className="mt-2 list-disc pl-5" data-testid={testId}>
          {rows.map(([row, messages]) => (
            <li key={row}>
              {t('import.row', { row: row.replace(/^row\s*/i, '') })}: {messages.join('; ')}
            </li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}
