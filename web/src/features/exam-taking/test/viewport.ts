import { vi } from 'vitest';
import { fakeMediaQueryList } from '../../../test/mediaQuery';
import { PHONE_QUERY } from '../phone';

/** The viewport as CSS media queries see it: a phone matches the exam screen's phone query. */
export function viewport(kind: 'phone' | 'laptop'): void {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => fakeMediaQueryList(query, kind === 'phone' && query === PHONE_QUERY));
}
