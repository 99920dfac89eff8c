import type { Location } from 'react-router-dom';

/**
 * Leaving an open exam is always possible (the server keeps the attempt and its clock), but never
 * by accident: the browser asks before closing or reloading the tab, and the app before going
 * elsewhere. Redirects the app makes itself (`replace`: the session ended, the result after
 * submitting) are not the student leaving and pass.
 */
export function asksBeforeLeaving(
  attemptOpen: boolean,
  { currentLocation, nextLocation, historyAction }: { currentLocation: Location; nextLocation: Location; historyAction: string },
): boolean {
  return attemptOpen && historyAction !== 'REPLACE' && currentLocation.pathname !== nextLocation.pathname;
}

/** The browser's own "Leave site?" question (its wording cannot be changed). */
export function askBeforeUnload(event: BeforeUnloadEvent): void {
  event.preventDefault();
  // Older Chromium and Safari still need returnValue set to show the question.
  event.returnValue = '';
}
