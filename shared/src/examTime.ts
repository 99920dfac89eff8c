import { englishFormat, type Translate } from './i18n/translate';
/** Exam time status and its texts, derived from a clock both sides agree on. */
export type ExamTimeStatus = 'upcoming' | 'ongoing' | 'completed' | 'unknown';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const toMs = (d: string | Date | null | undefined) => (d === null || d === undefined ? Number.NaN : new Date(d).getTime());

/** Upcoming before the start, ongoing from the start until the end, completed from the end on. */
export function examTimeStatus(start: string | Date | null | undefined, end: string | Date | null | undefined, now: number = Date.now()): ExamTimeStatus {
  const s = toMs(start);
  const e = toMs(end);
  if (Number.isNaN(s) || Number.isNaN(e)) return 'unknown';
  if (now < s) return 'upcoming';
  if (now < e) return 'ongoing';
  return 'completed';
}

/**
 * A stretch of time in words, as long countdowns read: '30 days' (a week or more, whole days),
 * '2 days 3 h', '5 h 12 min', '12 min', 'less than a minute'. Never '719h 56m'.
 */
export function durationText(ms: number, t: Translate = englishFormat): string {
  const left = Math.max(0, ms);
  if (left >= 7 * DAY) return t('days', { count: Math.round(left / DAY) });
  if (left >= DAY) {
    const days = Math.floor(left / DAY);
    const hours = Math.floor((left % DAY) / HOUR);
    return hours ? t('daysHours', { days: t('days', { count: days }), hours }) : t('days', { count: days });
  }
  if (left >= HOUR) {
    const hours = Math.floor(left / HOUR);
    const minutes = Math.floor((left % HOUR) / MINUTE);
    return minutes ? t('hoursMinutes', { hours, minutes }) : t('hours', { hours });
  }
  if (left >= MINUTE) return t('minutes', { minutes: Math.floor(left / MINUTE) });
  return t('lessThanMinute');
}

/** '30 days left', '2 days 3 h left', '12 min left'. */
export const timeLeftText = (ms: number, t: Translate = englishFormat) => t('timeLeft', { duration: durationText(ms, t) });

/**
 * 'Starts in 2 days 3 h', 'Starting soon' (under an hour), '2 days 3 h left', '12 min left',
 * 'Completed', or 'unknown' for a bad date.
 */
export function countdownText(
  start: string | Date | null | undefined,
  end: string | Date | null | undefined,
  now: number = Date.now(),
  t: Translate = englishFormat,
): string {
  const status = examTimeStatus(start, end, now);
  if (status === 'unknown') return t('unknown');
  if (status === 'completed') return t('completed');
  if (status === 'upcoming') {
    const until = toMs(start) - now;
    return until >= HOUR ? t('startsIn', { duration: durationText(until, t) }) : t('startingSoon');
  }
  // Rounded up to the minute: the last seconds read '1 min left', never 'less than a minute' early.
  return timeLeftText(Math.max(MINUTE, Math.ceil((toMs(end) - now) / MINUTE) * MINUTE), t);
}

/** Durations over 60 minutes read as hours and minutes ('1h 30m'); shorter ones as minutes. */
export function formatDuration(minutes: number, t: Translate = englishFormat): string {
  if (minutes <= 60) return t('shortMinutes', { minutes });
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? t('shortHoursMinutes', { hours: h, minutes: m }) : t('shortHours', { hours: h });
}

/** Admin status label: Active (published and active), Published, Draft. */
export function adminExamStatus(exam: { isPublished: boolean; isActive: boolean }): 'Active' | 'Published' | 'Draft' {
  if (exam.isPublished && exam.isActive) return 'Active';
  if (exam.isPublished) return 'Published';
  return 'Draft';
}

/** Question preview cut at 100 characters. */
export function previewText(text: string, length = 100): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}
