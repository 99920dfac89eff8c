import { useCallback, useEffect, useRef, useState } from 'react';

export const DRAFT_DEBOUNCE_MS = 800;

/**
 * Typed text held locally and committed after a pause, on blur, when the field goes away
 * (navigation, time up) and when the page is hidden or closed, so a save is not sent per
 * keystroke and no typing is left behind.
 * While the field has focus, answers arriving from the server do not overwrite what is typed.
 */
export function useDraft(committed: string | null, commit: (value: string) => void) {
  const [draft, setDraftState] = useState(committed ?? '');
  const draftRef = useRef(draft);
  const committedRef = useRef(committed ?? '');
  const focused = useRef(false);
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });

  const flush = useCallback(() => {
    if (draftRef.current !== committedRef.current) {
      committedRef.current = draftRef.current;
      commitRef.current(draftRef.current);
    }
  }, []);

  const setDraft = useCallback((value: string) => {
    draftRef.current = value;
    setDraftState(value);
  }, []);

  useEffect(() => {
    const next = committed ?? '';
    committedRef.current = next;
    if (!focused.current && next !== draftRef.current) setDraft(next);
  }, [committed, setDraft]);

  useEffect(() => {
    const id = setTimeout(flush, DRAFT_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [draft, flush]);

  // Leaving the question (or the exam) sends what was typed.
  useEffect(() => flush, [flush]);

  // So does the page going away or out of sight (tab closed, reloaded, switched away): the pause
  // in typing may never come.
  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [flush]);

  const onFocus = useCallback(() => {
    focused.current = true;
  }, []);
  const onBlur = useCallback(() => {
    focused.current = false;
    flush();
  }, [flush]);

  return { draft, setDraft, flush, onFocus, onBlur };
}
