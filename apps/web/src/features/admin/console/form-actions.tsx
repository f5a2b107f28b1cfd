import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

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
