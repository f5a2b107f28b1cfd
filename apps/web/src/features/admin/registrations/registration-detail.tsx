import type { AdminRegistration } from '@ngso/shared/schemas/registration';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { formatInDhaka } from '../../../lib/dates.ts';
import { useActionError } from '../console/action-error.ts';
import { useApproveRegistrationMutation, useRejectRegistrationMutation } from './registrations-api.ts';

type Step = 'view' | 'approve' | 'reject';

/**
 * One registration with every field and the payment; approve (after a confirmation) or reject with a
 * reason the student reads. Reports what it did through `onDone`.
 */
export function RegistrationDetail({
  registration,
  onClose,
  onDone,
}: {
  registration: AdminRegistration | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('admin');
  const actionError = useActionError();
  const [step, setStep] = useState<Step>('view');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [approve, approval] = useApproveRegistrationMutation();
  const [reject, rejection] = useRejectRegistrationMutation();

  const close = () => {
    setStep('view');
    setReason('');
    setReasonError(null);
    approval.reset();
    rejection.reset();
    onClose();
  };
  if (!registration) return null;
  const r = registration;

  const runApprove = async () => {
    const result = await approve(r.id)
      .unwrap()
      .catch(() => null);
    if (!result) return;
    onDone(t('detail.approved', { name: r.name, roll: result.roll_number ?? '' }));
    close();
  };
  const runReject = async () => {
    if (!reason.trim()) {
      setReasonError(t('detail.reasonRequired'));
      return;
    }
    const result = await reject({ id: r.id, reason: reason.trim() })
      .unwrap()
      .catch(() => null);
    if (!result) return;
    onDone(t('detail.rejected', { name: r.name }));
    close();
  };

  const fields: [string, string | number | null][] = [
    [t('field.name'), r.name],
    [t('field.email'), r.email],
    [t('field.phone'), r.phone_number],
    [t('field.category'), t(`category.${r.category}`)],
    [t('field.class'), r.class],
    [t('field.institution'), r.institution],
    [t('field.division'), r.division],
    [t('field.district'), r.district],
    [t('field.subDistrict'), r.sub_district],
    [t('field.status'), t(`status.${r.registration_status}`)],
    [t('field.registrationDate'), formatInDhaka(r.registration_date, 'd MMM yyyy, HH:mm')],
    [t('field.paymentMethod'), t(`payment.${r.payment_method}`)],
    [t('field.paymentSender'), r.payment_sender],
    [t('field.transactionId'), r.transaction_id],
    [t('field.rollNumber'), r.roll_number],
    [t('field.rejectionReason'), r.rejection_reason],
  ];
  const error = approval.isError ? approval.error : rejection.isError ? rejection.error : null;

  return (
    <Modal
      open
      onClose={close}
      title={t('detail.title', { name: r.name })}
      closeLabel={t('close')}
      className="max-w-2xl"
    >
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {fields.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="break-all text-slate-900">{value === null || value === '' ? '—' : value}</dd>
          </div>
        ))}
      </dl>
      {error ? (
        <Alert tone="error" className="mt-4">
          {actionError(error)}
        </Alert>
      ) : null}
      {r.registration_status === 'pending' && step === 'view' ? (
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setStep('reject')}>
            {t('detail.reject')}
          </Button>
          <Button onClick={() => setStep('approve')}>{t('detail.approve')}</Button>
        </div>
      ) : null}
      {step === 'approve' ? (
        <div className="mt-5 rounded-lg border border-sky-200 bg-sky-50 p-4">
          <p className="text-sm text-slate-800">
            {t('detail.approveText', { name: r.name, tx: r.transaction_id })}
          </p>
          <div className="mt-3 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setStep('view')}>
              {t('cancel')}
            </Button>
            <Button onClick={runApprove} pending={approval.isLoading}>
              {t('detail.confirmApprove')}
            </Button>
          </div>
        </div>
      ) : null}
      {step === 'reject' ? (
        <div className="mt-5 rounded-lg border border-red-200 bg-red-50 p-4">
          <TextAreaField
            label={t('detail.reason')}
            rows={3}
            maxLength={500}
            value={reason}
            error={reasonError ?? undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(null);
            }}
          />
          <div className="mt-3 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setStep('view')}>
              {t('cancel')}
            </Button>
            <Button onClick={runReject} pending={rejection.isLoading}>
              {t('detail.confirmReject')}
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
