import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageMetaKey } from '../config/public-pages.ts';
import { i18next } from '../i18n/i18n.ts';

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

/** Sets the tab title, the meta description and the Open Graph tags of a page as it opens. */
export function usePageMeta(key: PageMetaKey): void {
  const { i18n } = useTranslation();
  const language = i18n.language;
  useEffect(() => {
    const { title, description } = pageMeta(key, language);
    document.title = title;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:url', window.location.href.split('#')[0] ?? '');
  }, [key, language]);
}
