import { languageCookie, languageFromCookie, toBanglaDigits } from '@ngso/shared/language';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { formatCountdown, formatInDhaka, formatNumber } from '../lib/dates.ts';
import { stubApi, testProfile } from '../test/fetch-stub.ts';
import { renderApp, signedInAuth } from '../test/render.tsx';
import { applyLanguage, i18next } from './i18n.ts';
import { placeName } from './places.ts';

const clearCookie = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: as the app does (i18n.ts, rememberLanguage)
  document.cookie = 'lang=; Path=/; Max-Age=0';
};

afterEach(async () => {
  await applyLanguage('en');
  clearCookie();
});

describe('numbers and dates follow the language (Asia/Dhaka always)', () => {
  it('writes dates with Bangla month names and digits, in Dhaka time', async () => {
    const date = '2024-12-26T04:30:00Z'; // 10:30 in Dhaka
    expect(formatInDhaka(date, 'MMMM d, yyyy, h:mm a', 'en')).toBe('December 26, 2024, 10:30 AM');
    expect(formatInDhaka(date, 'MMMM d, yyyy, h:mm a', 'bn')).toBe('২৬ ডিসেম্বর ২০২৪, সকাল ১০:৩০');
    expect(formatInDhaka(date, 'MMM d, yyyy', 'bn')).toBe('২৬ ডিসেম্বর ২০২৪');
    await applyLanguage('bn');
    expect(formatInDhaka(date, 'MMMM d, yyyy')).toBe('২৬ ডিসেম্বর ২০২৪');
    expect(formatCountdown(65)).toBe('১:০৫');
    expect(formatNumber(15000)).toBe('১৫,০০০');
  });

  it('writes numbers given to a text in Bangla digits, but not long digit strings such as phone numbers', async () => {
    await applyLanguage('bn');
    expect(i18next.t('ebooks:viewer.pageOf', { page: '3', total: '12' })).toBe('পৃষ্ঠা ৩ / ১২');
    expect(i18next.t('exam:questionNumber', { number: '4' })).toBe('প্রশ্ন ৪');
    expect(i18next.t('ebooks:pageCount', { count: 2 })).toBe('২ পৃষ্ঠা');
    expect(i18next.t('registration:payment.number', { method: 'বিকাশ', number: '01712345678' })).toBe(
      'আয়োজকদের বিকাশ নম্বর: 01712345678',
    );
    expect(i18next.t('messages:rateLimited', { minutes: '15' })).toContain('১৫ মিনিট');
    // English stays as it was.
    await applyLanguage('en');
    expect(i18next.t('ebooks:viewer.pageOf', { page: '3', total: '12' })).toBe('Page 3 of 12');
  });

  it('names places in the language', () => {
    expect(placeName('Dhaka', 'bn')).toBe('ঢাকা');
    expect(placeName('Chattogram', 'bn')).toBe('চট্টগ্রাম');
    expect(placeName('Dhaka', 'en')).toBe('Dhaka');
    expect(toBanglaDigits('2024')).toBe('২০২৪');
  });

  it('reads and writes the cookie', () => {
    expect(languageCookie('bn', false)).toBe('lang=bn; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(languageFromCookie('a=1; lang=bn; b=2')).toBe('bn');
    expect(languageFromCookie('lang=fr')).toBeUndefined();
  });
});

describe('the language switcher', () => {
  it('switches a guest to Bangla: texts, <html lang>, the cookie; and back', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome back' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const switcher = within(nav).getByRole('group', { name: 'Language' });
    expect(within(switcher).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(within(switcher).getByRole('button', { name: 'বাংলা' }));
    expect(await screen.findByRole('heading', { name: 'আবার স্বাগতম' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('bn');
    expect(languageFromCookie(document.cookie)).toBe('bn');
    expect(screen.getByRole('group', { name: 'ভাষা' })).toBeInTheDocument();

    await userEvent.click(screen.getAllByRole('button', { name: 'English' })[0] as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(languageFromCookie(document.cookie)).toBe('en');
  });

  it('saves a signed-in user’s choice on the account, and shows the profile in Bangla', async () => {
    const api = stubApi({
      'GET /api/v1/user': { body: { status: 'success', user: signedInAuth.user } },
      'GET /api/v1/user/profile': {
        body: {
          status: 'success',
          user: { ...testProfile, division: 'Dhaka', district: 'Dhaka', created_at: '2024-12-26T04:30:00Z' },
        },
      },
      'GET /api/v1/ngso-1/registration/status': {
        body: { status: 'success', category: null, data: { registration_status: null } },
      },
      'PUT /api/v1/user/language': { body: { status: 'success', language: 'bn' } },
    });
    renderApp('/profile', { auth: signedInAuth });
    await screen.findByRole('heading', { name: 'My Profile' });
    await userEvent.click(screen.getAllByRole('button', { name: 'বাংলা' })[0] as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'আমার প্রোফাইল' })).toBeInTheDocument();
    await waitFor(() => expect(api.keys()).toContain('PUT /api/v1/user/language'));
    const saved = api.calls.find((call) => call.method === 'PUT');
    expect(await saved?.clone().json()).toEqual({ language: 'bn' });
    expect(screen.getByTestId('profile-division')).toHaveTextContent('ঢাকা');
    expect(screen.getByTestId('profile-registered-on')).toHaveTextContent('২৬ ডিসেম্বর ২০২৪');
  });
});

describe('the Bangla font face of the page (decision 063)', () => {
  it('a switch of language moves the page to the swap face; the same language again does not', async () => {
    await applyLanguage('en');
    delete document.documentElement.dataset.banglaFont;
    await applyLanguage('en');
    expect(document.documentElement.dataset.banglaFont).toBeUndefined();
    await applyLanguage('bn');
    expect(document.documentElement.lang).toBe('bn');
    expect(document.documentElement.dataset.banglaFont).toBe('swap');
  });
});
