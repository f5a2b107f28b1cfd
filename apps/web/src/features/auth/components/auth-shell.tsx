import type { ReactNode } from 'react';

type AuthShellProps = { title: string; subtitle?: ReactNode; children: ReactNode };

/**
 * The account pages' layout: a dark hero background (the navigation bar is transparent with light
 * text on these pages) with the form on a white card.
 */
export function AuthShell({ title, subtitle, children }: AuthShellProps) {
  return (
    <div className="flex min-h-dvh items-start justify-center bg-linear-to-br from-slate-950 via-indigo-950 to-sky-900 px-4 pt-24 pb-12 sm:items-center">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
