import type { VerifiedReceipt } from '@ngso/shared/schemas/receipts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { errorStatus, serverMessage } from '../../../lib/api-error.ts';
import { formatInDhaka, formatNumber } from '../../../lib/dates.ts';
import { useVerifyReceiptMutation } from '../api.ts';
import { VerifiedRow } from './verified-row.tsx';

/** What a genuine receipt proves. */
function ReceiptProof({ receipt }: { receipt: VerifiedReceipt }) {
  const { t, i18n } = useTranslation('verify');
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <div
      className="space-y-4 rounded-2xl border border-emerald-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="receipt-genuine"
    >
      <p className="font-semibold text-emerald-800">{t('receipt.genuine')}</p>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <VerifiedRow
          label={t('receipt.competition')}
          value={receipt.competition_name ?? receipt.competition}
          testId="receipt-competition"
        />
        <VerifiedRow label={t('rollNumber')} value={receipt.roll_number} testId="receipt-roll" />
        <VerifiedRow
          label={t('receipt.question')}
          value={number(receipt.question_number)}
          testId="receipt-question"
        />
        <VerifiedRow
          label={t('receipt.time')}
          value={formatInDhaka(receipt.committed_at, 'MMMM d, yyyy, h:mm:ss a')}
          testId="receipt-time"
        />
        <VerifiedRow
          label={t('receipt.size')}
          value={t('receipt.bytes', { size: number(receipt.size) })}
          testId="receipt-size"
        />
        <VerifiedRow label={t('receipt.code')} value={receipt.code} testId="receipt-code" mono />
      </dl>
      <dl>
        <VerifiedRow label={t('receipt.sha256')} value={receipt.sha256} testId="receipt-sha256" mono />
      </dl>
      <p className="text-sm text-slate-600">{t('receipt.meaning')}</p>
    </div>
  );
}

/** The receipt the page was opened with: in the fragment, which never reaches a server's logs. */
function receiptIn(hash: string) {
  try {
    return decodeURIComponent(hash.replace(/^#/, '')).trim();
  } catch {
    return hash.replace(/^#/, '').trim();
  }
}

/**
 * /verify/receipt (public): a receipt pasted, or brought in the address by the success page's link, is
 * checked by the server, which says what it proves or why it is refused.
 */
export function ReceiptCheck() {
  const { t } = useTranslation('verify');
  const { hash } = useLocation();
  const [text, setText] = useState(() => receiptIn(hash));
  const [check, { data, error, isLoading, reset }] = useVerifyReceiptMutation();
  const checkedOnce = useRef(false);

  useEffect(() => {
    if (checkedOnce.current) return;
    checkedOnce.current = true;
    if (text) void check(text);
  }, [check, text]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    void check(text.trim());
  };

  const refusal = error
    ? ((errorStatus(error) === 422 ? serverMessage(error) : undefined) ?? t('receipt.error'))
    : null;
  return (
    <div className="space-y-6">
      <form onSubmit={onSubmit} className="space-y-3" noValidate>
        <TextAreaField
          label={t('receipt.label')}
          hint={t('receipt.hint')}
          value={text}
          rows={5}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          className="[&_textarea]:font-mono [&_textarea]:text-sm"
          onChange={(event) => {
            setText(event.target.value);
            reset();
          }}
        />
        <Button type="submit" pending={isLoading} pendingText={t('loading')} className="w-full sm:w-auto">
          {t('receipt.check')}
        </Button>
      </form>
      <div aria-live="polite">
        {refusal ? (
          <Alert tone="error" className="text-base">
            <span data-testid="receipt-refused">{refusal}</span>
          </Alert>
        ) : null}
        {data && !error ? <ReceiptProof receipt={data} /> : null}
      </div>
    </div>
  );
}
