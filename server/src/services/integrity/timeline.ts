import type { AttemptTimeline, FlagDecisionKind, IntegrityOutcome, QuestionTime, ReviewFlag, TimelineEntry, ViolationType } from '@exam/shared';
import type { Knex } from 'knex';
import type { Db } from '../../db';
import type { Deps } from '../../deps';
import type { Viewer } from '../../policies';
import { reviewsAttempt } from '../../policies/integrity';
import { resultHold } from '../../policies/results';
import { examResource, readableAttempt, type AttemptUnderReview } from './access';

/**
 * An attempt's timeline (issue 53): what the server itself knows of it, in its own time order.
 * Every acknowledged save (grouped into runs of one question), each reconnect and how long the
 * student was away, each violation and flag with its evidence pictures and the decisions on it,
 * messages, extra time, a proctor's submission or reinstatement, the submission and its reason,
 * and the outcome of a confirmed attempt. No score of suspicion: counts, facts and decisions.
 * It is read afresh on every call, so it is live while the exam runs.
 */

type Person = { id: string | null; name: string } | null;

/** The stored facts, each part in its own order, as the one statement returns them. */
interface Facts {
  events: { id: string; type: string; detail: Record<string, unknown>; at: string; actor: Person }[];
  saves: { questionId: string; at: string }[];
  decisions: { id: string; eventId: string; decision: FlagDecisionKind; note: string | null; by: Person; at: string }[];
  outcomes: { outcome: IntegrityOutcome; note: string | null; by: Person; at: string }[];
  evidence: { id: string; flagId: string }[];
}

const person = (id: string | null, first: string | null, last: string | null): Person => (first === null ? null : { id, name: `${first} ${last ?? ''}`.trim() });
const iso = (t: string | Date) => new Date(t).toISOString();

/**
 * Everything the timeline reads, in ONE round trip: each part one JSON array. Reached through the
 * attempt's own indexes (events, saves, decisions, outcomes by attempt and id; evidence by attempt);
 * the names of the few people who acted are read apart, by their ids as one array: joined to every
 * event, or as a set, the whole users table was hashed for them (and, big enough to look worth it,
 * in parallel workers whose start cost more than the rest).
 */
const FACTS_SQL = `
  select 'events' as part, coalesce(json_agg(json_build_array(ev.id::text, ev.type, ev.detail, ev.created_at, ev.actor_id) order by ev.id), '[]') as data
    from attempt_events ev where ev.attempt_id = :attempt
  union all
  select 'saves', coalesce(json_agg(json_build_array(s.question_id, s.saved_at) order by s.id), '[]')
    from answer_saves s where s.attempt_id = :attempt
  union all
  select 'decisions', coalesce(json_agg(json_build_array(d.id::text, d.event_id::text, d.decision, d.note, d.reviewer_id, d.created_at) order by d.id), '[]')
    from flag_decisions d where d.attempt_id = :attempt
  union all
  select 'outcomes', coalesce(json_agg(json_build_array(o.outcome, o.note, o.decided_by, o.created_at) order by o.id), '[]')
    from integrity_outcomes o where o.attempt_id = :attempt
  union all
  select 'evidence', coalesce(json_agg(json_build_array(p.id, p.flag_id) order by p.created_at, p.id), '[]')
    from proctoring_evidence p where p.attempt_id = :attempt
  union all
  select 'people', coalesce(json_agg(json_build_array(u.id, u.first_name, u.last_name)), '[]')
    from users u
   where u.id = any(array(select actor_id from attempt_events where attempt_id = :attempt
                          union select reviewer_id from flag_decisions where attempt_id = :attempt
                          union select decided_by from integrity_outcomes where attempt_id = :attempt))`;

type Cell = string | null;
async function readFacts(db: Db | Knex.Transaction, attemptId: string): Promise<Facts> {
  const { rows } = (await db.raw(FACTS_SQL, { attempt: attemptId })) as { rows: { part: keyof Facts | 'people'; data: unknown[][] }[] };
  const parts = new Map(rows.map((r) => [r.part, r.data]));
  const names = new Map(((parts.get('people') ?? []) as [string, string, Cell][]).map(([id, first, last]) => [id, person(id, first, last)]));
  const who = (id: Cell): Person => (id === null ? null : (names.get(id) ?? null));
  return {
    events: ((parts.get('events') ?? []) as [string, string, Record<string, unknown> | null, string, Cell][]).map(([id, type, detail, at, actorId]) => ({
      id,
      type,
      detail: detail ?? {},
      at,
      actor: who(actorId),
    })),
    saves: ((parts.get('saves') ?? []) as [string, string][]).map(([questionId, at]) => ({ questionId, at })),
    decisions: ((parts.get('decisions') ?? []) as [string, string, FlagDecisionKind, Cell, Cell, string][]).map(([id, eventId, decision, note, by, at]) => ({
      id,
      eventId,
      decision,
      note,
      by: who(by),
      at,
    })),
    outcomes: ((parts.get('outcomes') ?? []) as [IntegrityOutcome, Cell, Cell, string][]).map(([outcome, note, by, at]) => ({ outcome, note, by: who(by), at })),
    evidence: ((parts.get('evidence') ?? []) as [string, string][]).map(([id, flagId]) => ({ id, flagId })),
  };
}

/** The flags of an attempt (its violation events) with evidence and every decision, oldest first. */
export function flagsOf(facts: Pick<Facts, 'events' | 'decisions' | 'evidence'>): ReviewFlag[] {
  const pictures = new Map<string, string[]>();
  for (const e of facts.evidence) pictures.set(e.flagId, [...(pictures.get(e.flagId) ?? []), e.id]);
  const history = new Map<string, ReviewFlag['history']>();
  for (const d of facts.decisions) {
    history.set(d.eventId, [...(history.get(d.eventId) ?? []), { id: d.id, decision: d.decision, note: d.note, by: d.by, at: iso(d.at) }]);
  }
  return facts.events
    .filter((e) => e.type === 'violation')
    .map((e) => {
      const d = e.detail as { violation?: ViolationType; confidence?: number; durationMs?: number; flagId?: string };
      const decisions = history.get(e.id) ?? [];
      return {
        eventId: e.id,
        kind: d.violation as ViolationType,
        at: iso(e.at),
        ...(typeof d.confidence === 'number' ? { confidence: d.confidence } : {}),
        ...(typeof d.durationMs === 'number' ? { durationMs: d.durationMs } : {}),
        evidenceIds: d.flagId ? (pictures.get(d.flagId) ?? []) : [],
        decision: decisions.at(-1)?.decision ?? null,
        history: decisions,
      };
    });
}

/** One line before grouping: its time in ms, and the save's question when it is one. */
interface Line {
  ms: number;
  entry: TimelineEntry;
  questionId?: string;
}

/** A stored event as a timeline line; null for kinds the timeline does not show. */
function eventLine(e: Facts['events'][number], flags: Map<string, ReviewFlag>): Line | null {
  const at = iso(e.at);
  const line = (kind: TimelineEntry['kind'], detail: Record<string, unknown>): Line => ({ ms: Date.parse(at), entry: { kind, at, by: e.actor, detail } });
  const d = e.detail;
  switch (e.type) {
    case 'started':
    case 'joined':
      return line(e.type, {});
    case 'network':
      return line('reconnected', { offlineMs: Number(d.offlineMs ?? 0), since: d.since ?? null, ...(d.cause ? { cause: d.cause } : {}) });
    case 'violation': {
      const f = flags.get(e.id)!;
      return line('violation', {
        eventId: f.eventId,
        kind: f.kind,
        ...(f.confidence === undefined ? {} : { confidence: f.confidence }),
        ...(f.durationMs === undefined ? {} : { durationMs: f.durationMs }),
        evidenceIds: f.evidenceIds,
        decision: f.decision,
      });
    }
    case 'message':
      return line('message', { text: d.text ?? '', to: d.to ?? 'student' });
    case 'extended':
      return line('extended', { minutes: Number(d.minutes ?? 0) });
    case 'submitted':
      // A proctor's submission is their action, named as such; every other one says its reason.
      return line(d.reason === 'proctor' ? 'force-submitted' : 'submitted', { reason: d.reason ?? null });
    case 'reinstated':
      return line('reinstated', { ...d });
    default:
      return null;
  }
}

/**
 * The lines of every kind in time order (stable: within one time, events, then saves, then
 * decisions and outcomes, each in the order stored), consecutive saves of one question merged.
 */
function timelineLines(attempt: AttemptUnderReview['attempt'], facts: Facts, flags: ReviewFlag[]): Line[] {
  const byId = new Map(flags.map((f) => [f.eventId, f]));
  const student = { id: attempt.student_id, name: `${attempt.first_name} ${attempt.last_name}`.trim() };
  const lines: Line[] = [];
  // Attempts begun before the start was logged still begin at their start.
  if (!facts.events.some((e) => e.type === 'started')) {
    const at = iso(attempt.started_at);
    lines.push({ ms: Date.parse(at), entry: { kind: 'started', at, by: student, detail: {} } });
  }
  for (const e of facts.events) {
    const line = eventLine(e, byId);
    if (line) lines.push(line);
  }
  for (const s of facts.saves) {
    const at = iso(s.at);
    lines.push({ ms: Date.parse(at), questionId: s.questionId, entry: { kind: 'saves', at, by: student, detail: {} } });
  }
  for (const d of facts.decisions) {
    const at = iso(d.at);
    lines.push({ ms: Date.parse(at), entry: { kind: 'flag-decision', at, by: d.by, detail: { eventId: d.eventId, decision: d.decision, note: d.note } } });
  }
  for (const o of facts.outcomes) {
    const at = iso(o.at);
    lines.push({ ms: Date.parse(at), entry: { kind: 'outcome', at, by: o.by, detail: { outcome: o.outcome, note: o.note } } });
  }
  return lines.sort((a, b) => a.ms - b.ms);
}

/**
 * The time spent on each question, measured by the server: each save is credited with the time
 * since the one before it, or since the start, a reconnect (the end of a gap offline) or a
 * reinstatement, whichever came last. Every question of the attempt is listed, in the order its
 * student was shown them (the numbers of its result page).
 */
function questionTimes(order: string[], lines: Line[]): QuestionTime[] {
  const times = new Map<string, QuestionTime>(
    order.map((questionId, i) => [questionId, { questionId, number: i + 1, saves: 0, timeMs: 0, firstSavedAt: null, lastSavedAt: null }]),
  );
  let since: number | null = null;
  for (const line of lines) {
    const { kind, at } = line.entry;
    if (kind === 'started' || kind === 'reconnected' || kind === 'reinstated') {
      since = line.ms;
      continue;
    }
    if (!line.questionId) continue;
    const q = times.get(line.questionId);
    if (q) {
      q.saves += 1;
      q.timeMs += since === null ? 0 : Math.max(0, line.ms - since);
      q.firstSavedAt ??= at;
      q.lastSavedAt = at;
    }
    since = line.ms;
  }
  return [...times.values()];
}

/** Merges each run of consecutive saves of one question into one `saves` line: count, first and last. */
function groupSaves(lines: Line[], numbers: Map<string, number>): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  let run: { questionId: string; entry: TimelineEntry; count: number } | null = null;
  for (const line of lines) {
    if (line.questionId && run?.questionId === line.questionId) {
      run.count += 1;
      run.entry.detail = { ...run.entry.detail, count: run.count, until: line.entry.at };
      continue;
    }
    if (line.questionId) {
      const entry: TimelineEntry = {
        ...line.entry,
        detail: { questionId: line.questionId, questionNumber: numbers.get(line.questionId) ?? null, count: 1, until: line.entry.at },
      };
      run = { questionId: line.questionId, entry, count: 1 };
      entries.push(entry);
      continue;
    }
    run = null;
    entries.push(line.entry);
  }
  return entries;
}

/** Builds the timeline from what was read: pure, so the reports and the tests build it alike. */
export function buildTimeline(found: Omit<AttemptUnderReview, 'reader'>, facts: Facts, opts: { mayReview: boolean }): AttemptTimeline {
  const { attempt, exam } = found;
  const flags = flagsOf(facts);
  const lines = timelineLines(attempt, facts, flags);
  const numbers = new Map(attempt.question_order.map((q, i) => [q, i + 1]));
  const network = facts.events.filter((e) => e.type === 'network');
  return {
    attempt: {
      id: attempt.id,
      examId: exam.id,
      examTitle: exam.title,
      student: { id: attempt.student_id, name: `${attempt.first_name} ${attempt.last_name}`.trim(), section: attempt.section },
      status: attempt.status,
      startedAt: iso(attempt.started_at),
      submittedAt: attempt.submitted_at ? iso(attempt.submitted_at) : null,
      submitReason: attempt.submit_reason,
      integrityState: attempt.integrity_state ?? 'clear',
      outcome: attempt.integrity_outcome ?? null,
      hold: resultHold(exam, attempt),
    },
    mayReview: opts.mayReview,
    counts: {
      flags: flags.length,
      undecided: flags.filter((f) => f.decision === null).length,
      confirmed: flags.filter((f) => f.decision === 'confirm').length,
      dismissed: flags.filter((f) => f.decision === 'dismiss').length,
      reconnects: network.length,
      offlineMs: network.reduce((sum, e) => sum + Number(e.detail.offlineMs ?? 0), 0),
      saves: facts.saves.length,
      messages: facts.events.filter((e) => e.type === 'message').length,
    },
    entries: groupSaves(lines, numbers),
    flags,
    questions: questionTimes(attempt.question_order, lines),
    outcomeHistory: facts.outcomes.map((o) => ({ outcome: o.outcome, note: o.note, by: o.by, at: iso(o.at) })),
  };
}

/**
 * The timeline of one attempt, for its exam's staff, or for its student once its result is
 * theirs to see (policies/integrity.ts); anyone else is told the attempt does not exist.
 */
export async function attemptTimeline(deps: Deps, viewer: Viewer, attemptId: string): Promise<AttemptTimeline> {
  const found = await readableAttempt(deps.db, viewer, attemptId);
  const facts = await readFacts(deps.db, found.attempt.id);
  return buildTimeline(found, facts, { mayReview: found.reader === 'staff' && reviewsAttempt(viewer, examResource(found.exam)) });
}

/** The flags of one attempt with their decisions, as they stand now (after a decision). */
export async function attemptFlags(db: Db | Knex.Transaction, attemptId: string): Promise<ReviewFlag[]> {
  return flagsOf(await readFacts(db, attemptId));
}
