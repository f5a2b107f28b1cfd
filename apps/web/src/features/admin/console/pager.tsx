import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

/** Previous / next page of a server-paginated list. */
export function Pager({
  page,
  pages,
  total,
  onPage,
}: {
  page: number;
  pages: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <nav aria-label={t('pager.label')} className="mt-3 flex flex-wrap items-center gap-3 text-sm">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </Button>
      <span aria-live="polite">
        {t('pager.status', { page: String(page), pages: String(pages), total: String(total) })}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}
