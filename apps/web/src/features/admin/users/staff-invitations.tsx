import { zodResolver } from '@hookform/resolvers/zod';
import { InviteStaffSchema, STAFF_ROLES, type StaffInvitation } from '@ngso/shared/schemas/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Outcome, OutcomeAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { translateMessage } from '../../../i18n/message.ts';
import { formatInDhaka } from '../../../lib/dates.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useActionError } from '../console/action-error.ts';
import { cardClasses } from '../console/card.ts';
import { ConfirmDialog } from '../console/confirm-dialog.tsx';
import { LoadError, Loading } from '../console/load-states.tsx';
import {
  useInviteStaffMutation,
  useStaffInvitationsQuery,
  useWithdrawInvitationMutation,
} from './staff-api.ts';

/**
 * Staff by invitation: an admin invites an address as grader or admin (a link is mailed), and sees the
 * invitations not yet accepted, each of which can be withdrawn.
 */
export function StaffInvitations() {
  const { t } = useTranslation('admin');
  const actionError = useActionError();
  const invitations = useStaffInvitationsQuery();
  const [invite, inviting] = useInviteStaffMutation();
  const [withdraw, withdrawing] = useWithdrawInvitationMutation();
  const [notice, setNotice] = useState<Outcome>();
  const [toWithdraw, setToWithdraw] = useState<StaffInvitation | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(InviteStaffSchema),
    mode: 'onTouched',
    defaultValues: { email: '', role: 'grader' as const },
  });

  const onInvite = handleSubmit(async (values) => {
    setNotice(undefined);
    try {
      const answer = await invite(values).unwrap();
      setNotice({ tone: 'success', text: answer.message });
      reset();
    } catch (failure) {
      applyServerFieldErrors(failure, setError, ['email', 'role']);
      setNotice({ tone: 'error', text: actionError(failure) });
    }
  });

  const onWithdraw = async () => {
    if (!toWithdraw) return;
    try {
      const answer = await withdraw(toWithdraw.id).unwrap();
      setNotice({ tone: 'success', text: answer.message });
      setToWithdraw(null);
      withdrawing.reset();
    } catch {
      // The dialog shows the server's message.
    }
  };

  return (
    <section aria-labelledby="invite-heading" className={`${cardClasses} mb-6 space-y-4`}>
      <div>
        <h2 id="invite-heading" className="text-lg font-semibold text-slate-900">
          {t('invitations.title')}
        </h2>
        <p className="text-sm text-slate-600">{t('invitations.text')}</p>
      </div>
      <form onSubmit={onInvite} noValidate className="flex flex-wrap items-end gap-3">
        <TextField
          className="min-w-56 flex-1"
          type="email"
          label={t('invitations.email')}
          autoComplete="off"
          error={translateMessage(errors.email?.message)}
          {...register('email')}
        />
        <SelectField
          label={t('invitations.role')}
          placeholder={t('invitations.rolePlaceholder')}
          options={STAFF_ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))}
          error={translateMessage(errors.role?.message)}
          {...register('role')}
        />
        <Button type="submit" pending={inviting.isLoading} pendingText={t('invitations.pending')}>
          {t('invitations.submit')}
        </Button>
      </form>
      <OutcomeAlert outcome={notice} />
      {invitations.isLoading ? <Loading /> : null}
      {invitations.isError ? <LoadError error={invitations.error} onRetry={invitations.refetch} /> : null}
      {invitations.data ? (
        invitations.data.length === 0 ? (
          <p className="text-sm text-slate-600">{t('invitations.none')}</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label={t('invitations.pendingList')}>
            {invitations.data.map((invitation) => (
              <li
                key={invitation.id}
                className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
              >
                <span>
                  <span className="font-medium break-all text-slate-900">{invitation.email}</span>{' '}
                  <span className="text-slate-600">
                    {t('invitations.pendingAs', {
                      role: t(`role.${invitation.role}`),
                      until: formatInDhaka(invitation.expires_at, 'd MMM yyyy, h:mm a'),
                    })}
                  </span>
                </span>
                <Button variant="ghost" className="px-3" onClick={() => setToWithdraw(invitation)}>
                  {t('invitations.withdraw')}
                  <span className="sr-only"> {invitation.email}</span>
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
      <ConfirmDialog
        open={toWithdraw !== null}
        title={t('invitations.withdrawTitle')}
        confirmLabel={t('invitations.withdraw')}
        action={withdrawing}
        onConfirm={onWithdraw}
        onClose={() => {
          setToWithdraw(null);
          withdrawing.reset();
        }}
      >
        {toWithdraw ? t('invitations.withdrawText', { email: toWithdraw.email }) : null}
      </ConfirmDialog>
    </section>
  );
}
