import { useEffect } from 'react';

export const APP_NAME = 'ExamPortal';

/** The tab title of a page: 'Page · ExamPortal', so tabs and history entries say where they lead. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
