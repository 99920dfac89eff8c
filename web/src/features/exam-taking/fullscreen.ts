/**
 * Fullscreen is asked for, never required to proceed: a browser (or an embedded view) that
 * refuses it must not lock a student out of their exam.
 */
export function canFullscreen(): boolean {
  return typeof document !== 'undefined' && !!document.fullscreenEnabled && typeof document.documentElement.requestFullscreen === 'function';
}

export function isFullscreen(): boolean {
  return typeof document !== 'undefined' && !!document.fullscreenElement;
}

/** Must be called from the click handler itself: browsers grant fullscreen only on a user gesture. */
export function enterFullscreen(): void {
  if (!canFullscreen() || isFullscreen()) return;
  try {
    void document.documentElement
      .requestFullscreen()
      // Where the Keyboard Lock API exists (Chromium), a tap on Escape closes a dialog instead of
      // silently leaving fullscreen, which would count against the student; holding it still exits.
      .then(() => (navigator as Navigator & { keyboard?: { lock?: (keys: string[]) => Promise<void> } }).keyboard?.lock?.(['Escape']))
      .catch(() => undefined);
  } catch {
    // Refused synchronously by an older browser: continue without it.
  }
}

export function exitFullscreen(): void {
  if (!isFullscreen()) return;
  try {
    void document.exitFullscreen().catch(() => undefined);
  } catch {
    // Nothing to undo.
  }
}
