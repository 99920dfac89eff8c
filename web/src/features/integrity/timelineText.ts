import { OFFLINE_CAUSES, type FlagDecisionKind, type IntegrityOutcome, type OfflineCause, type ReviewFlag, type SubmitReason, type TimelineEntry, type ViolationType } from '@exam/shared';
import { enumLabel } from '../../i18n/format';
import { formatTime } from '../../lib/dateFormat';
import { itext, outcomeText } from './labels';

/** A span measured by the server: '42 s', '3 min 5 s', '1 h 20 min'. */
export function spanText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return itext('span.seconds', { s: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return itext('span.minutesSeconds', { m: minutes, s: seconds % 60 });
  return itext('span.hoursMinutes', { h: Math.floor(minutes / 60), m: minutes % 60 });
}

export const flagKindText = (kind: ViolationType) => enumLabel('violationTypes', kind);

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
/** Why a connection went, when the server knew it; a cause added later reads as none. */
const cause = (v: unknown) => ((OFFLINE_CAUSES as readonly unknown[]).includes(v) ? (v as OfflineCause) : undefined);

/**
 * One line of the timeline in words: what happened (`title`) and its facts (`detail`). The flags
 * are passed so a decision names the flag it was about ("Tab switch confirmed").
 */
export function entryText(entry: TimelineEntry, flags: readonly ReviewFlag[] = []): { title: string; detail: string | null } {
  const d = entry.detail;
  const title = itext(`timeline.kinds.${entry.kind}`);
  const flagKind = (eventId: unknown) => {
    const flag = flags.find((f) => f.eventId === String(eventId));
    return flag ? flagKindText(flag.kind) : itext('timeline.aFlag');
  };
  switch (entry.kind) {
    case 'reconnected': {
      const offline = num(d.offlineMs);
      const why = cause(d.cause);
      if (offline === undefined) return { title, detail: null };
      const duration = spanText(offline);
      return { title, detail: why ? itext('timeline.offlineForCause', { duration, cause: itext(`timeline.offlineCauses.${why}`) }) : itext('timeline.offlineFor', { duration }) };
    }
    case 'saves': {
      const count = num(d.count) ?? 1;
      const until = str(d.until);
      const saves = itext('timeline.saves', { count, number: num(d.questionNumber) ?? '?' });
      return { title: saves, detail: count > 1 && until ? itext('timeline.savesUntil', { time: formatTime(until, { seconds: true }) }) : null };
    }
    case 'violation': {
      const kind = str(d.kind) as ViolationType | undefined;
      const facts = [
        num(d.durationMs) !== undefined && itext('flags.duration', { duration: spanText(num(d.durationMs)!) }),
        d.decision !== undefined && itext(`decisions.${(d.decision as FlagDecisionKind | null) ?? 'none'}`),
      ].filter(Boolean);
      return { title: kind ? flagKindText(kind) : title, detail: facts.length ? facts.join(' · ') : null };
    }
    case 'message': {
      const text = str(d.text) ?? '';
      return { title, detail: d.to === 'all' || d.to === 'hall' ? itext('timeline.toHall', { text }) : itext('timeline.quoted', { text }) };
    }
    case 'extended':
      return { title, detail: num(d.minutes) === undefined ? null : itext('timeline.extraMinutes', { count: num(d.minutes) }) };
    case 'submitted': {
      const reason = str(d.reason) as SubmitReason | undefined;
      return { title, detail: reason ? enumLabel('submitReasons', reason) : null };
    }
    case 'flag-decision': {
      const decision = str(d.decision) as FlagDecisionKind | undefined;
      const note = str(d.note);
      return {
        title: itext(`timeline.decided.${decision ?? 'confirm'}`, { kind: flagKind(d.eventId) }),
        detail: note ? itext('timeline.note', { note }) : null,
      };
    }
    case 'outcome': {
      const outcome = str(d.outcome) as IntegrityOutcome | undefined;
      const note = str(d.note);
      return { title: outcome ? itext('timeline.outcome', { outcome: outcomeText(outcome) }) : title, detail: note ? itext('timeline.note', { note }) : null };
    }
    default:
      return { title, detail: null };
  }
}
