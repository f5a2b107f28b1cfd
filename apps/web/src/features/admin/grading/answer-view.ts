import type { GradingImage } from '@ngso/shared/schemas/results';
import type { TFunction } from 'i18next';
import type { ViewerPage } from '../console/image-viewer.tsx';
import { shownReceipt } from '../console/photo-receipt.tsx';

/** Who wrote an answer: the name and roll number for admins; graders get the roll number only. */
export const studentLabel = (name: string | null, rollNumber: string | null) =>
  name ? `${name}${rollNumber ? ` (${rollNumber})` : ''}` : (rollNumber ?? '');

/** An answer's photos as the viewer's pages: the image once processed, else a sentence on its state. */
export const viewerPages = (images: readonly GradingImage[], t: TFunction<'admin'>): ViewerPage[] =>
  images.map((image) => ({
    key: image.sha256,
    url: image.state === 'ready' ? image.url : null,
    note: image.state === 'ready' ? undefined : t(`grading.photo.${image.state}`),
    state: image.state === 'ready' ? undefined : t(`grading.photoShort.${image.state}`),
    badge: image.late ? t('grading.photo.lateAccepted') : undefined,
    receipt: shownReceipt(image),
  }));
