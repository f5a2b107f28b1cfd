import { useEffect } from 'react';

/** Sets the browser tab's title for a page. */
export function useDocumentTitle(title: string, siteName = 'NGSO'): void {
  useEffect(() => {
    document.title = title ? `${title} | ${siteName}` : siteName;
  }, [title, siteName]);
}
