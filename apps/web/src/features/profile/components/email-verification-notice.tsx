import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { serverMessage } from '../../../lib/api-error.ts';
import { useResendVerificationEmailMutation } from '../../auth/api.ts';

/**
 * Until the address is proven: what the student must do (open the mailed link), why (the preliminary
 * result and the final round need it), and a button to have the link sent again.
 */
export function EmailVerificationNotice({ email }: { email: string }) {
  const { t } = useTranslation('profile');
  const [resend, { isLoading }] = useResendVerificationEmailMutation();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string }>();

  const onResend = async () => {
    setOutcome(undefined);
    try {
      const answer = await resend().unwrap();
      setOutcome({ tone: 'success', text: answer.message });
    } catch (failure) {
      setOutcome({ tone: 'error', text: serverMessage(failure) ?? t('verifyEmail.resendError') });
    }
  };

  return (
    <section
      aria-labelledby="verify-email-heading"
      className="space-y-3 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950"
    >
      <h2 id="verify-email-heading" className="font-semibold">
        {t('verifyEmail.heading')}
      </h2>
      <p className="text-sm">{t('verifyEmail.text', { email })}</p>
      <Button
        type="button"
        variant="secondary"
        onClick={onResend}
        pending={isLoading}
        pendingText={t('verifyEmail.resendPending')}
      >
        {t('verifyEmail.resend')}
      </Button>
      {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
    </section>
  );
}
