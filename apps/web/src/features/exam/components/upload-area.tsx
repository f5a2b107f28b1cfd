import { MAX_IMAGES_PER_ANSWER } from '@ngso/shared/schemas/exam';
import { type ChangeEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isImageFile } from '../../../lib/media/image-file.ts';
import type { PendingPhoto } from '../queue-state.ts';
import { PhotoCheckWarning } from './photo-check-warning.tsx';

type UploadAreaProps = {
  count: number;
  disabled?: boolean;
  onImages: (files: File[]) => void;
  onRejected: (messages: string[]) => void;
  /** This question's photos the checks found a problem with, waiting for the student's decision. */
  checks?: PendingPhoto[];
  onRetake?: (id: string) => void;
  onKeep?: (id: string) => void;
};

const pickClasses =
  'relative flex min-h-12 flex-1 cursor-pointer items-center justify-center gap-2 rounded-xl px-4 py-3 text-sm font-semibold focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-sky-500';

/**
 * The multi-file image upload area: 'Take a photo' opens the camera directly (capture), 'Choose images'
 * picks several at once. Files that are not images are named and left out before anything is sent.
 * A photo the checks found a problem with is shown here with Retake (the same picker again) and Use anyway.
 */
export function UploadArea({
  count,
  disabled = false,
  onImages,
  onRejected,
  checks = [],
  onRetake,
  onKeep,
}: UploadAreaProps) {
  const { t } = useTranslation('exam');
  const full = count >= MAX_IMAGES_PER_ANSWER;
  const cameraRef = useRef<HTMLInputElement>(null);
  // Retake opens the picker the student used last: the camera, or their files.
  const lastPicker = useRef<HTMLInputElement | null>(null);

  const retake = (id: string) => {
    onRetake?.(id);
    // Clicking the button is the user's gesture the browser needs to open a picker.
    (lastPicker.current ?? cameraRef.current)?.click();
  };

  const keep = (id: string) => {
    onKeep?.(id);
    // The warning and its buttons go: the keyboard's place moves to the next photo's button, not the page's top.
    cameraRef.current?.focus();
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    lastPicker.current = event.target;
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const messages: string[] = [];
    const images: File[] = [];
    for (const file of files) {
      if (isImageFile(file)) images.push(file);
      else messages.push(t('notImage', { file: file.name }));
    }
    const room = MAX_IMAGES_PER_ANSWER - count;
    if (images.length > room) messages.push(t('maxImages'));
    if (messages.length > 0) onRejected(messages);
    if (images.length > 0 && room > 0) onImages(images.slice(0, room));
  };

  const off = disabled || full;
  return (
    <div className="rounded-2xl border-2 border-dashed border-sky-300 bg-sky-50/60 p-4">
      <p className="mb-3 text-sm text-slate-700">{full ? t('maxImages') : t('uploadHint')}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <label className={`${pickClasses} bg-sky-700 text-white ${off ? 'opacity-60' : 'hover:bg-sky-800'}`}>
          <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
            <path d="M7 3a1 1 0 0 0-.8.4L5 5H4a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-1l-1.2-1.6A1 1 0 0 0 13 3H7Zm3 4a4 4 0 1 1 0 8 4 4 0 0 1 0-8Zm0 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4Z" />
          </svg>
          {t('takePhoto')}
          <input
            ref={cameraRef}
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            disabled={off}
            onChange={onChange}
            data-testid="camera-input"
          />
        </label>
        <label
          className={`${pickClasses} bg-white text-slate-900 ring-1 ring-slate-300 ${off ? 'opacity-60' : 'hover:bg-slate-50'}`}
        >
          <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
            <path d="M4 3a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2H4Zm12 12H4l3-4 2 2.5 3-4 4 5.5ZM7 8a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Z" />
          </svg>
          {t('chooseImages')}
          <input
            type="file"
            accept="image/*"
            multiple
            className="sr-only"
            disabled={off}
            onChange={onChange}
            data-testid="images-input"
          />
        </label>
      </div>
      {checks.length > 0 ? (
        <div className="mt-3 space-y-3">
          {checks.map((photo) => (
            <PhotoCheckWarning
              key={photo.id}
              photo={photo}
              onRetake={() => retake(photo.id)}
              onKeep={() => keep(photo.id)}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
