import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageMetaKey } from '../config/public-pages.ts';
import { i18next, loadNamespaces } from '../i18n/i18n.ts';

export type PageMeta = { title: string; description: string };

/** A page's title and description in the current language (also used by the pre-renderer). */
export function pageMeta(key: PageMetaKey, language = i18next.language): PageMeta {
  const t = i18next.getFixedT(language, 'seo');
  return { title: t(`${key}.title`), description: t(`${key}.description`) };
}

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

/**
 * The pre-rendered page the browser opened, whose HTML has its title and meta tags already (main.tsx):
 * until the visitor moves on, nothing needs setting, and the `seo` texts need not be downloaded.
 */
let serverMeta: { pathname: string; language: string } | undefined;

export function keepServerMeta(pathname: string, language: string): void {
  serverMeta = { pathname, language };
}

/** Sets the tab title, the meta description and the Open Graph tags of a page as it opens. */
export function usePageMeta(key: PageMetaKey): void {
  const { i18n } = useTranslation();
  const language = i18n.language;
  useEffect(() => {
    if (serverMeta?.pathname === window.location.pathname && serverMeta.language === language) return;
    serverMeta = undefined;
    let current = true;
    void loadNamespaces(['seo']).then(() => {
      if (!current) return;
      const { title, description } = pageMeta(key, language);
      document.title = title;
      setMeta('name', 'description', description);
      setMeta('property', 'og:title', title);
      setMeta('property', 'og:description', description);
      setMeta('property', 'og:url', window.location.href.split('#')[0] ?? '');
    });
    return () => {
      current = false;
    };
  }, [key, language]);
}
