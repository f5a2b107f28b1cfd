import { useTranslation } from 'react-i18next';
import { verifyReceiptHref } from '../../../config/paths.ts';

/** A receipt as the console shows it: the whole text, to check, and its short code, to compare. */
export type ShownReceipt = { receipt: string; code: string };

/** A photo's receipt from the server's `receipt` and `receipt_code`, when it has one (admins only). */
export const shownReceipt = (photo: { receipt?: string; receipt_code?: string }): ShownReceipt | undefined =>
  photo.receipt && photo.receipt_code ? { receipt: photo.receipt, code: photo.receipt_code } : undefined;

/**
 * The student's receipt of a photo's commitment beside the photo (decision 062): its short code, to compare
 * with the one a student shows, and a link to its public check.
 */
export function PhotoReceipt({ receipt, className = '' }: { receipt: ShownReceipt; className?: string }) {
  const { t } = useTranslation('admin');
  return (
    <p
      className={`flex flex-wrap items-center gap-x-3 text-sm text-slate-700 ${className}`}
      data-testid="photo-receipt"
    >
      <span className="font-mono">{t('viewer.receipt', { code: receipt.code })}</span>
      <a
        href={verifyReceiptHref(receipt.receipt)}
        target="_blank"
        rel="noopener"
        className="text-sky-700 underline underline-offset-2 hover:text-sky-900 focus-visible:outline-2 focus-visible:outline-sky-500"
      >
        {t('viewer.checkReceipt')}
      </a>
    </p>
  );
}
