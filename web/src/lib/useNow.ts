import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs`: time statuses and countdown texts are derived
 * from the clock, so a screen left open must move from UPCOMING to ONGOING by itself.
 */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
