import { isStaff } from '@ngso/shared/constants';
import type { User } from '@ngso/shared/schemas/auth';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { paths } from '../../config/paths.ts';

type UserMenuProps = {
  user: User;
  imageUrl: string | null;
  transparent: boolean;
  onLogout: () => void;
};

const menuItems = (root: HTMLElement | null) =>
  Array.from(root?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

/** The signed-in user's avatar and name, opening a menu with Profile and Logout. Keyboard operable. */
export function UserMenu({ user, imageUrl, transparent, onLogout }: UserMenuProps) {
  const { t } = useTranslation('nav');
  const staff = isStaff(user.role);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const focusFirstOnOpen = useRef(false);

  const items = () => menuItems(rootRef.current);

  useEffect(() => {
    if (!open) return;
    if (focusFirstOnOpen.current) menuItems(rootRef.current)[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) triggerRef.current?.focus();
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      focusFirstOnOpen.current = true;
      if (open) items()[0]?.focus();
      else setOpen(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      list[(index + 1) % list.length]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      list[(index - 1 + list.length) % list.length]?.focus();
    } else if (event.key === 'Home') {
      event.preventDefault();
      list[0]?.focus();
    } else if (event.key === 'End') {
      event.preventDefault();
      list[list.length - 1]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const itemClasses =
    'block w-full px-4 py-2.5 text-left text-sm text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none';

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('accountMenu', { name: user.name })}
        onClick={() => {
          focusFirstOnOpen.current = false;
          setOpen((shown) => !shown);
        }}
        onKeyDown={onTriggerKeyDown}
        className={`flex min-h-11 items-center gap-2 rounded-full py-1 pr-3 pl-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-sky-400 ${
          transparent ? 'text-white hover:bg-white/10' : 'text-slate-800 hover:bg-slate-100'
        }`}
      >
        <Avatar name={user.name} imageUrl={imageUrl} />
        <span className="max-w-36 truncate" data-testid="nav-user-name">
          {user.name}
        </span>
        <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-50 mt-2 w-48 overflow-hidden rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-200"
        >
          <Link role="menuitem" to={paths.profile} className={itemClasses} onClick={() => setOpen(false)}>
            {t('profile')}
          </Link>
          {staff ? (
            <Link role="menuitem" to={paths.admin} className={itemClasses} onClick={() => setOpen(false)}>
              {t('console')}
            </Link>
          ) : null}
          <button
            role="menuitem"
            type="button"
            className={itemClasses}
            onClick={() => {
              setOpen(false);
              onLogout();
            }}
          >
            {t('logout')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
