import type { Role } from '@ngso/shared/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Navigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { errorStatus, serverMessage } from '../../../lib/api-error.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { selectUser } from '../../auth/slice.ts';
import { NotAllowed } from './not-allowed.tsx';
import { canUse, type SectionId } from './sections.ts';

/** Whether the signed-in user's role may use `section` (its reads are skipped otherwise). */
export function useCanUse(section: SectionId): boolean {
  return canUse(useSelector(selectUser)?.role, section);
}

/** A console section: its title, and a refusal for a role that may not use it. */
export function AdminSection({
  section,
  title,
  actions,
  children,
}: {
  section: SectionId;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const role = useSelector(selectUser)?.role;
  useDocumentTitle(title);
  if (!canUse(role, section)) {
    // A grader opening the console lands on grading rather than on a refusal.
    if (section === 'dashboard' && role === 'grader') return <Navigate to={paths.adminGrading} replace />;
    return <NotAllowed />;
  }
  return (
    <section aria-labelledby={`admin-${section}-title`}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id={`admin-${section}-title`} className="text-2xl font-bold text-slate-900">
          {title}
        </h1>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Loading and failure of a console read. */
export function Loading() {
  const { t } = useTranslation('admin');
  return (
    <div className="flex items-center gap-2 py-6 text-slate-600" role="status">
      <Spinner />
      {t('loading')}
    </div>
  );
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Alert tone="error">
      {serverMessage(error) ?? t('loadError')}{' '}
      {onRetry ? (
        <button type="button" className="font-semibold underline" onClick={onRetry}>
          {t('retry')}
        </button>
      ) : null}
    </Alert>
  );
}

/**
 * Whether a load failed only because grading of the category is not open for this grader yet: the server
 * refuses a grader (403) a category's questions, answers and standings until the exam has ended for every
 * student of it. A grader passed the console's role check, so a 403 here means exactly that.
 */
export const gradingNotOpenFor = (role: Role | undefined, error: unknown) =>
  role === 'grader' && errorStatus(error) === 403;

/** What a grader sees instead of a category's answers before grading opens: a state, not an error. */
export function GradingNotOpen() {
  const { t } = useTranslation('messages');
  return (
    <div data-testid="grading-not-open">
      <Alert tone="info">{t('grading.notOpen')}</Alert>
    </div>
  );
}

/** A confirmation before a destructive or bulk action; shows the server's message if it refuses. */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  pending?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <Modal open={open} onClose={onClose} title={title} closeLabel={t('close')}>
      <div className="space-y-4">
        <div className="text-sm text-slate-700">{children}</div>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={onConfirm} pending={pending}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

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

/** Cancel and submit under a console form (in a modal): cancel leaves the form, submit sends it. */
export function FormActions({
  submitLabel,
  pending,
  onCancel,
}: {
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" onClick={onCancel}>
        {t('cancel')}
      </Button>
      <Button type="submit" pending={pending}>
        {submitLabel}
      </Button>
    </div>
  );
}

export const tableClasses = 'min-w-full divide-y divide-slate-200 text-left text-sm';
export const thClasses = 'px-3 py-2 font-semibold text-slate-700 whitespace-nowrap';

/** Classes of a cell shown only from a screen width on (Tailwind needs them written out whole). */
export const shownFrom = {
  sm: 'hidden sm:table-cell',
  md: 'hidden md:table-cell',
  lg: 'hidden lg:table-cell',
  xl: 'hidden xl:table-cell',
} as const;

/** A console table's column heading, shown on every screen or only from a width on (`from`). */
export type Column = { label: ReactNode; from?: keyof typeof shownFrom };

/** The heading row of a console table. */
export function ColumnHeaders({ columns }: { columns: Column[] }) {
  return (
    <thead className="bg-slate-50">
      <tr>
        {columns.map((column, index) => (
          <th
            // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are fixed; their order is their identity
            key={index}
            scope="col"
            className={column.from ? `${thClasses} ${shownFrom[column.from]}` : thClasses}
          >
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
export const tdClasses = 'px-3 py-2 align-top text-slate-800';
export const cardClasses = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5';
