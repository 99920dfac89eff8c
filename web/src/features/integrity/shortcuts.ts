import { useEffect, useEffectEvent } from 'react';

const TEXT_INPUTS = new Set(['text', 'search', 'email', 'number', 'password', 'url', 'tel', 'date', 'datetime-local', 'time']);

/** Whether a key press is someone typing: a text field, a select or editable text has the focus. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') return true;
  return target.tagName === 'INPUT' && TEXT_INPUTS.has((target as HTMLInputElement).type || 'text');
}

/**
 * Single-key shortcuts on the whole page while `enabled`: never while typing, never with Ctrl,
 * Alt or Meta (the browser's and the screen reader's own keys), and never from inside a dialog
 * (the dialog has the reader's attention). The handlers may change every render.
 */
export function useShortcuts(keys: Record<string, () => void>, enabled = true): void {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey || isTyping(event.target)) return;
    if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return;
    const run = keys[event.key];
    if (!run) return;
    event.preventDefault();
    run();
  });
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => onKey(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [enabled]);
}
