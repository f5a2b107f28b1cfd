import type { OwnSession } from '@ngso/shared/schemas/account';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { serverMessage } from '../../../lib/api-error.ts';
import { formatInDhaka } from '../../../lib/dates.ts';
import {
  useEndOtherSessionsMutation,
  useEndSessionMutation,
  useGetOwnSessionsQuery,
} from '../security-api.ts';

const when = (iso: string) => {
  try {
    return formatInDhaka(iso, 'MMM d, yyyy, h:mm a');
  } catch {
    return '';
  }
};

type Confirming = { kind: 'one'; session: OwnSession } | { kind: 'others' } | null;

/**
 * Signed-in devices (OWASP ASVS 5.0 V7.5.2): the account's live sessions, this device first, each other one
 * with a Sign out button, and Sign out everywhere else. Every sign-out is confirmed first.
 */
export function SignedInDevices() {
  const { t } = useTranslation(['profile', 'common']);
  const { data: sessions, isLoading, isError, isFetching, refetch } = useGetOwnSessionsQuery();
  const [endSession, endOne] = useEndSessionMutation();
  const [endOthers, endMany] = useEndOtherSessionsMutation();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [confirmError, setConfirmError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  /** 'Chrome on Android', or what can be told of it. */
  const deviceName = ({ device: { browser, os } }: OwnSession) =>
    browser && os ? t('devices.device', { browser, os }) : (browser ?? os ?? t('devices.unknown'));

  const ask = (next: Confirming) => {
    setConfirmError(undefined);
    setNotice(undefined);
    setConfirming(next);
  };

  const confirm = async () => {
    if (!confirming) return;
    setConfirmError(undefined);
    try {
      const answer =
        confirming.kind === 'one'
          ? await endSession(confirming.session.id).unwrap()
          : await endOthers().unwrap();
      setNotice(answer.message);
      setConfirming(null);
    } catch (failure) {
      setConfirmError(serverMessage(failure) ?? t('devices.failed'));
    }
  };

  let body: ReactNode;
  if (isLoading) {
    body = (
      <p role="status" className="flex items-center gap-3 text-sm text-slate-700">
        <Spinner className="size-4 text-sky-600" />
        {t('devices.loading')}
      </p>
    );
  } else if (isError || !sessions) {
    body = (
      <LoadFailed
        compact
        message={t('devices.error')}
        retryLabel={t('common:tryAgain')}
        pending={isFetching}
        onRetry={refetch}
      />
    );
  } else {
    const others = sessions.filter((session) => !session.current);
    body = (
      <div className="space-y-4">
        <ul className="divide-y divide-slate-100" data-testid="signed-in-devices">
          {sessions.map((session) => {
            const name = deviceName(session);
            return (
              <li
                key={session.id}
                className="flex flex-col gap-2 py-3 first:pt-0 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {name}
                    {session.current ? (
                      <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                        {t('devices.current')}
                      </span>
                    ) : null}
                  </p>
                  <p className="text-sm text-slate-600">
                    {t('devices.lastSeen', { date: when(session.last_seen_at) })}
                  </p>
                  <p className="text-xs text-slate-500">
                    {t('devices.signedIn', { date: when(session.created_at) })}
                  </p>
                </div>
                {session.current ? null : (
                  <Button
                    variant="secondary"
                    className="self-start sm:self-auto"
                    aria-label={t('devices.signOutLabel', { device: name })}
                    onClick={() => ask({ kind: 'one', session })}
                  >
                    {t('devices.signOut')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
        {others.length > 0 ? (
          <Button variant="secondary" className="w-full sm:w-auto" onClick={() => ask({ kind: 'others' })}>
            {t('devices.signOutOthers')}
          </Button>
        ) : (
          <p className="text-sm text-slate-600">{t('devices.onlyThis')}</p>
        )}
      </div>
    );
  }

  const pending = endOne.isLoading || endMany.isLoading;
  return (
    <div className="space-y-3">
      <h3 className="font-semibold text-slate-900">{t('devices.title')}</h3>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {body}
      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming?.kind === 'others' ? t('devices.confirmOthersTitle') : t('devices.confirmTitle')}
        closeLabel={t('close')}
      >
        <div className="space-y-4">
          {confirmError ? <Alert tone="error">{confirmError}</Alert> : null}
          <p className="text-slate-700">
            {confirming?.kind === 'one'
              ? t('devices.confirmText', { device: deviceName(confirming.session) })
              : t('devices.confirmOthersText')}
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              {t('cancel')}
            </Button>
            <Button pending={pending} pendingText={t('devices.signingOut')} onClick={() => void confirm()}>
              {confirming?.kind === 'others' ? t('devices.signOutOthers') : t('devices.confirm')}
            </Button>
          </div>
        </div>
      </Modal>
    </div>
  );
}
