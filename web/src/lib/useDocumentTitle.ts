import { useEffect } from 'react';
import { usePlatformSettings } from '../features/platform/usePlatformSettings';

/** The tab title of a page: 'Page · School name', so tabs and history entries say where they lead. */
export function useDocumentTitle(title: string | null | undefined): void {
  const { schoolName } = usePlatformSettings();
  useEffect(() => {
    document.title = title ? `${title} · ${schoolName}` : schoolName;
  }, [title, schoolName]);
}
