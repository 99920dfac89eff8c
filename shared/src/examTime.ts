/** Exam time status and its texts (spec core §4), derived from a clock both sides agree on. */
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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * 'Starts in N days', 'Starts in N hours', 'Starting soon' (under an hour), 'Xh Ym remaining',
 * 'N minutes remaining' (under an hour), 'Completed', or 'unknown' for a bad date.
 */
export function countdownText(start: string | Date | null | undefined, end: string | Date | null | undefined, now: number = Date.now()): string {
  const status = examTimeStatus(start, end, now);
  if (status === 'unknown') return 'unknown';
  if (status === 'completed') return 'Completed';
  if (status === 'upcoming') {
    const until = toMs(start) - now;
    if (until >= DAY) return `Starts in ${plural(Math.floor(until / DAY), 'day')}`;
    if (until >= HOUR) return `Starts in ${plural(Math.floor(until / HOUR), 'hour')}`;
    return 'Starting soon';
  }
  const left = toMs(end) - now;
  if (left >= HOUR) return `${Math.floor(left / HOUR)}h ${Math.floor((left % HOUR) / MINUTE)}m remaining`;
  return `${plural(Math.max(1, Math.ceil(left / MINUTE)), 'minute')} remaining`;
}

/** Durations over 60 minutes read as hours and minutes ('1h 30m'); shorter ones as minutes. */
export function formatDuration(minutes: number): string {
  if (minutes <= 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h}h ${m}m` : `${h}h`;
}

/** Admin status label (spec core §4): Active (published and active), Published, Draft. */
export function adminExamStatus(exam: { isPublished: boolean; isActive: boolean }): 'Active' | 'Published' | 'Draft' {
  if (exam.isPublished && exam.isActive) return 'Active';
  if (exam.isPublished) return 'Published';
  return 'Draft';
}

/** Question preview cut at 100 characters. */
export function previewText(text: string, length = 100): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}
