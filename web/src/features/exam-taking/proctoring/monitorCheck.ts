import { MIN_FLAG_DURATION_MS } from '@exam/shared';
import type { RuleFlag } from './faceRules';

/** What the check reads: `window.screen` (with `isExtended` where the browser has it). */
export interface ScreenLike extends EventTarget {
  isExtended?: boolean;
}
interface ScreenDetailsLike extends EventTarget {
  screens: readonly unknown[];
}
export interface MonitorDeps {
  screen: ScreenLike;
  /** The Window Management API's details, only when the student already granted it: the exam never prompts. */
  screenDetails?: () => Promise<ScreenDetailsLike | null>;
  now?: () => number;
}

/**
 * Flags a second monitor: `screen.isExtended`, and the Window Management API's screen count
 * where permission was already given. A monitor attached for less than 3 s is not flagged (a
 * projector that flickers on); one flag per time it is attached. Returns the function that stops.
 */
export function watchSecondMonitor(onFlag: (flag: RuleFlag) => void, deps: MonitorDeps = browserMonitorDeps()): () => void {
  const now = deps.now ?? (() => performance.now());
  let extendedSince: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let details: ScreenDetailsLike | null = null;
  let stopped = false;

  const isExtended = () => deps.screen.isExtended === true || (details?.screens.length ?? 0) > 1;
  const check = () => {
    if (stopped) return;
    if (!isExtended()) {
      extendedSince = null;
      clearTimeout(timer);
      timer = undefined;
      return;
    }
    if (extendedSince !== null) return;
    const since = now();
    extendedSince = since;
    timer = setTimeout(() => {
      if (stopped || extendedSince !== since || !isExtended()) return;
      onFlag({ type: 'second-monitor', confidence: 1, durationMs: Math.max(MIN_FLAG_DURATION_MS, Math.round(now() - since)) });
    }, MIN_FLAG_DURATION_MS);
  };

  deps.screen.addEventListener('change', check);
  void deps
    .screenDetails?.()
    .then((d) => {
      if (stopped || !d) return;
      details = d;
      d.addEventListener('screenschange', check);
      check();
    })
    .catch(() => undefined);
  check();

  return () => {
    stopped = true;
    clearTimeout(timer);
    deps.screen.removeEventListener('change', check);
    details?.removeEventListener('screenschange', check);
  };
}

type WindowManagement = { getScreenDetails?: () => Promise<ScreenDetailsLike> };

function browserMonitorDeps(): MonitorDeps {
  return {
    screen: window.screen as unknown as ScreenLike,
    async screenDetails() {
      const w = window as unknown as WindowManagement;
      if (!w.getScreenDetails || !navigator.permissions) return null;
      // Asking would show a prompt in the middle of the exam: only a permission already given is used.
      const status = await navigator.permissions.query({ name: 'window-management' as PermissionName });
      return status.state === 'granted' ? w.getScreenDetails() : null;
    },
  };
}
