import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A list screen's filters and page kept in the address (`?subject=science&page=2`), so a reload,
 * a shared link or the back button after opening an exam returns to the same view. Changing a
 * filter goes back to page 1. Values equal to their default are left out of the address.
 */
export function useFilterParams<K extends string>(initialDefaults: Record<K, string>) {
  const [params, setParams] = useSearchParams();
  // The first render's defaults are kept, so callers may pass an inline object.
  const [defaults] = useState(initialDefaults);

  const values = useMemo(() => {
    const out = { ...defaults };
    for (const key of Object.keys(defaults) as K[]) out[key] = params.get(key) ?? defaults[key];
    return out;
  }, [params, defaults]);
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);

  const setFilter = useCallback(
    (key: K, value: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value === defaults[key]) next.delete(key);
          else next.set(key, value);
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams, defaults],
  );

  const setPage = useCallback(
    (value: number) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (value <= 1) next.delete('page');
        else next.set('page', String(value));
        return next;
      }),
    [setParams],
  );

  const clear = useCallback(() => setParams({}, { replace: true }), [setParams]);
  const filtered = (Object.keys(defaults) as K[]).some((key) => values[key] !== defaults[key]);

  return { values, page, setFilter, setPage, clear, filtered };
}
