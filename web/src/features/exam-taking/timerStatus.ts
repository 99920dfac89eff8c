import { i18n } from '../../i18n';
import { timeLeftText } from '../../i18n/format';

/**
 * The countdown's levels (amber at 25 % or less of the time left, red at 10 % or
 * less). Colour is never the only signal: each level has its own words too.
 */
export type TimerLevel = 'normal' | 'low' | 'critical' | 'expired';

export const LOW_SHARE = 0.25;
export const CRITICAL_SHARE = 0.1;
const MINUTE = 60_000;

export function timerLevel(leftMs: number, totalMs: number): TimerLevel {
  if (leftMs <= 0) return 'expired';
  if (totalMs > 0 && leftMs <= totalMs * CRITICAL_SHARE) return 'critical';
  if (totalMs > 0 && leftMs <= totalMs * LOW_SHARE) return 'low';
  return 'normal';
}

/** '12:04', '1:02:09': whole seconds, rounded up so the display reaches 0:00 only at the deadline. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * Hues without a shade: Mantine reads them as the theme's text colour of that hue, which App's
 * resolver darkens in the light scheme and Mantine lightens (shade 4) in the dark one, so the
 * words keep 4.5:1 on either background; a fixed shade 8 fell to about 3:1 on white.
 */
export const TIMER_COLORS: Record<TimerLevel, string> = {
  normal: 'green',
  low: 'orange',
  critical: 'red',
  expired: 'red',
};

/** Each level's words (examTaking:timer.*), read when shown. */
export const TIMER_HINT_KEYS: Record<TimerLevel, 'low' | 'critical' | 'expired' | null> = {
  normal: null,
  low: 'low',
  critical: 'critical',
  expired: 'expired',
};

const t = (key: string, values?: Record<string, unknown>): string => i18n.t(key, { ns: 'examTaking', ...values });

export function timerHint(level: TimerLevel): string | null {
  const key = TIMER_HINT_KEYS[level];
  return key ? t(`timer.${key}`) : null;
}

export interface TimerView {
  level: TimerLevel;
  /** '12:04 left', or 'Time expired'. */
  text: string;
  /** The level in words, or null while there is plenty of time. */
  hint: string | null;
  color: string;
}

/** From a day left on, the clock reads in words ('2 days 3 h left'), never '51:00:00 left'. */
const CLOCK_LIMIT_MS = 24 * 60 * MINUTE;

export function timerView(leftMs: number, totalMs: number): TimerView {
  const level = timerLevel(leftMs, totalMs);
  return {
    level,
    text: level === 'expired' ? t('timer.expired') : leftMs >= CLOCK_LIMIT_MS ? timeLeftText(leftMs) : t('timer.clockLeft', { clock: formatClock(leftMs) }),
    hint: level === 'expired' ? null : timerHint(level),
    color: TIMER_COLORS[level],
  };
}

/** The minutes left a screen reader is told about, most urgent first. */
export const ANNOUNCE_AT: readonly { ms: number; minutes: number }[] = [
  { ms: MINUTE, minutes: 1 },
  { ms: 5 * MINUTE, minutes: 5 },
  { ms: 10 * MINUTE, minutes: 10 },
];

/**
 * What a screen reader hears when the countdown crosses 10, 5 or 1 minute left, or reaches zero:
 * only on the crossing, never every second. With several crossed at once (a hidden tab catching
 * up), the most urgent wins. The amber and red levels stay visible words on the timer.
 */
export function timerAnnouncement(previousLeftMs: number | null, leftMs: number): string | null {
  if (previousLeftMs === null || leftMs >= previousLeftMs) return null;
  const crossed = (threshold: number) => previousLeftMs > threshold && leftMs <= threshold;
  if (crossed(0)) return t('timer.announceExpired');
  const mark = ANNOUNCE_AT.find((a) => crossed(a.ms));
  return mark ? t('timer.announceMinutes', { count: mark.minutes }) : null;
}
