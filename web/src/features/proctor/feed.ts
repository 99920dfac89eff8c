import { FLAG_SEVERITY, OFFLINE_CAUSES, SEVERITIES, SUBMIT_REASONS, VIOLATION_TYPES, WAIVABLE_CHECKS, type Severity, type ViolationType } from '@exam/shared';
import { i18n } from '../../i18n';
import { enumLabel } from '../../i18n/format';
import { titleCase } from '../../lib/format';
import { broadcastIdOf, type FeedItem } from './boardState';
import { submitReasonKey } from './rows';

/** The feed's and the timeline's words for each event type; 'break' stands for all of BREAK_EVENTS (one filter, one label). */
export const EVENT_TYPES = ['joined', 'left', 'network', 'violation', 'submitted', 'message', 'extended', 'reinstated', 'help', 'waiver', 'break'] as const;

/** A rest break's events (issue 56): the label says "Break", the line says what happened. */
export const BREAK_EVENTS = ['break-requested', 'break-cancelled', 'break-refused', 'break-started', 'break-ended'] as const;
const isBreakEvent = (type: string) => (BREAK_EVENTS as readonly string[]).includes(type);

const KNOWN_EVENTS = new Set<string>([...EVENT_TYPES, 'progress']);
const t = (key: string, values?: Record<string, unknown>) => i18n.t(`proctor:feed.${key}`, values);

/** The type an event is filtered and labelled by: every break event is a 'break'. */
export const eventGroup = (type: string) => (isBreakEvent(type) ? 'break' : type);

/** An event type in words; a type this screen does not know yet reads as its own name. */
export const eventLabel = (type: string) => (KNOWN_EVENTS.has(eventGroup(type)) ? t(`events.${eventGroup(type)}`) : titleCase(type));

const isViolationType = (v: string): v is ViolationType => (VIOLATION_TYPES as readonly string[]).includes(v);
const isCheck = (v: unknown): v is (typeof WAIVABLE_CHECKS)[number] => typeof v === 'string' && (WAIVABLE_CHECKS as readonly string[]).includes(v);

/** A violation kind in words (the page's kinds and the device's flags alike), from the shared enum labels. */
export function violationLabel(kind: string): string {
  return isViolationType(kind) ? enumLabel('violationTypes', kind) : kind;
}

/** A check a waiver or a help request names, in words. */
export const checkLabel = (check: string) => (isCheck(check) ? i18n.t(`proctor:checks.${check}`) : check);

/** '12 s', '2 min 5 s', '1 h 3 min': how long a flag lasted or a student was offline. */
export function durationText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return t('duration.seconds', { seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('duration.minutes', { minutes, seconds: seconds % 60 });
  return t('duration.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/** How serious a violation event is: as the server said, else the shared table's word for its kind. */
export function eventSeverity(type: string, detail: Record<string, unknown>): Severity | null {
  if (type !== 'violation') return null;
  const said = detail.severity;
  if (typeof said === 'string' && (SEVERITIES as readonly string[]).includes(said)) return said as Severity;
  const kind = detail.violation;
  return typeof kind === 'string' && isViolationType(kind) ? FLAG_SEVERITY[kind] : null;
}

export const severityLabel = (severity: Severity) => t(`severity.${severity}`);

/**
 * One line saying what happened, from the event's detail (whatever its shape, never throws), and
 * who did it when a proctor did (a shared hall has several: every action names its author).
 */
export function eventDetailText(type: string, detail: Record<string, unknown>): string {
  const byName = typeof detail.byName === 'string' && detail.byName ? i18n.t('staff:board.byName', { name: detail.byName }) : '';
  // "by a proctor" says less than their name.
  if (byName && type === 'submitted' && detail.reason === 'proctor') return byName;
  if (isBreakEvent(type)) return breakText(type, detail);
  return [whatHappened(type, detail), byName].filter(Boolean).join(' · ');
}

function whatHappened(type: string, detail: Record<string, unknown>): string {
  const str = (k: string) => (typeof detail[k] === 'string' ? (detail[k] as string) : undefined);
  const num = (k: string) => (typeof detail[k] === 'number' && Number.isFinite(detail[k]) ? (detail[k] as number) : undefined);
  switch (type) {
    case 'violation': {
      const v = str('violation');
      if (!v) return '';
      const parts = [violationLabel(v)];
      const duration = num('durationMs');
      if (duration !== undefined) parts.push(t('lasted', { duration: durationText(duration) }));
      const confidence = num('confidence');
      if (confidence !== undefined) parts.push(t('confidence', { percent: Math.round(confidence * 100) }));
      return parts.join(' · ');
    }
    case 'network': {
      const offline = num('offlineMs');
      if (offline === undefined) return '';
      const cause = str('cause');
      const why = cause && (OFFLINE_CAUSES as readonly string[]).includes(cause) ? i18n.t(`integrity:timeline.offlineCauses.${cause}`) : '';
      return [t('offlineFor', { duration: durationText(offline) }), why].filter(Boolean).join(' · ');
    }
    case 'help': {
      const check = str('check');
      if (detail.resolved === true) return check ? i18n.t('staff:board.helpResolved', { check: checkLabel(check) }) : '';
      const note = str('note');
      return [check ? checkLabel(check) : '', note ? t('quoted', { text: note }) : ''].filter(Boolean).join(' · ');
    }
    case 'waiver': {
      const check = str('check');
      if (!check) return '';
      const reason = str('reason');
      const what = detail.granted === false ? t('waiverRevoked', { check: checkLabel(check) }) : t('waiverGranted', { check: checkLabel(check) });
      return reason && detail.granted !== false ? `${what} · ${t('quoted', { text: reason })}` : what;
    }
    case 'submitted': {
      const reason = str('reason');
      return reason ? ((SUBMIT_REASONS as readonly string[]).includes(reason) ? t(`submitReasons.${submitReasonKey(reason)}`) : reason) : '';
    }
    case 'message': {
      if (!str('text')) return '';
      const quoted = t('quoted', { text: str('text') });
      const count = num('count');
      return broadcastIdOf(detail) && count !== undefined ? `${quoted} · ${t('toAll', { count })}` : quoted;
    }
    case 'extended':
      return num('minutes') ? t('extraMinutes', { minutes: num('minutes') }) : '';
    case 'reinstated':
      return t('reinstatedDetail');
    default:
      return '';
  }
}

/** 'asked for a break', 'break allowed by Ms X', 'break ended after 6 min · ended by Ms X'. */
function breakText(type: string, detail: Record<string, unknown>): string {
  const by = typeof detail.byName === 'string' && detail.byName ? detail.byName : '';
  // A proctor named only by id (an older stored event) still did it: the student did not.
  const byProctor = !!by || (typeof detail.by === 'string' && !!detail.by);
  const paused = typeof detail.pausedMs === 'number' && Number.isFinite(detail.pausedMs) ? detail.pausedMs : null;
  switch (type) {
    case 'break-requested':
      return t('break.requested');
    case 'break-cancelled':
      return t('break.cancelled');
    case 'break-refused':
      return by ? t('break.refusedBy', { name: by }) : t('break.refused');
    case 'break-started':
      // No one allowed it: the student's breaks are automatic.
      if (by) return t('break.allowedBy', { name: by });
      return byProctor ? t('break.allowed') : t('break.startedAutomatic');
    default: {
      const ended = paused === null ? t('break.ended') : t('break.endedAfter', { duration: breakDuration(paused) });
      if (by) return `${ended} · ${t('break.endedBy', { name: by })}`;
      return byProctor ? `${ended} · ${t('break.endedByProctor')}` : ended;
    }
  }
}

/** A break's length in whole minutes ('6 min'); under a minute in seconds. */
function breakDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return seconds < 60 ? t('duration.seconds', { seconds }) : t('break.minutes', { minutes: Math.round(seconds / 60) });
}

export interface FeedFilter {
  /** A student id, or '' for everyone. */
  studentId: string;
  /** An event type, or '' for every type. */
  type: string;
}

export function filterFeed(items: FeedItem[], filter: FeedFilter): FeedItem[] {
  if (!filter.studentId && !filter.type) return items;
  return items.filter((e) => (!filter.studentId || e.studentId === filter.studentId) && (!filter.type || eventGroup(e.type) === filter.type));
}
