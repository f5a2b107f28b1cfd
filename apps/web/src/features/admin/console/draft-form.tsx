import { type FormEvent, type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { serverFieldErrors } from '../../../lib/api-error.ts';
import { useActionError } from './action-error.ts';
import { FormActions } from './form-actions.tsx';

/** The keys of a draft whose values are typed text. */
type TextKey<D> = { [K in keyof D]: D[K] extends string ? K : never }[keyof D];

/**
 * The item a console list has open in its form (`null` while none is) with the form's errors: `open`
 * starts a form with none, `set(field)` is the change handler of one of its text fields, `refused` shows
 * a failed save (the server's field errors beside the fields, its sentence above the buttons).
 */
export function useDraft<D extends object>() {
  const actionError = useActionError();
  const [draft, setDraft] = useState<D | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const open = useCallback((next: D) => {
    setErrors({});
    setFormError(null);
    setDraft(next);
  }, []);
  const set = useCallback(
    (field: TextKey<D>) => (value: string) =>
      setDraft((current) => (current ? { ...current, [field]: value } : current)),
    [],
  );
  const refused = useCallback(
    (failure: unknown) => {
      setErrors(serverFieldErrors(failure));
      setFormError(actionError(failure));
    },
    [actionError],
  );
  return { draft, setDraft, open, set, errors, setErrors, formError, setFormError, refused };
}

/**
 * The modal a console list's new or edited item is written in: its fields (the child, given the open
 * draft), the server's refusal, then cancel and submit. Open while there is a draft.
 */
export function DraftForm<D>({
  draft,
  title,
  onClose,
  onSubmit,
  formError,
  submitLabel,
  pending,
  className = 'max-w-2xl',
  children,
}: {
  draft: D | null;
  title: string;
  /** Closes the modal and leaves the draft (also the cancel button's). */
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  formError: string | null;
  submitLabel: string;
  pending: boolean;
  /** The modal's width. */
  className?: string;
  children: (draft: D) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      open={draft !== null}
      onClose={onClose}
      title={title}
      closeLabel={t('close')}
      className={className}
    >
      {draft !== null ? (
        <form onSubmit={onSubmit} className="space-y-3" noValidate>
          {children(draft)}
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          <FormActions submitLabel={submitLabel} pending={pending} onCancel={onClose} />
        </form>
      ) : null}
    </Modal>
  );
}
