import { ROLES, type Role } from '@ngso/shared/constants';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Button } from '../../../components/ui/button.tsx';
import { inputClasses, TextField } from '../../../components/ui/text-field.tsx';
import { formatInDhaka } from '../../../lib/dates.ts';
import { selectUser } from '../../auth/slice.ts';
import { AdminSection } from '../console/admin-section.tsx';
import { ConfirmDialog } from '../console/confirm-dialog.tsx';
import { pageCount } from '../console/filters.ts';
import { LoadError, Loading } from '../console/load-states.tsx';
import { SuccessNotice } from '../console/notice.tsx';
import { Pager } from '../console/pager.tsx';
import { ConsoleTable, TableEmptyRow, tdClasses } from '../console/table.tsx';
import { useCanUse } from '../console/use-can-use.ts';
import { useResetTwoFactorMutation, useUnlockTwoFactorMutation } from './staff-api.ts';
import { StaffInvitations } from './staff-invitations.tsx';
import {
  type AdminUser,
  useAdminUsersQuery,
  useChangeRoleMutation,
  useEndSessionsMutation,
} from './users-api.ts';

/**
 * The roles a user can be given here: staff rights are taken away freely, but given only by invitation
 * (staff-invitations.tsx), except a grader with a proven address made admin.
 */
const rolesFor = (user: AdminUser) =>
  ROLES.filter(
    (role) => role === 'student' || role === user.role || (user.role !== 'student' && user.email_verified),
  );

const DIALOG = {
  role: { title: 'users.roleTitle', confirm: 'users.changeRole', text: 'users.roleText' },
  sessions: { title: 'users.sessionsTitle', confirm: 'users.endSessions', text: 'users.sessionsText' },
  twoFactor: { title: 'users.twoFactorTitle', confirm: 'users.resetTwoFactor', text: 'users.twoFactorText' },
  unlock: { title: 'users.unlockTitle', confirm: 'users.unlockTwoFactor', text: 'users.unlockText' },
} as const;

type Pending =
  | { kind: 'role'; user: AdminUser; role: Role }
  | { kind: 'sessions'; user: AdminUser }
  | { kind: 'twoFactor' | 'unlock'; user: AdminUser };

/** Find a user; change a role (admins only) or end a user's sessions, each after a confirmation. */
export function UsersPage() {
  const { t } = useTranslation('admin');
  const me = useSelector(selectUser);
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const users = useAdminUsersQuery({ q, page }, { skip: !useCanUse('users') });
  const [roles, setRoles] = useState<Record<string, Role>>({});
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [changeRole, changing] = useChangeRoleMutation();
  const [endSessions, ending] = useEndSessionsMutation();
  const [resetTwoFactor, resetting] = useResetTwoFactorMutation();
  const [unlockTwoFactor, unlocking] = useUnlockTwoFactorMutation();

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setQ(text.trim());
    setPage(1);
  };
  const close = () => {
    setPending(null);
    changing.reset();
    ending.reset();
    resetting.reset();
    unlocking.reset();
  };
  const run = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'role') {
        await changeRole({ id: pending.user.id, role: pending.role }).unwrap();
        setNotice(t('users.roleChanged', { name: pending.user.name, role: t(`role.${pending.role}`) }));
      } else if (pending.kind === 'twoFactor') {
        await resetTwoFactor(pending.user.id).unwrap();
        setNotice(t('users.twoFactorReset', { name: pending.user.name }));
      } else if (pending.kind === 'unlock') {
        await unlockTwoFactor(pending.user.id).unwrap();
        setNotice(t('users.twoFactorUnlocked', { name: pending.user.name }));
      } else {
        await endSessions(pending.user.id).unwrap();
        setNotice(t('users.sessionsEnded', { name: pending.user.name }));
      }
      close();
    } catch {
      // The dialog shows the server's message.
    }
  };
  const failure = [changing, ending, resetting, unlocking].find((call) => call.isError)?.error ?? null;

  return (
    <AdminSection section="users" title={t('users.title')}>
      <StaffInvitations />
      <form onSubmit={onSearch} className="mb-4 flex max-w-xl items-end gap-2">
        <TextField
          className="flex-1"
          type="search"
          label={t('users.search')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit">{t('users.searchButton')}</Button>
      </form>
      <SuccessNotice text={notice} className="mb-3" />
      {users.isLoading ? <Loading /> : null}
      {users.isError ? <LoadError error={users.error} onRetry={users.refetch} /> : null}
      {users.data ? (
        <>
          <ConsoleTable
            caption={t('users.title')}
            columns={[
              { label: t('field.name') },
              { label: t('field.email') },
              { label: t('users.created'), from: 'md' },
              { label: t('users.role') },
              { label: <span className="sr-only">{t('registrations.actions')}</span> },
            ]}
          >
            {users.data.data.length === 0 ? <TableEmptyRow span={5}>{t('users.none')}</TableEmptyRow> : null}
            {users.data.data.map((user) => {
              const chosen = roles[user.id] ?? user.role;
              const self = user.id === me?.id;
              return (
                <tr key={user.id} data-testid="user-row">
                  <td className={tdClasses}>{user.name}</td>
                  <td className={`${tdClasses} break-all`}>
                    {user.email}
                    {user.email_verified ? null : (
                      <span className="ml-1 text-xs text-amber-800">({t('users.unverified')})</span>
                    )}
                    {user.two_factor_locked ? (
                      <span className="ml-1 text-xs text-red-800">({t('users.twoFactorLocked')})</span>
                    ) : null}
                  </td>
                  <td className={`${tdClasses} hidden whitespace-nowrap md:table-cell`}>
                    {formatInDhaka(user.created_at, 'd MMM yyyy')}
                  </td>
                  <td className={tdClasses}>
                    <div className="flex flex-wrap items-center gap-2">
                      <select
                        aria-label={t('users.roleOf', { name: user.name })}
                        className={`${inputClasses(false)} w-auto`}
                        value={chosen}
                        disabled={self}
                        onChange={(event) => setRoles({ ...roles, [user.id]: event.target.value as Role })}
                      >
                        {rolesFor(user).map((role) => (
                          <option key={role} value={role}>
                            {t(`role.${role}`)}
                          </option>
                        ))}
                      </select>
                      <Button
                        variant="secondary"
                        className="px-3"
                        disabled={self || chosen === user.role}
                        onClick={() => setPending({ kind: 'role', user, role: chosen })}
                      >
                        {t('users.changeRole')}
                      </Button>
                    </div>
                  </td>
                  <td className={tdClasses}>
                    <Button
                      variant="ghost"
                      className="px-3"
                      onClick={() => setPending({ kind: 'sessions', user })}
                    >
                      {t('users.endSessions')}
                      <span className="sr-only"> {user.name}</span>
                    </Button>
                    {user.two_factor && !self ? (
                      <Button
                        variant="ghost"
                        className="px-3"
                        onClick={() => setPending({ kind: 'twoFactor', user })}
                      >
                        {t('users.resetTwoFactor')}
                        <span className="sr-only"> {user.name}</span>
                      </Button>
                    ) : null}
                    {user.two_factor_locked && !self ? (
                      <Button
                        variant="ghost"
                        className="px-3"
                        onClick={() => setPending({ kind: 'unlock', user })}
                      >
                        {t('users.unlockTwoFactor')}
                        <span className="sr-only"> {user.name}</span>
                      </Button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </ConsoleTable>
          <Pager
            page={page}
            pages={pageCount(users.data.meta.total, users.data.meta.per_page)}
            total={users.data.meta.total}
            onPage={setPage}
          />
        </>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={t(DIALOG[pending?.kind ?? 'sessions'].title)}
        confirmLabel={t(DIALOG[pending?.kind ?? 'sessions'].confirm)}
        action={{
          isLoading: changing.isLoading || ending.isLoading || resetting.isLoading || unlocking.isLoading,
          isError: failure !== null,
          error: failure,
        }}
        onConfirm={run}
        onClose={close}
      >
        {pending?.kind === 'role'
          ? t('users.roleText', {
              name: pending.user.name,
              from: t(`role.${pending.user.role}`),
              to: t(`role.${pending.role}`),
            })
          : pending
            ? t(DIALOG[pending.kind].text, { name: pending.user.name })
            : null}
      </ConfirmDialog>
    </AdminSection>
  );
}
