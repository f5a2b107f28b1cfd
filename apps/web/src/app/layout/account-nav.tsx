import type { User } from '@ngso/shared/schemas/auth';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { paths } from '../../config/paths.ts';
import { useLogout } from '../../features/auth/use-logout.ts';
import { UserMenu } from './user-menu.tsx';

/**
 * The signed-in user's part of the navigation bar (navbar.tsx): a chunk of its own, so that a guest's
 * first page does not carry it (docs/decisions/013-first-load.md).
 */
type AccountProps = { user: User; imageUrl: string | null };

/** The avatar menu of wide screens. */
export function DesktopAccount({ user, imageUrl, transparent }: AccountProps & { transparent: boolean }) {
  const logout = useLogout();
  return <UserMenu user={user} imageUrl={imageUrl} transparent={transparent} onLogout={logout} />;
}

/** The account block of the mobile menu: who is signed in, Profile and Logout. */
export function MobileAccount({
  user,
  imageUrl,
  linkClasses,
  onLeave,
}: AccountProps & {
  linkClasses: (state: { isActive: boolean }) => string;
  /** Closes the menu before logging out. */
  onLeave: () => void;
}) {
  const { t } = useTranslation('nav');
  const logout = useLogout();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-3 px-3 py-2">
        <Avatar name={user.name} imageUrl={imageUrl} />
        <span className="truncate font-medium">{user.name}</span>
      </div>
      <NavLink to={paths.profile} className={linkClasses}>
        {t('profile')}
      </NavLink>
      <button
        type="button"
        onClick={() => {
          onLeave();
          void logout();
        }}
        className={`${linkClasses({ isActive: false })} w-full text-left`}
      >
        {t('logout')}
      </button>
    </div>
  );
}
