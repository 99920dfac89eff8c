import { breakLeftMs, onBreak, pausedMs, violationLimits, type ProctorRow, type SubmitReason, type ViolationLimits } from '@exam/shared';
import { i18n } from '../../i18n';
import { timeLeftText as formatTimeLeft } from '../../i18n/format';
import { formatTime } from '../../lib/dateFormat';
import { accommodationDetails, badgeText, givesAnything } from '../accommodations/summary';

/**
 * What the board shows for one student, derived from the server's row, our clock and the server
 * clock offset. Pure, so the rules are tested without a socket and a row re-renders only when
 * one of these texts changes.
 */

export type StatusKey = 'not-started' | 'online' | 'offline' | 'submitted';

export type AttentionReason = 'offline' | 'violations' | 'near-auto-submit';

/** Where a sitting student stands with their rest breaks, as the board marks it. */
export type BreakMark = 'none' | 'requested' | 'on-break';

/**
 * The board's texts, in the language on screen when called (never at load time). 300 rows are
 * derived every second, so each distinct text is looked up once per language and then reused.
 */
const texts = new Map<string, string>();
let textsLanguage = '';
function cached(id: string, make: () => string): string {
  if (i18n.language !== textsLanguage || texts.size > 5000) {
    texts.clear();
    textsLanguage = i18n.language;
  }
  let text = texts.get(id);
  if (text === undefined) {
    text = make();
    texts.set(id, text);
  }
  return text;
}
const t = (key: string, values?: Record<string, unknown>) => cached(values ? `${key}|${JSON.stringify(values)}` : key, () => i18n.t(`proctor:${key}`, values));

const ATTENTION_KEY: Record<AttentionReason, string> = {
  offline: 'offline',
  violations: 'violations',
  'near-auto-submit': 'nearAutoSubmit',
};

/** Why a row needs attention, in words. */
export const attentionText = (reason: AttentionReason) => t(`row.attention.${ATTENTION_KEY[reason]}`);

/** A submit reason as a catalogue key ('time-expired' → 'timeExpired'). */
export const submitReasonKey = (reason: SubmitReason | string) => reason.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

const MINUTE = 60_000;

export function statusKey(row: ProctorRow): StatusKey {
  if (row.status === 'not-started') return 'not-started';
  if (row.status === 'in_progress') return row.online ? 'online' : 'offline';
  return 'submitted';
}

/** 'offline for 3 min' from when the student was last seen; under a minute reads as such. */
export function offlineForText(lastSeenAt: string | null, serverNow: number): string {
  if (!lastSeenAt) return t('row.offline');
  const since = serverNow - Date.parse(lastSeenAt);
  if (Number.isNaN(since)) return t('row.offline');
  if (since < MINUTE) return t('row.offlineUnderMinute');
  const minutes = Math.floor(since / MINUTE);
  if (minutes < 60) return t('row.offlineMinutes', { minutes });
  return t('row.offlineHours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

export function statusText(row: ProctorRow, serverNow: number): string {
  switch (statusKey(row)) {
    case 'not-started':
      return t('row.notStarted');
    case 'online':
      return t('row.online');
    case 'offline':
      return t('row.offlineStatus', { offline: offlineForText(row.lastSeenAt, serverNow) });
    case 'submitted':
      return row.submitReason ? t(`row.submittedBy.${submitReasonKey(row.submitReason)}`) : t('row.submitted');
  }
}

/**
 * The exam time the student has left. On a break their clock is stopped: the server moved the
 * deadline by the break's whole length, so what is left of the exam is the deadline minus the
 * break's end, and it holds still until they come back.
 */
export function timeLeftMs(row: ProctorRow, serverNow: number): number | null {
  if (row.status !== 'in_progress' || !row.deadlineAt) return null;
  const deadline = Date.parse(row.deadlineAt);
  if (Number.isNaN(deadline)) return null;
  const breakEnds = onBreak(row.break, serverNow) && row.break?.endsAt ? Date.parse(row.break.endsAt) : NaN;
  return Math.max(0, deadline - (Number.isNaN(breakEnds) ? serverNow : breakEnds));
}

/**
 * Minutes while there are several left (the text then changes once a minute, so 300 rows do not
 * re-render every second), in the shared duration words ('1 h 5 min left', '2 days 3 h left');
 * seconds in the last two minutes, when they matter.
 */
export function timeLeftText(ms: number | null): string {
  if (ms === null) return '—';
  if (ms <= 0) return t('row.timeUp');
  if (ms < 2 * MINUTE) return t('row.secondsLeft', { seconds: Math.ceil(ms / 1000) });
  // From two minutes on, the words depend on the whole minutes only (under a week).
  return ms < 7 * 24 * 60 * MINUTE ? cached(`timeLeft|${Math.floor(ms / MINUTE)}`, () => formatTimeLeft(ms)) : formatTimeLeft(ms);
}

export function totalViolations(row: ProctorRow): number {
  return row.violations.tabSwitches + row.violations.fullscreenExits + row.violations.other;
}

/** The allowances of exams that name none of their own. */
const STANDARD_LIMITS = violationLimits();

/** One more tab switch or fullscreen exit would submit the attempt automatically (on the exam's own allowances). */
export function nearAutoSubmit(row: ProctorRow, limits: ViolationLimits = STANDARD_LIMITS): boolean {
  return row.violations.tabSwitches >= limits.tabSwitches || row.violations.fullscreenExits >= limits.fullscreenExits;
}

/** Why a row needs the proctor's eye; only attempts still running can be helped. */
export function attentionReasons(row: ProctorRow, limits: ViolationLimits = STANDARD_LIMITS): AttentionReason[] {
  if (row.status !== 'in_progress') return totalViolations(row) > 0 && row.submitReason === 'violations' ? ['violations'] : [];
  const reasons: AttentionReason[] = [];
  if (!row.online) reasons.push('offline');
  if (totalViolations(row) > 0) reasons.push('violations');
  if (nearAutoSubmit(row, limits)) reasons.push('near-auto-submit');
  return reasons;
}

/** A request waits for a proctor, or a break is under way; only while the attempt runs (a break past its end is over). */
export function breakMark(row: ProctorRow, serverNow: number): BreakMark {
  const b = row.break;
  if (!b || row.status !== 'in_progress') return 'none';
  if (b.state === 'requested') return 'requested';
  return onBreak(b, serverNow) ? 'on-break' : 'none';
}

/** 'Paused 12 min' once any break time was taken; by the minute, so a break re-renders its row once a minute. */
export function pausedText(row: ProctorRow, serverNow: number): string {
  const ms = row.break ? pausedMs(row.break, serverNow) : 0;
  if (ms <= 0) return '';
  return ms < MINUTE ? t('row.break.pausedUnderMinute') : t('row.break.paused', { minutes: Math.floor(ms / MINUTE) });
}

/** The accommodation's tooltip adds what is left of the break time once some was taken. */
function breakLeftText(row: ProctorRow, serverNow: number): string {
  const b = row.break;
  if (!b || b.allowanceMs <= 0) return '';
  const taken = b.usedMs > 0 || breakMark(row, serverNow) === 'on-break';
  if (!taken) return '';
  return t('row.break.allowanceLeft', { minutes: Math.floor(breakLeftMs(b, serverNow) / MINUTE) });
}

/** Reinstating undoes an automatic submission for violations, only while its time has not run out. */
export function canReinstate(row: ProctorRow, serverNow: number): boolean {
  if (row.status === 'in_progress' || row.status === 'not-started' || row.submitReason !== 'violations' || !row.deadlineAt) return false;
  return Date.parse(row.deadlineAt) > serverNow;
}

export const studentName = (row: Pick<ProctorRow, 'student'>) => `${row.student.firstName} ${row.student.lastName}`.trim();

const clockTime = (iso: string | null) => (iso ? formatTime(iso, { seconds: true }) || null : null);

/** 'Just now', 'N min ago', 'N h ago' for the last activity column. */
export function agoText(iso: string | null, serverNow: number): string {
  if (!iso) return '—';
  const since = serverNow - Date.parse(iso);
  if (Number.isNaN(since)) return '—';
  if (since < MINUTE) return t('row.justNow');
  const minutes = Math.floor(since / MINUTE);
  return minutes < 60 ? t('row.minutesAgo', { minutes }) : t('row.hoursAgo', { hours: Math.floor(minutes / 60) });
}

export function lastActivityAt(row: ProctorRow): string | null {
  const times = [row.lastEventAt, row.lastSaveAt].filter((t): t is string => !!t);
  if (!times.length) return null;
  return times.reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b));
}

export function saveHealthText(row: ProctorRow): string {
  if (row.status !== 'in_progress') return '—';
  if (row.pendingSaves === null) return t('row.saveUnknown');
  if (row.pendingSaves === 0) return t('row.allSaved');
  return t('row.waiting', { count: row.pendingSaves });
}

/** Flat, comparable texts of one row: memoised rows compare these, not the server object. */
export interface RowView {
  key: string;
  attemptId: string | null;
  name: string;
  avatar: string | null;
  status: StatusKey;
  statusText: string;
  progressText: string;
  timeLeftText: string;
  saveText: string;
  lastSaveText: string;
  tabSwitches: number;
  fullscreenExits: number;
  otherViolations: number;
  /** Flags raised by the checks on the device: shown, never counted toward the limits. */
  flags: number;
  /** 'Waived: face, voice', or '' when nothing is waived for the student. */
  waivedText: string;
  lastActivityText: string;
  attention: AttentionReason[];
  canReinstate: boolean;
  inProgress: boolean;
  /** The tile view's short forms: '3/10', '12m', and the save health as a colour key. */
  progressShort: string;
  timeLeftShort: string;
  saveHealth: 'saved' | 'waiting' | 'unknown' | 'none';
  /** Sat in Safe Exam Browser (docs/seb.md): shown as a badge. */
  inSeb: boolean;
  /** '1.5× time' or 'Accommodations', '' without one; and what applies, for its tooltip. */
  accommodationText: string;
  accommodationDetails: string;
  /** Rest breaks: a request to answer, or a break under way (its countdown ticks in its own cell). */
  breakMark: BreakMark;
  /** When the break under way ends by itself, by the server clock (ms); null when none is. */
  breakEndsAt: number | null;
  /** 'Paused 12 min', '' when no break time was taken. */
  pausedText: string;
}

/** '12m', '1h 5m', '45s', '0s': the tile view has room for a few characters. */
export function timeLeftShort(ms: number | null): string {
  if (ms === null) return '—';
  if (ms <= 0) return t('row.short.seconds', { seconds: 0 });
  if (ms < 2 * MINUTE) return t('row.short.seconds', { seconds: Math.ceil(ms / 1000) });
  const minutes = Math.floor(ms / MINUTE);
  return minutes < 60 ? t('row.short.minutes', { minutes }) : t('row.short.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

function saveHealth(row: ProctorRow): RowView['saveHealth'] {
  if (row.status !== 'in_progress') return 'none';
  if (row.pendingSaves === null) return 'unknown';
  return row.pendingSaves === 0 ? 'saved' : 'waiting';
}

/** The row's badge for the checks waived for a student. */
export const waivedText = (checks: readonly string[]) => (checks.length ? t('row.waived', { checks: checks.map((c) => t(`checks.${c}`)).join(', ') }) : '');

export function rowView(row: ProctorRow, serverNow: number, limits: ViolationLimits = STANDARD_LIMITS, waived: readonly string[] = []): RowView {
  const mark = breakMark(row, serverNow);
  return {
    key: row.student._id,
    attemptId: row.attemptId,
    name: studentName(row),
    avatar: row.student.avatar ?? null,
    status: statusKey(row),
    statusText: statusText(row, serverNow),
    progressText: row.status === 'not-started' ? '—' : t('row.progress', { answered: row.answered, total: row.total }),
    timeLeftText: timeLeftText(timeLeftMs(row, serverNow)),
    saveText: saveHealthText(row),
    lastSaveText: clockTime(row.lastSaveAt) ?? '—',
    tabSwitches: row.violations.tabSwitches,
    fullscreenExits: row.violations.fullscreenExits,
    otherViolations: row.violations.other,
    flags: row.violations.flags ?? 0,
    waivedText: waivedText(waived),
    lastActivityText: agoText(lastActivityAt(row), serverNow),
    attention: attentionReasons(row, limits),
    canReinstate: canReinstate(row, serverNow),
    inProgress: row.status === 'in_progress',
    progressShort: row.status === 'not-started' ? '—' : `${row.answered}/${row.total}`,
    timeLeftShort: timeLeftShort(timeLeftMs(row, serverNow)),
    saveHealth: saveHealth(row),
    inSeb: !!row.inSeb,
    accommodationText: givesAnything(row.accommodation) ? badgeText(row.accommodation) : '',
    accommodationDetails: givesAnything(row.accommodation) ? [accommodationDetails(row.accommodation), breakLeftText(row, serverNow)].filter(Boolean).join(', ') : '',
    breakMark: mark,
    breakEndsAt: mark === 'on-break' && row.break?.endsAt ? Date.parse(row.break.endsAt) : null,
    pausedText: pausedText(row, serverNow),
  };
}

export function sameView(a: RowView, b: RowView): boolean {
  for (const k of Object.keys(a) as (keyof RowView)[]) {
    if (k === 'attention') {
      if (a.attention.join() !== b.attention.join()) return false;
    } else if (a[k] !== b[k]) return false;
  }
  return true;
}

export type StatusFilter = 'all' | StatusKey;
export type SortKey = 'attention' | 'name' | 'status' | 'progress' | 'timeLeft' | 'violations' | 'activity';

export interface BoardFilter {
  status: StatusFilter;
  attentionOnly: boolean;
  /** Only the students asking for a break, so a proctor of hundreds answers them. */
  breakRequestsOnly: boolean;
  search: string;
  sort: SortKey;
}

export const DEFAULT_FILTER: BoardFilter = { status: 'all', attentionOnly: false, breakRequestsOnly: false, search: '', sort: 'attention' };

const STATUS_ORDER: Record<StatusKey, number> = { offline: 0, online: 1, 'not-started': 2, submitted: 3 };

const byName = (a: ProctorRow, b: ProctorRow) =>
  a.student.lastName.localeCompare(b.student.lastName) || a.student.firstName.localeCompare(b.student.firstName);

/** How many students ask for a break now (the filter chip's count). */
export const breakRequestCount = (rows: ProctorRow[], serverNow: number) => rows.reduce((n, r) => n + (breakMark(r, serverNow) === 'requested' ? 1 : 0), 0);

/** The rows the board lists, in order: filters first (cheap), then one sort. */
export function selectRows(rows: ProctorRow[], filter: BoardFilter, serverNow: number, limits: ViolationLimits = STANDARD_LIMITS): ProctorRow[] {
  const search = filter.search.trim().toLowerCase();
  const shown = rows.filter((r) => {
    if (filter.status !== 'all' && statusKey(r) !== filter.status) return false;
    if (filter.attentionOnly && attentionReasons(r, limits).length === 0) return false;
    if (filter.breakRequestsOnly && breakMark(r, serverNow) !== 'requested') return false;
    return !search || studentName(r).toLowerCase().includes(search);
  });
  const asksForBreak = (r: ProctorRow) => (breakMark(r, serverNow) === 'requested' ? 1 : 0);
  const compare: Record<SortKey, (a: ProctorRow, b: ProctorRow) => number> = {
    // A request for a break waits for an answer: it comes before everything else.
    attention: (a, b) => asksForBreak(b) - asksForBreak(a) || attentionReasons(b, limits).length - attentionReasons(a, limits).length || STATUS_ORDER[statusKey(a)] - STATUS_ORDER[statusKey(b)] || byName(a, b),
    name: byName,
    status: (a, b) => STATUS_ORDER[statusKey(a)] - STATUS_ORDER[statusKey(b)] || byName(a, b),
    progress: (a, b) => (a.total ? a.answered / a.total : -1) - (b.total ? b.answered / b.total : -1) || byName(a, b),
    timeLeft: (a, b) => (timeLeftMs(a, serverNow) ?? Infinity) - (timeLeftMs(b, serverNow) ?? Infinity) || byName(a, b),
    violations: (a, b) => totalViolations(b) - totalViolations(a) || byName(a, b),
    activity: (a, b) => Date.parse(lastActivityAt(b) ?? '0') - Date.parse(lastActivityAt(a) ?? '0') || byName(a, b),
  };
  return shown.sort(compare[filter.sort]);
}
