import { type Language, languageFromCookie } from '@ngso/shared/language';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { selectAuth } from '../../features/auth/auth-state.ts';
import { applyLanguage, currentLanguage, rememberLanguage } from '../../i18n/i18n.ts';
import type { AppDispatch } from '../store.ts';

/** Each language named in itself, so a reader finds theirs whatever the page's language. */
const OPTIONS: readonly { language: Language; label: string }[] = [
  { language: 'en', label: 'English' },
  { language: 'bn', label: 'বাংলা' },
];

/**
 * The language choice (decisions.md, 'Language'): two buttons, the current one pressed. Choosing
 * switches the interface at once, keeps the choice in the `lang` cookie for a year and, when signed
 * in, on the account. After a sign-in the account's language (the server sets the cookie at login)
 * applies.
 */
export function LanguageSwitcher({
  transparent,
  className = '',
}: {
  transparent: boolean;
  className?: string;
}) {
  const { t, i18n } = useTranslation('nav');
  const { isAuthenticated } = useSelector(selectAuth);
  const dispatch = useDispatch<AppDispatch>();
  const active = currentLanguage();

  const choose = async (language: Language) => {
    if (language === currentLanguage()) return;
    rememberLanguage(language);
    await applyLanguage(language);
    if (!isAuthenticated) return;
    // The API is in its own chunk (loaded by now: the session has called it), not in the first one.
    const { languageApi } = await import('../../features/auth/language-api.ts');
    const request = dispatch(languageApi.endpoints.saveLanguage.initiate({ language }));
    request
      .unwrap()
      .catch(() => undefined)
      .finally(() => request.reset());
  };

  // A sign-in brings the account's language (the login answer sets the cookie).
  const wasSignedIn = useRef(isAuthenticated);
  useEffect(() => {
    const signedInNow = isAuthenticated && !wasSignedIn.current;
    wasSignedIn.current = isAuthenticated;
    if (!signedInNow) return;
    const saved = languageFromCookie(document.cookie);
    if (saved && saved !== currentLanguage()) void applyLanguage(saved);
  }, [isAuthenticated]);

  const buttonClasses = (pressed: boolean) =>
    `inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-sky-400 ${
      pressed
        ? transparent
          ? 'bg-white/15 text-white'
          : 'bg-sky-50 text-sky-800'
        : transparent
          ? 'text-white/85 hover:bg-white/10 hover:text-white'
          : 'text-slate-700 hover:bg-slate-100 hover:text-sky-800'
    }`;

  return (
    <fieldset
      data-testid="language-switcher"
      data-language={i18n.language}
      className={`m-0 min-w-0 items-center gap-1 border-0 p-0 ${className}`}
    >
      <legend className="sr-only">{t('language')}</legend>
      {OPTIONS.map((option) => (
        <button
          key={option.language}
          type="button"
          lang={option.language}
          // The device's own font: an English page must not download the Bangla one for this one word.
          data-device-font
          aria-pressed={active === option.language}
          className={buttonClasses(active === option.language)}
          onClick={() => void choose(option.language)}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
