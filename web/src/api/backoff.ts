/**
 * Retrying while the server is unreachable: 1 s, 2 s, 4 s, 8 s, then every 15 s, and at once
 * when the browser says it is back online (a Wi-Fi that reconnects).
 */

export const RETRY_CAP_MS = 15_000;

/** The pause before retry number `failures` (0-based). */
export function backoffDelay(failures: number): number {
  return Math.min(1000 * 2 ** failures, RETRY_CAP_MS);
}

/**
 * Runs `attempt` after growing pauses until it resolves true (done) or the returned stop function
 * is called. Never runs two attempts at once; a rejected attempt counts as not done.
 */
export function retryWithBackoff(attempt: () => Promise<boolean>, delay: (failures: number) => number = backoffDelay): () => void {
  let failures = 0;
  let stopped = false;
  let running = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const run = async () => {
    if (stopped || running) return;
    clearTimeout(timer);
    running = true;
    const done = await attempt().catch(() => false);
    running = false;
    if (stopped || done) return;
    timer = setTimeout(() => void run(), delay(failures++));
  };
  const onOnline = () => {
    failures = 0;
    void run();
  };

  window.addEventListener('online', onOnline);
  timer = setTimeout(() => void run(), delay(failures++));
  return () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('online', onOnline);
  };
}
