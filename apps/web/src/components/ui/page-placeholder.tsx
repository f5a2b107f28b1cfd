import type { ReactNode } from 'react';

type PagePlaceholderProps = { title: string; text: string; children?: ReactNode };

/** An honest page for screens that later work builds: a heading and a sentence saying so. */
export function PagePlaceholder({ title, text, children }: PagePlaceholderProps) {
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-16 sm:py-24">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-4 text-slate-700">{text}</p>
      {children}
    </section>
  );
}
