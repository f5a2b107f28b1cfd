import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import type { PendingPhoto } from '../queue-state.ts';

type PhotoCheckWarningProps = {
  /** A photo the checks found a problem with, waiting for the student (`problems` set). */
  photo: PendingPhoto;
  onRetake: () => void;
  onKeep: () => void;
};

/**
 * What is wrong with a photo just taken (too dark, blurred, too small) and the student's choice: Retake
 * or Use anyway (decision 061). Announced when it appears; nothing of the photo is kept until they choose.
 */
export function PhotoCheckWarning({ photo, onRetake, onKeep }: PhotoCheckWarningProps) {
  const { t } = useTranslation('exam');
  const titleId = useId();
  return (
    <div
      role="alert"
      aria-labelledby={titleId}
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="photo-check"
    >
      <p id={titleId} className="font-semibold">
        {t('photoCheck.title', { file: photo.name })}
      </p>
      <ul className="mt-1 list-disc space-y-1 ps-5">
        {(photo.problems ?? []).map((problem) => (
          <li key={problem}>{t(`photoCheck.${problem}`)}</li>
        ))}
      </ul>
      <p className="mt-2">{t('photoCheck.choose')}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button onClick={onRetake} className="flex-1">
          {t('photoCheck.retake')}
        </Button>
        <Button variant="secondary" onClick={onKeep} className="flex-1">
          {t('photoCheck.useAnyway')}
        </Button>
      </div>
    </div>
  );
}
