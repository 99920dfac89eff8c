import { useEffect, useRef } from 'react';
import { useAuth } from './useAuth';

/** Calls `onCleared` each time `flag` goes from true to false (never on the first render). */
export function useOnCleared(flag: boolean, onCleared: () => void): void {
  const callback = useRef(onCleared);
  useEffect(() => {
    callback.current = onCleared;
  });
  const was = useRef(flag);
  useEffect(() => {
    if (was.current && !flag) callback.current();
    was.current = flag;
  }, [flag]);
}

/**
 * Calls `onReconnected` each time the session goes from reconnecting back to connected, so a
 * screen that failed to load while the server was down (a restart) loads again by itself.
 */
export function useOnReconnected(onReconnected: () => void): void {
  useOnCleared(useAuth().reconnecting, onReconnected);
}
