import { UPLOAD_MAX_MEGABYTES } from '@ngso/shared/constants';
import { PhotoResponseSchema } from '@ngso/shared/schemas/profile';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { ThunkCapableDispatch } from '../../../lib/dispatch.ts';
import { IMAGE_ACCEPT, isImageFile } from '../../../lib/media/image-file.ts';
import { isCancelled, MediaError } from '../../../lib/media/media-error.ts';
import { type UploadPhase, type UploadTask, uploadImage } from '../../../lib/media/upload-image.ts';
import { profileImageChanged } from '../api.ts';
import { photoUpdateCancelled, photoUpdated, photoUpdateFailed, photoUpdateStarted } from '../slice.ts';

export const PHOTO_UPLOAD_PATH = 'v1/user/profile/photo';

type ChangePhotoModalProps = {
  open: boolean;
  onClose: () => void;
  onPhotoChanged?: (profileImage: string | null) => void;
};

export function ChangePhotoModal({ open, onClose, onPhotoChanged }: ChangePhotoModalProps) {
  const { t } = useTranslation('profile');
  return (
    <Modal open={open} onClose={onClose} title={t('photo.title')} closeLabel={t('close')}>
      <ChangePhotoForm onDone={onClose} onPhotoChanged={onPhotoChanged} />
    </Modal>
  );
}

/**
 * A preview address for the chosen file, released when the file changes or the form closes. Only
 * an address made for the current file is returned, so a released one is never shown.
 */
function usePreviewUrl(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(file);
    setPreview({ file, url });
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return preview && preview.file === file ? preview.url : null;
}

type ChangePhotoFormProps = { onDone: () => void; onPhotoChanged?: (profileImage: string | null) => void };

/**
 * Change Photo (spec sections 2, 5, 8): image files only, a preview, Save does nothing without a
 * file; Save prepares the image on the phone, uploads it with a progress bar and a Cancel button,
 * and closes on success. Closing the dialog while uploading cancels the upload.
 */
function ChangePhotoForm({ onDone, onPhotoChanged }: ChangePhotoFormProps) {
  const { t } = useTranslation(['profile', 'messages']);
  const dispatch = useDispatch<ThunkCapableDispatch>();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [failedPreview, setFailedPreview] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [phase, setPhase] = useState<UploadPhase | null>(null);
  const [percent, setPercent] = useState(0);
  const taskRef = useRef<UploadTask<unknown> | null>(null);
  const previewUrl = usePreviewUrl(file);

  // Leaving (Escape, the close button, another page) stops an upload in flight.
  useEffect(() => () => taskRef.current?.cancel(), []);

  const messageFor = (failure: unknown): string => {
    if (failure instanceof MediaError) {
      if (failure.kind === 'notImage') return t('messages:media.notImage', { file: failure.fileName ?? '' });
      if (failure.kind === 'tooLarge')
        return t('messages:media.tooLarge', { megabytes: String(UPLOAD_MAX_MEGABYTES) });
      if (failure.serverMessage) return failure.serverMessage;
    }
    return t('photo.failed');
  };

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setNotice(undefined);
    if (!chosen) return;
    if (!isImageFile(chosen)) {
      setFile(null);
      event.target.value = '';
      setError(t('messages:media.notImage', { file: chosen.name }));
      return;
    }
    setError(undefined);
    setFile(chosen);
  };

  const onSave = async () => {
    if (!file || taskRef.current) return;
    setError(undefined);
    setNotice(undefined);
    setPercent(0);
    dispatch(photoUpdateStarted());
    const task = uploadImage(PHOTO_UPLOAD_PATH, file, { onPhase: setPhase, onProgress: setPercent });
    taskRef.current = task;
    try {
      const parsed = PhotoResponseSchema.safeParse(await task.promise);
      if (!parsed.success) throw new MediaError('badResponse');
      const profileImage = parsed.data.profile_image ?? parsed.data.user.profile_image;
      dispatch(photoUpdated(profileImage));
      dispatch(profileImageChanged(profileImage));
      onPhotoChanged?.(profileImage);
      taskRef.current = null;
      onDone();
    } catch (failure) {
      taskRef.current = null;
      setPhase(null);
      if (isCancelled(failure)) {
        dispatch(photoUpdateCancelled());
        setNotice(t('photo.cancelled'));
        return;
      }
      const message = messageFor(failure);
      dispatch(
        photoUpdateFailed({
          status: failure instanceof MediaError ? (failure.status ?? null) : null,
          message: failure instanceof MediaError ? (failure.serverMessage ?? null) : null,
        }),
      );
      setError(message);
    }
  };

  const busy = phase !== null;

  return (
    <div className="space-y-4">
      {error ? <Alert tone="error">{error}</Alert> : null}
      {notice ? <Alert tone="info">{notice}</Alert> : null}
      <div>
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-800">
          {t('photo.choose')}
        </label>
        <input
          id={inputId}
          type="file"
          accept={IMAGE_ACCEPT}
          disabled={busy}
          aria-describedby={`${inputId}-hint`}
          onChange={onChoose}
          className="block w-full min-h-11 text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-sky-50 file:px-4 file:font-semibold file:text-sky-700 hover:file:bg-sky-100"
        />
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-600">
          {t('photo.hint')}
        </p>
      </div>

      {file && !error ? (
        <div className="flex justify-center">
          {previewUrl && failedPreview !== previewUrl ? (
            <img
              src={previewUrl}
              alt={t('photo.preview')}
              className="size-40 rounded-full object-cover ring-1 ring-slate-200"
              onError={() => setFailedPreview(previewUrl)}
            />
          ) : (
            <p className="text-sm text-slate-600">{t('photo.noPreview')}</p>
          )}
        </div>
      ) : null}

      {phase === 'preparing' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <Spinner className="size-4 text-sky-600" />
          {t('photo.preparing')}
        </p>
      ) : null}
      {phase === 'uploading' ? (
        <div className="space-y-1">
          <p className="flex justify-between text-sm text-slate-700">
            <span>{t('photo.uploading')}</span>
            <span className="font-medium tabular-nums" data-testid="upload-percent">
              {t('photo.percent', { percent: String(percent) })}
            </span>
          </p>
          <ProgressBar
            value={percent}
            label={t('photo.progress')}
            valueText={t('photo.percent', { percent: String(percent) })}
          />
        </div>
      ) : null}

      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        {busy ? (
          <Button variant="secondary" onClick={() => taskRef.current?.cancel()}>
            {t('photo.cancelUpload')}
          </Button>
        ) : (
          <Button variant="secondary" onClick={onDone}>
            {t('cancel')}
          </Button>
        )}
        <Button onClick={() => void onSave()} disabled={!file} pending={busy}>
          {t('photo.save')}
        </Button>
      </div>
    </div>
  );
}
