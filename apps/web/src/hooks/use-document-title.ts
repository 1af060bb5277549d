import { useEffect } from 'react';

export const APP_NAME = 'ipick';

/**
 * Sets the tab title to "{title} · ipick", so each page is named for tabs and screen readers.
 * Null leaves the title alone (the caller sets it some other way).
 */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title !== null) document.title = `${title} · ${APP_NAME}`;
  }, [title]);
}
