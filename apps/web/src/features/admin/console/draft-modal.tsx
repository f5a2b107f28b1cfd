import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';

/** The modal a console list's new or edited item is written in (its form is the child). */
export function DraftModal({
  open,
  title,
  onClose,
  className = 'max-w-2xl',
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Its width. */
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <Modal open={open} onClose={onClose} title={title} closeLabel={t('close')} className={className}>
      {children}
    </Modal>
  );
}
