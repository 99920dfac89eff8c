import type { ViolationType } from '@exam/shared';
import { fromCallback, type EventObject } from 'xstate';
import type { ExamEvent } from './examTakingMachine';
import type { Proctoring } from './types';

/**
 * The page's events the exam cares about. Always: the tab becoming visible again (time re-sync,
 * since hidden tabs have their timers throttled). With proctoring on, per its settings: what the
 * browser lets us prevent is prevented, and every attempt is reported; the server counts.
 */

/** Alt released this recently before the window lost focus reads as Alt+Tab (which no page can block). */
const ALT_TAB_WINDOW_MS = 1500;

export function isBlockedKey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): boolean {
  const key = e.key.toLowerCase();
  if (key === 'f12') return true;
  const mod = e.ctrlKey || e.metaKey;
  // Ctrl+Shift+I (Cmd+Option+I on a Mac): developer tools. Ctrl+U (Cmd+Option+U): view source.
  if (mod && (e.shiftKey || e.altKey) && key === 'i') return true;
  if (mod && key === 'u') return true;
  return false;
}

export const pageEvents = fromCallback<EventObject, { proctoring: Proctoring }>(({ input, sendBack: send }) => {
  const sendBack = (event: ExamEvent) => send(event);
  const p = input.proctoring;
  const report = (violationType: ViolationType) => sendBack({ type: 'violation.reported', violationType, at: Date.now() });
  // Leaving or reloading the page also hides it and drops fullscreen: that is not a violation.
  let unloading = false;
  let wasFullscreen = !!document.fullscreenElement;
  let altDownAt = 0;
  let stayTimer: ReturnType<typeof setTimeout> | undefined;

  const onPageHide = () => {
    unloading = true;
  };
  // The exam asks before the page is left; a student who answers "stay" is still here when the
  // page's timers run again, and from then on leaving the tab counts as it always does.
  const onBeforeUnload = () => {
    unloading = true;
    clearTimeout(stayTimer);
    stayTimer = setTimeout(() => {
      unloading = false;
    }, 0);
  };
  const onPageShow = () => {
    unloading = false;
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') sendBack({ type: 'page.visible' });
    else if (!unloading && p.enabled && p.preventTabSwitching) report('tab-switch');
  };
  const onFullscreen = () => {
    const now = !!document.fullscreenElement;
    if (wasFullscreen && !now && !unloading && p.enabled && p.requireFullscreen) report('fullscreen-exit');
    wasFullscreen = now;
  };
  const onClipboard = (e: ClipboardEvent) => {
    e.preventDefault();
    report(e.type === 'paste' ? 'paste' : 'copy');
  };
  const onContextMenu = (e: MouseEvent) => {
    e.preventDefault();
    report('right-click');
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Alt') altDownAt = Date.now();
    if (isBlockedKey(e)) {
      e.preventDefault();
      report('blocked-key');
    }
  };
  const onBlur = () => {
    if (!unloading && Date.now() - altDownAt < ALT_TAB_WINDOW_MS) report('blocked-key');
  };

  const listeners: [EventTarget, string, EventListener][] = [
    [window, 'pagehide', onPageHide],
    [window, 'beforeunload', onBeforeUnload],
    [window, 'pageshow', onPageShow],
    [document, 'visibilitychange', onVisibility],
  ];
  if (p.enabled) {
    listeners.push([document, 'fullscreenchange', onFullscreen], [document, 'keydown', onKeyDown as EventListener], [window, 'blur', onBlur]);
    if (p.preventCopyPaste) {
      for (const type of ['copy', 'cut', 'paste']) listeners.push([document, type, onClipboard as EventListener]);
    }
    if (p.disableRightClick) listeners.push([document, 'contextmenu', onContextMenu as EventListener]);
  }
  for (const [target, type, fn] of listeners) target.addEventListener(type, fn);
  return () => {
    clearTimeout(stayTimer);
    for (const [target, type, fn] of listeners) target.removeEventListener(type, fn);
  };
});

export const ticker = fromCallback<EventObject>(({ sendBack: send }) => {
  const sendBack = (event: ExamEvent) => send(event);
  const tick = () => sendBack({ type: 'timer.tick', now: Date.now() });
  tick();
  const id = setInterval(tick, 500);
  return () => clearInterval(id);
});
