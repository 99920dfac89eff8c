import { vi } from 'vitest';
import { PHONE_QUERY } from '../phone';

/** The viewport as CSS media queries see it: a phone matches the exam screen's phone query. */
export function viewport(kind: 'phone' | 'laptop'): void {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    matches: kind === 'phone' && query === PHONE_QUERY,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}
