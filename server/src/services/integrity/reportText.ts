import {
  OFFLINE_CAUSES,
  ianaZoneOf,
  formatDate,
  formatTime,
  isValidTimeZone,
  type DateTimePrefs,
  type IntegrityOutcome,
  type IntegrityState,
  type Language,
  type ResultHold,
  type ReviewFlag,
  type SubmitReason,
  type TimelineEntry,
  type TimelineKind,
  type TimezoneSetting,
  type ViolationType,
} from '@exam/shared';
import { translatorFor } from '../../i18n/translator';

/**
 * The words of the integrity reports (issue 53), shared by the PDF and the CSV: every label in the
 * reader's language, every time on the reader's clock. The reports are what a school files, so a
 * detail is said in words ("Back after 2 min 5 s offline"), never as the timeline's raw fields.
 */

/** Who reads a report: their language, the zone their times are written in, and their date and time formats. */
export interface ReportReader {
  language: Language;
  zone: string;
  prefs: Pick<DateTimePrefs, 'dateFormat' | 'timeFormat'>;
}

/**
 * The zone a report's times are written in: the one the reader's browser sent when it is a real
 * IANA zone, else the reader's own setting, else UTC. A wrong `tz` never fails the download.
 */
export function reportZone(asked: string | undefined, preference: TimezoneSetting | undefined): string {
  const tz = asked?.trim();
  if (tz && tz.length <= 64 && isValidTimeZone(tz)) return tz;
  return ianaZoneOf(preference);
}

type Person = TimelineEntry['by'];
type Detail = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

export interface ReportWords {
  readonly language: Language;
  readonly zone: string;
  /** A text of the integrityReport catalogue. */
  t(key: string, values?: Record<string, unknown>): string;
  /** Date and clock time with seconds, in the reader's zone and formats; '—' for none. */
  time(iso: string | null | undefined): string;
  duration(ms: number): string;
  kind(kind: TimelineKind): string;
  violation(kind: ViolationType | string): string;
  state(state: IntegrityState): string;
  outcome(outcome: IntegrityOutcome | null): string;
  hold(hold: ResultHold | null): string;
  status(status: string): string;
  submitReason(reason: SubmitReason | null): string;
  section(section: string | null): string;
  who(by: Person): string;
  /** What a timeline line says beyond its kind, in words; flags by event id name a decision's flag. */
  detail(entry: TimelineEntry, flags: ReadonlyMap<string, ReviewFlag>): string;
}

export function reportWords(reader: ReportReader): ReportWords {
  const tr = translatorFor(reader.language, 'integrityReport');
  const prefs: DateTimePrefs = { timezone: 'UTC', language: reader.language, ...reader.prefs };
  const none = tr('none');
  // A key the catalogue lacks (a kind added later) reads as the raw value, not as the key's path.
  const named = (group: string, value: string | null | undefined): string => {
    if (!value) return none;
    const text = tr(`${group}.${value}`);
    return text === `${group}.${value}` ? value : text;
  };

  const time = (iso: string | null | undefined): string => {
    if (!iso) return none;
    const d = new Date(iso);
    if (Number.isNaN(d.getTime())) return none;
    return `${formatDate(d, prefs, reader.zone)} ${formatTime(d, prefs, { seconds: true, zone: reader.zone })}`;
  };

  const duration = (ms: number): string => {
    const s = Math.max(0, Math.round(ms / 1000));
    if (s < 60) return tr('duration.seconds', { seconds: s });
    if (s < 3600) return tr('duration.minutes', { minutes: Math.floor(s / 60), seconds: s % 60 });
    return tr('duration.hours', { hours: Math.floor(s / 3600), minutes: Math.floor((s % 3600) / 60) });
  };

  const decision = (d: unknown) => (d === 'confirm' || d === 'dismiss' ? tr(`decisions.${d}`) : undefined);
  const withNote = (text: string, note: unknown) => (str(note) ? `${text} · ${tr('details.note', { note: str(note) })}` : text);

  const violationDetail = (d: Detail): string => {
    const parts = [named('violationKinds', str(d.kind))];
    const lasted = num(d.durationMs);
    if (lasted !== undefined) parts.push(tr('details.lasted', { duration: duration(lasted) }));
    const confidence = num(d.confidence);
    if (confidence !== undefined) parts.push(tr('details.confidence', { percent: Math.round(confidence * 100) }));
    const pictures = Array.isArray(d.evidenceIds) ? d.evidenceIds.length : 0;
    if (pictures) parts.push(tr('details.pictures', { count: pictures }));
    parts.push(tr('details.standing', { decision: decision(d.decision) ?? tr('flags.undecided') }));
    return parts.join(' · ');
  };

  const detail = (entry: TimelineEntry, flags: ReadonlyMap<string, ReviewFlag>): string => {
    const d = entry.detail;
    switch (entry.kind) {
      case 'reconnected': {
        const gap = duration(num(d.offlineMs) ?? 0);
        const cause = str(d.cause);
        // Why the student went, when the server knew it; a cause added later is left unsaid.
        return cause && (OFFLINE_CAUSES as readonly string[]).includes(cause)
          ? tr('details.reconnectedCause', { duration: gap, cause: tr(`details.offlineCauses.${cause}`) })
          : tr('details.reconnected', { duration: gap });
      }
      case 'saves':
        return tr('details.saves', { number: num(d.questionNumber) ?? '?', count: num(d.count) ?? 1, until: time(str(d.until) ?? entry.at) });
      case 'violation':
        return violationDetail(d);
      case 'message': {
        const text = str(d.text) ?? '';
        return tr(d.to === 'all' ? 'details.messageToAll' : 'details.messageToStudent', { text });
      }
      case 'extended':
        return tr('details.extended', { count: num(d.minutes) ?? 0 });
      case 'submitted': {
        const reason = str(d.reason);
        return reason ? tr('details.submitted', { reason: named('submitReasons', reason) }) : '';
      }
      case 'reinstated':
        return tr('details.reinstated');
      case 'flag-decision': {
        const flag = flags.get(String(d.eventId));
        const said = decision(d.decision) ?? none;
        const text = flag
          ? tr('details.flagDecision', { decision: said, kind: named('violationKinds', flag.kind), time: time(flag.at) })
          : tr('details.flagDecisionUnknown', { decision: said });
        return withNote(text, d.note);
      }
      case 'outcome':
        return withNote(tr('details.outcome', { outcome: named('outcomes', str(d.outcome)) }), d.note);
      default:
        return '';
    }
  };

  return {
    language: reader.language,
    zone: reader.zone,
    t: tr,
    time,
    duration,
    kind: (k) => named('kinds', k),
    violation: (k) => named('violationKinds', k),
    state: (s) => named('states', s),
    outcome: (o) => named('outcomes', o),
    hold: (h) => named('holds', h),
    status: (s) => named('statuses', s),
    submitReason: (r) => named('submitReasons', r),
    section: (s) => s || none,
    who: (by) => (by ? by.name || tr('flags.someone') : none),
    detail,
  };
}

/** The flags of a timeline by their event id, to name the flag a decision is about. */
export const flagsByEvent = (flags: readonly ReviewFlag[]): Map<string, ReviewFlag> => new Map(flags.map((f) => [f.eventId, f]));

/**
 * A file name a browser and a file system both keep: the report's title, the exam and the student,
 * with what no file system accepts taken out (slashes, quotes, control characters); and an ASCII
 * twin for the oldest clients (accents dropped, anything else a dash).
 */
export function reportFileName(parts: string[], extension: 'pdf' | 'csv'): { name: string; ascii: string } {
  const clean = parts
    .map((p) => p.normalize('NFC').replace(/[\\/:*?"<>|\p{Cc}\p{Cf}]+/gu, ' ').replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(' - ')
    .slice(0, 150)
    .trim();
  const ascii = clean
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return { name: `${clean || 'report'}.${extension}`, ascii: `${ascii || 'report'}.${extension}` };
}
