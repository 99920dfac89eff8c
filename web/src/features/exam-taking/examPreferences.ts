import { useEffect, useEffectEvent } from 'react';

/** The exam screen's keyboard shortcuts (settings: enableKeyboardShortcuts), listed in its help popover. */
export const EXAM_SHORTCUTS = [
  { key: 'N', action: 'next' as const, labelKey: 'screen.shortcutNext' },
  { key: 'P', action: 'previous' as const, labelKey: 'screen.shortcutPrevious' },
  { key: 'M', action: 'mark' as const, labelKey: 'screen.shortcutMark' },
];
export type ShortcutAction = (typeof EXAM_SHORTCUTS)[number]['action'];

/** Typing an answer must never trigger a shortcut; nor choosing in a list, where a letter jumps to its answers. */
function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.tagName !== 'string') return false;
  return el.isContentEditable || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || (el.tagName === 'INPUT' && !['radio', 'checkbox', 'button'].includes((el as HTMLInputElement).type));
}

/** The action a key press asks for, or null (modifier keys are left to the browser and the proctoring rules). */
export function shortcutFor(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>): ShortcutAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return null;
  return EXAM_SHORTCUTS.find((s) => s.key === e.key.toUpperCase())?.action ?? null;
}

export function useExamShortcuts(enabled: boolean, run: (action: ShortcutAction) => void): void {
  const runLatest = useEffectEvent(run);
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      const action = shortcutFor(e);
      if (!action) return;
      e.preventDefault();
      runLatest(action);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}

/** The minutes left at which playSound gives a short tone. */
export const SOUND_AT_MS = [5 * 60_000, 60_000];
/** The timer is always shown in the last five minutes, whatever showTimer says. */
export const ALWAYS_SHOW_TIMER_MS = 5 * 60_000;

/** Whether the countdown is hidden: only by the student's choice, and never in the last five minutes. */
export const timerHidden = (showTimer: boolean, leftMs: number): boolean => !showTimer && leftMs > ALWAYS_SHOW_TIMER_MS;

/** The thresholds crossed going from `before` to `now` milliseconds left. */
export function crossedThresholds(before: number | null, now: number): number[] {
  if (before === null) return [];
  return SOUND_AT_MS.filter((t) => before > t && now <= t && now > 0);
}

/** A short beep with WebAudio: no sound file to load, and nothing when audio is unavailable. */
export function beep(): void {
  try {
    const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.4);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.4);
    osc.onended = () => void ctx.close();
  } catch {
    // No audio output: the timer's colours and texts still warn.
  }
}
