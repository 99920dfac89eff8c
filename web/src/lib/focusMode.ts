import { useEffect, useSyncExternalStore } from 'react';

/**
 * Focus mode: while a screen asks for it (the exam during an attempt), the app shell hides its
 * header, navigation, breadcrumb and footer, so nothing on screen leads elsewhere. A count, not
 * a flag: a screen handing over to another (a remount) never switches it off under the other.
 */
let requests = 0;
const listeners = new Set<() => void>();

function change(by: number): void {
  const before = requests > 0;
  requests = Math.max(0, requests + by);
  if (before !== requests > 0) for (const l of listeners) l();
}

export function isFocusMode(): boolean {
  return requests > 0;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For the shell: whether a screen has asked for focus. */
export function useFocusModeOn(): boolean {
  return useSyncExternalStore(subscribe, isFocusMode, isFocusMode);
}

/** For a screen: asks for focus while `on` and mounted. */
export function useFocusMode(on: boolean): void {
  useEffect(() => {
    if (!on) return;
    change(1);
    return () => change(-1);
  }, [on]);
}
