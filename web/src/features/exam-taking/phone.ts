import { useMediaQuery } from '@mantine/hooks';

/**
 * Below Mantine's `sm` (48em), the same query as the exam screen's header: the parts inside the
 * header (the timer, the answer boxes) take their phone form exactly when the header does. Read at
 * the first render, so a phone never lays out the wide form first.
 */
export const PHONE_QUERY = '(max-width: 47.99em)';

export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}
