import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import english from '../i18n/bundles/en';
import { i18n, initI18n } from '../i18n';
import { fakeMediaQueryList } from './mediaQuery';

// Components render in English, as the catalogue writes them, with every catalogue already loaded.
void initI18n('en', english);

// jsdom lacks the layout APIs Mantine asks for; these inert versions are enough for rendering.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => fakeMediaQueryList(query, false),
  });
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
// Mantine's autosize textarea listens for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

// Globals are off, so testing-library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  if (i18n.language !== 'en') void i18n.changeLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
