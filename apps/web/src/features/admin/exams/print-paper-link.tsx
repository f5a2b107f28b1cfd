import type { Category } from '@ngso/shared/constants';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { scoped } from '../console/current-competition.ts';

/**
 * The category's printable question paper (a PDF the server makes; each download is audited), downloaded as
 * the console's other files are: a plain link the browser saves.
 */
export function PrintPaperLink({ category }: { category: Category }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-wrap items-center justify-end gap-3">
      <p id={`print-paper-hint-${category}`} className="text-sm text-slate-600">
        {t('exam.printPaperHint')}
      </p>
      <a
        href={`/api/${scoped(`v1/admin/exams/${category}/paper.pdf`)}`}
        className={buttonClasses('secondary')}
        aria-describedby={`print-paper-hint-${category}`}
        download
      >
        {t('exam.printPaper')}
      </a>
    </div>
  );
}
