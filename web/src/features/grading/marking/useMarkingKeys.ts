import { useEffect, useRef } from 'react';

export interface MarkingKeyActions {
  next: () => void;
  previous: () => void;
  focusMarks: () => void;
  focusComment: () => void;
  chooseLevel: (n: number) => void;
  save: () => void;
  openBank: () => void;
  openHelp: () => void;
}

const NOT_TYPED = new Set(['radio', 'checkbox', 'button', 'submit', 'reset']);

/** Where a letter typed belongs to the text, not to the page. */
function isTextField(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  return el instanceof HTMLInputElement && !NOT_TYPED.has(el.type);
}

/**
 * The marking page's keys. Letters and digits act only outside text fields, so a teacher typing
 * feedback never jumps answers; Ctrl/Cmd+Enter saves from anywhere. A dialog keeps its own keys.
 */
export function useMarkingKeys(actions: MarkingKeyActions) {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest('[role="dialog"]')) return;
      const act = latest.current;
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        act.save();
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey || isTextField(target)) return;
      // Arrows move between a criterion's levels natively; only elsewhere do they change answers.
      const onRadio = target instanceof HTMLInputElement && target.type === 'radio';
      const run = (f: () => void) => {
        e.preventDefault();
        f();
      };
      if (e.key === 'j' || (e.key === 'ArrowRight' && !onRadio)) run(act.next);
      else if (e.key === 'k' || (e.key === 'ArrowLeft' && !onRadio)) run(act.previous);
      else if (e.key === 'm') run(act.focusMarks);
      else if (e.key === 'c') run(act.focusComment);
      else if (e.key === '\\') run(act.openBank);
      else if (e.key === '?') run(act.openHelp);
      else if (/^[1-9]$/.test(e.key)) run(() => act.chooseLevel(Number(e.key)));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
