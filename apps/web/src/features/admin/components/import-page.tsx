import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { serverMessage } from '../../../lib/api-error.ts';
import { useImportPreliminaryMutation } from '../api.ts';
import { AdminSection, cardClasses } from './section.tsx';

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

/** Preliminary results import: a CSV upload, all or nothing, with the rejected rows listed. */
export function ImportPage() {
  const { t } = useTranslation('admin');
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [upload, result] = useImportPreliminaryMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (file)
      await upload(file)
        .unwrap()
        .catch(() => undefined);
  };
  const errors = result.isError ? rowErrors(result.error) : [];

  return (
    <AdminSection section="import" title={t('import.title')}>
      <form onSubmit={onSubmit} className={`${cardClasses} max-w-2xl space-y-3`}>
        <p className="text-sm text-slate-700">{t('import.text')}</p>
        <code className="block rounded bg-slate-100 px-2 py-1 text-xs">
          email,name,category,score,total,qualified
        </code>
        <div>
          <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-800">
            {t('import.file')}
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-slate-100 file:px-4 file:font-semibold"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              result.reset();
            }}
          />
        </div>
        <Button type="submit" disabled={!file} pending={result.isLoading}>
          {t('import.upload')}
        </Button>
        {result.data ? (
          <Alert tone="success">
            {t('import.done', {
              imported: String(result.data.imported),
              qualified: String(result.data.qualified),
            })}
          </Alert>
        ) : null}
        {result.isError ? (
          <Alert tone="error">
            <p>{serverMessage(result.error) ?? t('actionError')}</p>
            {errors.length > 0 ? (
              <ul className="mt-2 list-disc pl-5" data-testid="import-errors">
                {errors.map(([row, messages]) => (
                  <li key={row}>
                    {t('import.row', { row: row.replace(/^row\s*/i, '') })}: {messages.join('; ')}
                  </li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : null}
      </form>
    </AdminSection>
  );
}
