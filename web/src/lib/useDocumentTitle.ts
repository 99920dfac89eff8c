import { useEffect } from 'react';
import { usePlatformSettings } from '../api/usePlatformSettings';

/** Pages on screen that set their own title: while there is one, the path-derived title stays out. */
let pageTitles = 0;

/**
 * The tab title of a page: 'Page · School name', so tabs and history entries say where they lead.
 * `fallback` is the title derived from the path (RouteTitle): it never overwrites a page's own,
 * even when the school's name arrives after the page set its title.
 */
export function useDocumentTitle(title: string | null | undefined, { fallback = false }: { fallback?: boolean } = {}): void {
  const { schoolName } = usePlatformSettings();
  useEffect(() => {
    if (fallback) return;
    pageTitles++;
    return () => {
      pageTitles--;
    };
  }, [fallback]);
  useEffect(() => {
    if (fallback && pageTitles > 0) return;
    document.title = title ? `${title} · ${schoolName}` : schoolName;
  }, [title, schoolName, fallback]);
}
