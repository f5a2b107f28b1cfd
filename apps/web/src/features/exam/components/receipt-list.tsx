import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { paths, verifyReceiptHref } from '../../../config/paths.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { type ReceiptEntry, receiptsFile } from '../receipts.ts';

type ReceiptListProps = { receipts: readonly ReceiptEntry[] };

const FILE_NAME = 'ngso-receipts.json';

/** On the success page: every photo's receipt, each with its check, and all of them as a file. */
export function ReceiptList({ receipts }: ReceiptListProps) {
  const { t } = useTranslation('exam');
  if (receipts.length === 0) return null;

  const download = () =>
    saveFile(
      receiptsFile(
        receipts,
        new URL(paths.verifyReceipt, window.location.origin).href,
        t('success.receipts.fileAbout'),
      ),
      FILE_NAME,
    );

  const photoNumbers = new Map<string, number>();
  return (
    <section className="mt-6" aria-labelledby="receipts-title" data-testid="receipts">
      <h2 id="receipts-title" className="text-lg font-semibold text-slate-900">
        {t('success.receipts.heading')}
      </h2>
      <p className="mt-1 text-slate-700">{t('success.receipts.intro')}</p>
      <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {receipts.map((entry) => {
          const photo = (photoNumbers.get(entry.questionId) ?? 0) + 1;
          photoNumbers.set(entry.questionId, photo);
          return (
            <li
              key={entry.receipt}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-5 py-3"
              data-testid="receipt-row"
            >
              <span className="text-slate-700">
                {t('success.receipts.photo', { number: String(entry.questionNumber), photo: String(photo) })}
              </span>
              <span className="font-mono font-semibold text-slate-900" data-testid="receipt-row-code">
                {entry.code}
              </span>
              <Link
                to={verifyReceiptHref(entry.receipt)}
                className="text-sky-700 underline underline-offset-2 hover:text-sky-900 focus-visible:outline-2 focus-visible:outline-sky-500"
              >
                {t('success.receipts.check')}
                <span className="sr-only"> {entry.code}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className={buttonClasses('secondary', 'mt-3 w-full sm:w-auto')}
        onClick={download}
      >
        {t('success.receipts.download')}
      </button>
    </section>
  );
}
