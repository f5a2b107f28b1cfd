import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { AdminSection } from '../console/admin-section.tsx';
import { cardClasses } from '../console/card.ts';
import { CsvFileField, CsvUploadError } from '../console/csv-upload.tsx';
import { useImportPreliminaryMutation } from './results-api.ts';

/** Preliminary results import: a CSV upload, all or nothing, with the rejected rows listed. */
export function ImportPage() {
  const { t } = useTranslation('admin');
  const [file, setFile] = useState<File | null>(null);
  const [upload, result] = useImportPreliminaryMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (file)
      await upload(file)
        .unwrap()
        .catch(() => undefined);
  };

  return (
    <AdminSection section="import" title={t('import.title')}>
      <form onSubmit={onSubmit} className={`${cardClasses} max-w-2xl space-y-3`}>
        <p className="text-sm text-slate-700">{t('import.text')}</p>
        <code className="block rounded bg-slate-100 px-2 py-1 text-xs">
          email,name,category,score,total,qualified
        </code>
        <CsvFileField
          label={t('import.file')}
          onFile={(chosen) => {
            setFile(chosen);
            result.reset();
          }}
        />
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
        {result.isError ? <CsvUploadError error={result.error} testId="import-errors" /> : null}
      </form>
    </AdminSection>
  );
}
