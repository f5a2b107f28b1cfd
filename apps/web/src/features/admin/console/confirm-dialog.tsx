import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useActionError } from './action-error.ts';

/** The state of the action a dialog confirms (a mutation's, or several's together). */
export type ConfirmedAction = { isLoading: boolean; isError: boolean; error?: unknown };

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  confirmLabel: string;
  /** Busy while it runs; its failure is shown in the server's words. */
  action: ConfirmedAction;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
};

/** A confirmation before a destructive or bulk action; shows the server's message if it refuses. */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  action,
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation('admin');
  const actionError = useActionError();
  const error = action.isError ? actionError(action.error) : null;
  return (
    <Modal open={open} onClose={onClose} title={title} closeLabel={t('close')}>
      <div className="space-y-4">
        <div className="text-sm text-slate-700">{children}</div>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={onConfirm} pending={action.isLoading}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/** The confirmation before a list's item is removed: open while there is one (`item`), saying which. */
export function RemoveConfirm<T>({
  item,
  children,
  ...dialog
}: Omit<ConfirmDialogProps, 'open' | 'children'> & { item: T | null; children: (item: T) => ReactNode }) {
  return (
    <ConfirmDialog open={item !== null} {...dialog}>
      {item !== null ? children(item) : null}
    </ConfirmDialog>
  );
}
