import { FLAG_SEVERITY, SESSION_MSG, clientTimeMs, isDeviceFlag, violationLimits, type DeviceFlag, type ExamSettings, type ViolationType } from '@exam/shared';
import { boundList as list, preparedQuery, type Db } from '../db';
import { isDbUnavailable, type DbOutage } from '../db/outage';
import { AppError, Errors } from '../errors';
import type { Logger } from '../logger';
import type { AttemptRow } from '../presenters/attempt';
import type { FeedEvent } from '../ports/realtime';
import type { ViolationAnnouncer, ViolationInput, ViolationRecorder, ViolationResult } from '../ports/violations';
import { submitAndGradeTx } from './marking';
import { createLanedGroupCommit, isRefusedData, writeInHalves } from './groupCommit';
import { onBreakSql } from './restBreaksSql';

export interface ViolationRecorderOptions {
  /** Most batches written at the same time (PGlite has one connection, so 1 there). */
  maxInFlight?: number;
  dbOutage?: DbOutage;
  /**
   * The proctor board hears of each violation at once after the commit; attempts a violation
   * ended are announced before their callers hear.
   */
  announcer: ViolationAnnouncer;
}

interface Pending {
  input: ViolationInput;
  /** The device's time, when believable next to the server's clock on arrival (deviceTime). */
  clientAt: Date | null;
  resolve: (result: ViolationResult) => void;
  reject: (err: unknown) => void;
}

type LockedAttempt = AttemptRow & { exam_settings: ExamSettings; on_break__: boolean };

const VIOLATION = 'violation';

export interface LoggedViolation {
  attemptId: string;
  actorId: string;
  /** JSON text. */
  detail: string;
  clientAt: Date | null;
}

export interface Counts {
  tab_switches: number;
  fullscreen_exits: number;
  /** Violations of every other kind (copy, paste, right-click, blocked keys). */
  other_violations: number;
  warnings: number;
}

/** An open attempt's counts as this node last read or wrote them: what the one-statement write expects to find. */
interface KnownAttempt extends Counts {
  studentId: string;
  settings: ExamSettings;
}

type AttemptCounts = Counts & { id: string; student_id: string; exam_settings: ExamSettings };

const knownFrom = (a: AttemptCounts): KnownAttempt => ({
  studentId: a.student_id,
  settings: a.exam_settings,
  tab_switches: a.tab_switches,
  fullscreen_exits: a.fullscreen_exits,
  other_violations: a.other_violations,
  warnings: a.warnings,
});

/** What a violation left an attempt's counts at, as its student and the proctor board hear it. */
const resultOf = (a: Counts, submitted: boolean, crossed: boolean): ViolationResult => ({
  counts: { tabSwitches: a.tab_switches, fullscreenExits: a.fullscreen_exits },
  other: a.other_violations,
  submitted,
  crossed,
});

const KNOWN_LIMIT = 50_000;
const COUNT_STATEMENT = 'violations.count';

/**
 * Every attempt these statements count has a flag logged with it, which a reviewer has not decided
 * on yet: a clear attempt now needs review, one already needing it or confirmed stays so (issue
 * 53). Set by the statement that logs the flag, so no flag is ever logged without it.
 */
const FLAGGED = `integrity_state = coalesce(nullif(integrity_state, 'clear'), 'needs_review')`;

const COUNT_AND_LOG_SQL = `
  with counted as (
    update attempts as a set tab_switches = v.tab_switches, fullscreen_exits = v.fullscreen_exits, other_violations = v.other_violations, warnings = v.warnings, ${FLAGGED}, updated_at = now()
      from unnest(?::uuid[], ?::int[], ?::int[], ?::int[], ?::int[]) as v(id, tab_switches, fullscreen_exits, other_violations, warnings)
     where a.id = v.id
  )
  insert into attempt_events (attempt_id, type, actor_id, detail, client_at)
  select e.attempt_id, '${VIOLATION}', e.actor_id, e.detail, e.client_at
    from unnest(?::uuid[], ?::uuid[], ?::jsonb[], ?::timestamptz[]) with ordinality as e(attempt_id, actor_id, detail, client_at, n)
   order by e.n`;

/**
 * The counts and the log in one statement that is its own transaction, written only where the
 * attempt is as this node last left it: still open, the same counts, the exam's proctoring
 * unchanged. Returns the attempts written; the others' events are not logged.
 *
 * The attempts are locked in id order, as saves and submissions lock theirs: never a cycle of
 * waits. They are then reached only through the ids locked, never through their exam: joined on
 * attempts.exam_id, the generic plan of this prepared statement walked every open attempt of the
 * exam for each event. (Comments stay out of the SQL, its runs of white space are one space, and
 * its names are short: pg_stat_activity shows a statement's first 1,024 characters, and the
 * insert must be among them for an operator, and a test, to see a wait.) An attempt with a rest
 * break started is left to the locked way, which knows whether the break is still under way.
 */
export const COUNT_AND_LOG_IF_UNCHANGED_SQL = `
  with v as (
    select * from unnest(${list('uuid')}, ${list('int')}, ${list('int')}, ${list('int')}, ${list('int')}, ${list('int')}, ${list('int')}, ${list('int')}, ${list('int')}, ${list('jsonb')})
      as v(id, tab0, fs0, oth0, warn0, tab, fs, other, warn, settings)
  ), locked as materialized (
    select a.id, a.exam_id from attempts a where a.id in (select id from v) order by a.id for no key update
  ), counted as (
    update attempts a set tab_switches = v.tab, fullscreen_exits = v.fs, other_violations = v.other, warnings = v.warn, ${FLAGGED}, updated_at = now()
      from locked l
      join v on v.id = l.id
      join exams x on x.id = l.exam_id and x.settings = v.settings
     where a.id = l.id
       and a.status = 'in_progress' and a.tab_switches = v.tab0 and a.fullscreen_exits = v.fs0
       and a.other_violations = v.oth0 and a.warnings = v.warn0
       and a.break_ends_at is null
    returning a.id
  ), logged as (
    insert into attempt_events (attempt_id, type, actor_id, detail, client_at)
    select e.attempt_id, '${VIOLATION}', e.actor_id, e.detail, e.client_at
      from unnest(${list('uuid')}, ${list('uuid')}, ${list('jsonb')}, ${list('timestamptz')}) with ordinality as e(attempt_id, actor_id, detail, client_at, n)
     where e.attempt_id in (select id from counted)
     order by e.n
  )
  select coalesce(json_agg(id), '[]'::json) as ids from counted`.replace(/\s+/g, ' ');

const eventColumns = (events: LoggedViolation[]) => [events.map((e) => e.attemptId), events.map((e) => e.actorId), events.map((e) => e.detail), events.map((e) => e.clientAt)];

/** COUNT_AND_LOG_IF_UNCHANGED_SQL's values: each attempt's counts as remembered and as they become, and the events to log. */
export function guardedWriteValues(ids: string[], was: Counts[], now: (Counts & { settings: ExamSettings })[], events: LoggedViolation[]): unknown[] {
  return [
    ids,
    was.map((a) => a.tab_switches),
    was.map((a) => a.fullscreen_exits),
    was.map((a) => a.other_violations),
    was.map((a) => a.warnings),
    now.map((a) => a.tab_switches),
    now.map((a) => a.fullscreen_exits),
    now.map((a) => a.other_violations),
    now.map((a) => a.warnings),
    now.map((a) => JSON.stringify(a.settings)),
    ...eventColumns(events),
  ];
}

/**
 * One event on an attempt's counts, as the school set the exam: true when it takes tab switches
 * or fullscreen exits above the allowance, when the exam's proctoring is on. A warning is counted
 * for every other event while proctoring is on.
 *
 * A flag from the checks on the device never crosses and leaves the violation counts alone: no
 * automatic flag ever ends an exam. It adds a warning only when the exam counts that kind.
 */
export function countViolation(a: Counts, type: ViolationType, proctoring: ExamSettings['proctoring']): boolean {
  if (isDeviceFlag(type)) {
    // Exams stored before issue 58 carry no countedFlags.
    const counted = (proctoring.countedFlags as DeviceFlag[] | undefined) ?? [];
    if (proctoring.enabled && counted.includes(type)) a.warnings += 1;
    return false;
  }
  const limits = violationLimits(proctoring);
  a.tab_switches += type === 'tab-switch' ? 1 : 0;
  a.fullscreen_exits += type === 'fullscreen-exit' ? 1 : 0;
  a.other_violations += type === 'tab-switch' || type === 'fullscreen-exit' ? 0 : 1;
  const crossed =
    proctoring.enabled &&
    ((proctoring.preventTabSwitching && a.tab_switches > limits.tabSwitches) || (proctoring.requireFullscreen && a.fullscreen_exits > limits.fullscreenExits));
  if (proctoring.enabled && !crossed) a.warnings += 1;
  return crossed;
}

/**
 * How far from the server's clock a device's time of a violation is still kept: back far enough for
 * the violations a device queued while offline during the longest sitting (ten hours and three of
 * extensions), ahead only by a clock running a little fast.
 */
export const DEVICE_TIME_PAST_MS = 24 * 60 * 60 * 1000;
export const DEVICE_TIME_AHEAD_MS = 60 * 1000;

/**
 * The device's time of a violation, kept beside the server's own only when close to the server's
 * clock: the server owns time, and the device's clock is only its word. Outside the window (a wrong
 * clock, or a made-up time) the event is still counted and logged, at the server's time alone.
 */
export function deviceTime(at: number | string | undefined, now = Date.now()): Date | null {
  if (at === undefined) return null;
  const ms = clientTimeMs(at);
  return ms !== undefined && ms >= now - DEVICE_TIME_PAST_MS && ms <= now + DEVICE_TIME_AHEAD_MS ? new Date(ms) : null;
}

/** What the log and the board keep of a violation: its kind, and a device flag's confidence, duration and id. */
function flagFields({ type, confidence, durationMs, flagId }: ViolationInput): Record<string, unknown> {
  return { violation: type, ...(confidence === undefined ? {} : { confidence }), ...(durationMs === undefined ? {} : { durationMs }), ...(flagId === undefined ? {} : { flagId }) };
}

function logLine(p: Pending): LoggedViolation {
  const { attemptId, studentId } = p.input;
  return { attemptId, actorId: studentId, detail: JSON.stringify(flagFields(p.input)), clientAt: p.clientAt };
}

type Outcomes = Map<Pending, ViolationResult | AppError>;

/**
 * Counts and logs violations on the server. An attempt is submitted (reason violations) on the
 * event that takes tab switches or fullscreen exits above the exam's allowance (by default 3 and
 * 2, the school's choice when the exam was made), when the exam's proctoring is on: the count
 * includes this event, so the threshold fires on the crossing event itself, not one late as the
 * old product did.
 *
 * Violations that arrive together share one transaction, as saves and submissions do: lock their
 * attempts in id order (the order saves and submissions lock theirs), apply each event in the
 * order it came, write the counts and the log in one statement, and close the attempts that
 * crossed with the sweeper's own statement. A hall of students leaving fullscreen at the same
 * moment is a handful of transactions, not five statements each.
 *
 * The attempts are locked FOR NO KEY UPDATE: a student who switched tabs comes back and saves at
 * once, and that save (FOR KEY SHARE) must not wait for this transaction's round trips. Only the
 * attempts that crossed are then locked FOR UPDATE, as every submission locks, which waits for
 * their saves in flight so the submission holds them.
 *
 * That transaction is four round trips (begin, lock and read, write, commit), each waiting for a
 * core on a busy machine while the proctor waits for the event. So the node remembers each open
 * attempt's counts as it last read or wrote them, and a batch that takes none over its allowance
 * is one statement (two for an attempt not yet remembered: an unlocked read first), written only
 * where the attempt is still as remembered (open, the same counts, the exam's proctoring
 * unchanged). A crossing event, a refused one, or an attempt changed meanwhile (another node, a
 * proctor, a submission) takes the locked transaction, which reads the truth.
 */
export function createViolationRecorder(db: Db, log: Logger, opts: ViolationRecorderOptions): ViolationRecorder {
  const announcing = new Set<Promise<void>>();
  const known = new Map<string, KnownAttempt>();

  function remember(id: string, state: KnownAttempt): void {
    if (known.size >= KNOWN_LIMIT && !known.has(id)) known.clear();
    known.set(id, state);
  }

  /** The locked transaction: reads the attempts, counts, logs, and closes those that crossed. */
  async function writeLocked(part: Pending[], outcomes: Outcomes): Promise<AttemptRow[]> {
    const after = new Map<string, KnownAttempt | null>();
    const closed = await db.transaction(async (trx) => {
      const locked = (await trx('attempts as a')
        .join('exams as e', 'e.id', 'a.exam_id')
        .whereIn('a.id', [...new Set(part.map((p) => p.input.attemptId))])
        .orderBy('a.id')
        .forNoKeyUpdate('a')
        .select('a.*', 'e.settings as exam_settings', trx.raw(`${onBreakSql('a')} as on_break__`))) as LockedAttempt[];
      const attempts = new Map(locked.map((a) => [a.id, a]));
      const crossing = new Set<string>();
      const changed = new Set<string>();
      const events: LoggedViolation[] = [];
      for (const p of part) {
        const { attemptId, studentId, type } = p.input;
        const a = attempts.get(attemptId);
        if (!a) {
          outcomes.set(p, Errors.notFound(SESSION_MSG.attemptNotFound));
          continue;
        }
        if (a.student_id !== studentId) {
          outcomes.set(p, Errors.forbidden(SESSION_MSG.notYourAttempt));
          continue;
        }
        if (a.status !== 'in_progress' || crossing.has(a.id)) {
          outcomes.set(p, resultOf(a, true, false));
          continue;
        }
        if (a.on_break__) {
          // On a rest break the exam is hidden: what the device reports meanwhile is not held against the student.
          outcomes.set(p, { ...resultOf(a, false, false), ignored: true });
          continue;
        }
        const crossed = countViolation(a, type, a.exam_settings.proctoring);
        if (crossed) crossing.add(a.id);
        changed.add(a.id);
        events.push(logLine(p));
        outcomes.set(p, resultOf(a, crossed, crossed));
      }
      for (const a of locked) {
        const open = a.status === 'in_progress' && !crossing.has(a.id);
        after.set(a.id, open ? knownFrom(a) : null);
      }
      const rows = [...changed].map((id) => attempts.get(id)!);
      // The counts and the log in one statement (a round trip fewer while the attempts are
      // locked); the log in arrival order, so the timeline lists the events as they came.
      if (rows.length) {
        const values = [rows.map((a) => a.id), rows.map((a) => a.tab_switches), rows.map((a) => a.fullscreen_exits), rows.map((a) => a.other_violations), rows.map((a) => a.warnings), ...eventColumns(events)];
        await trx.raw(COUNT_AND_LOG_SQL, values as unknown as readonly string[]);
      }
      if (!crossing.size) return [];
      await trx('attempts').whereIn('id', [...crossing]).orderBy('id').forUpdate().select('id');
      return submitAndGradeTx(trx, [...crossing].map((id) => attempts.get(id)!), { reason: 'violations', actorId: null });
    });
    // Committed: what the node now knows of each attempt.
    for (const [id, state] of after) {
      if (state) remember(id, state);
      else known.delete(id);
    }
    return closed;
  }

  /** Reads open attempts' counts without a lock: the guarded write checks them as it writes. */
  async function learn(ids: string[]): Promise<void> {
    const rows = (await db('attempts as a')
      .join('exams as e', 'e.id', 'a.exam_id')
      .whereIn('a.id', ids)
      .where('a.status', 'in_progress')
      .select('a.id', 'a.student_id', 'a.tab_switches', 'a.fullscreen_exits', 'a.other_violations', 'a.warnings', 'e.settings as exam_settings')) as AttemptCounts[];
    for (const r of rows) remember(r.id, knownFrom(r));
  }

  /**
   * The one-statement write, for the events of attempts that are open and the students' own, none
   * of them crossing (an attempt this node does not know yet is read first, unlocked). Returns the
   * events it wrote; the others are for the locked transaction.
   */
  async function writeKnown(part: Pending[], outcomes: Outcomes): Promise<Pending[]> {
    const unknown = [...new Set(part.map((p) => p.input.attemptId))].filter((id) => !known.has(id));
    if (unknown.length) await learn(unknown);
    const before = new Map<string, KnownAttempt>();
    const next = new Map<string, KnownAttempt>();
    const lockedWay = new Set<string>();
    /** Each event's counts as it leaves them, in arrival order. */
    const counted = new Map<Pending, ViolationResult>();
    for (const p of part) {
      const id = p.input.attemptId;
      if (lockedWay.has(id)) continue;
      const k = next.get(id) ?? known.get(id);
      const a = k && { ...k };
      if (!a || a.studentId !== p.input.studentId || countViolation(a, p.input.type, a.settings.proctoring)) {
        lockedWay.add(id);
        continue;
      }
      if (!before.has(id)) before.set(id, k);
      next.set(id, a);
      counted.set(p, resultOf(a, false, false));
    }
    const ids = [...next.keys()].filter((id) => !lockedWay.has(id));
    if (!ids.length) return [];
    const was = ids.map((id) => before.get(id)!);
    const now = ids.map((id) => next.get(id)!);
    const events = part.filter((p) => counted.has(p) && !lockedWay.has(p.input.attemptId));
    const [result] = (await preparedQuery<{ ids: string[] }>(db, COUNT_STATEMENT, COUNT_AND_LOG_IF_UNCHANGED_SQL, guardedWriteValues(ids, was, now, events.map(logLine)))) as [{ ids: string[] }];
    const written = new Set(result.ids);
    for (const id of ids) {
      if (written.has(id)) remember(id, next.get(id)!);
      else known.delete(id);
    }
    const done = events.filter((p) => written.has(p.input.attemptId));
    for (const p of done) outcomes.set(p, counted.get(p)!);
    return done;
  }

  /**
   * Committed: the violations reach the proctor board before the submissions they caused, and a
   * student whose violation ended the attempt hears once it has been announced.
   */
  function settle(part: Pending[], outcomes: Outcomes, closed: AttemptRow[]): void {
    const told: FeedEvent[] = [];
    for (const p of part) {
      const o = outcomes.get(p)!;
      if (o instanceof AppError) p.reject(o);
      else if (!o.ignored) {
        const { attemptId, studentId, type } = p.input;
        // Device flags carry their severity; the board knows the page kinds' own (FLAG_SEVERITY).
        const detail = { ...flagFields(p.input), ...(isDeviceFlag(type) ? { severity: FLAG_SEVERITY[type] } : {}), counts: { ...o.counts, other: o.other } };
        // Counted on an open attempt, the event is the row's whole change; one that ended or
        // found the attempt closed goes with its row (status and all).
        told.push({ attemptId, type: VIOLATION, detail, online: true, ...(o.submitted ? {} : { studentId }) });
      }
    }
    try {
      opts.announcer.tell(told);
    } catch (err) {
      log.error({ err }, 'telling violations failed');
    }
    const answer = () => {
      for (const p of part) {
        const o = outcomes.get(p)!;
        if (!(o instanceof AppError)) p.resolve(o);
      }
    };
    if (!closed.length) return answer();
    const announced = opts.announcer
      .announce(closed)
      .catch((err: unknown) => log.error({ err }, 'announcing submissions failed'))
      .then(answer)
      .finally(() => announcing.delete(announced));
    announcing.add(announced);
  }

  const refused = (err: unknown) => !isDbUnavailable(err);

  /** A violation the database refused on its own: its student's next ones are written apart. */
  function failOne(p: Pending, err: unknown): void {
    log.error({ err, attemptId: p.input.attemptId }, 'violation could not be recorded');
    commit.suspect(p);
    p.reject(err);
  }

  /**
   * One batch. What the one statement wrote is settled at once, before anything else is tried: it
   * is committed, so a failure of the rest must neither write it again nor reject it, and a later
   * batch of the same attempt (which counts on from it) must not be told first. When the database
   * refuses the one statement, it is retried in halves (a round trip each, no lock held), so the
   * others' events are written at once and only the event at fault goes on alone. The rest goes
   * through the locked transaction, retried in halves too when the database or grading refuses it,
   * so one bad event fails alone.
   */
  async function write(batch: Pending[]): Promise<void> {
    const outcomes: Outcomes = new Map();
    const rest: Pending[] = [];
    /** Attempts with an event left for the locked way: their later events follow it there, in order. */
    const deferred = new Set<string>();
    const defer = (p: Pending) => {
      rest.push(p);
      deferred.add(p.input.attemptId);
    };
    /** Events of a student put apart while this batch was split: written in their lane, not split further here. */
    const handedOff = new Set<Pending>();
    await writeInHalves(
      batch,
      async (whole) => {
        let part = whole;
        if (batch.length > 1 && commit.hasApart()) {
          for (const p of whole) {
            if (handedOff.has(p) || !commit.isApart(p)) continue;
            handedOff.add(p);
            commit.pushApart(p);
          }
          part = whole.filter((p) => !handedOff.has(p));
        }
        const mine = part;
        if (deferred.size) part = part.filter((p) => !deferred.has(p.input.attemptId));
        let done: Set<Pending>;
        try {
          done = new Set(part.length ? await writeKnown(part, outcomes) : []);
        } catch (err) {
          // The statement is its own transaction: refused, it wrote nothing. Refused for a row's
          // data, what the node knows of the attempts still holds; otherwise they are read again.
          if (refused(err) && !isRefusedData(err)) for (const p of part) known.delete(p.input.attemptId);
          throw err;
        }
        if (done.size) settle([...done], outcomes, []);
        for (const p of mine) if (!done.has(p)) defer(p);
      },
      refused,
      // Refused alone: its data the locked way would write as it is, so it fails here at once (and
      // its student's next events go apart); anything else (a deadlock) the locked way decides.
      (p, err) => (isRefusedData(err) ? failOne(p, err) : defer(p)),
    );
    if (!rest.length) return;
    await writeInHalves(
      rest,
      async (part) => {
        let closed: AttemptRow[];
        try {
          closed = await writeLocked(part, outcomes);
        } catch (err) {
          // Unsure what was written: the next batch of these attempts reads them again.
          for (const p of part) known.delete(p.input.attemptId);
          throw err;
        }
        settle(part, outcomes, closed);
      },
      refused,
      failOne,
    );
  }

  const commit = createLanedGroupCommit<Pending>(
    {
      maxBatch: 1000,
      maxInFlight: opts.maxInFlight ?? 2,
      write,
      // The database is unavailable: every event not yet settled is refused (a settled one keeps its answer).
      failed(err, batch) {
        if (!opts.dbOutage?.failed(err)) log.error({ err, size: batch.length }, 'violation batch failed');
        for (const p of batch) p.reject(err);
      },
    },
    (p) => p.input.studentId,
  );

  return {
    record(input) {
      return new Promise((resolve, reject) => commit.push({ input, clientAt: deviceTime(input.at), resolve, reject }));
    },
    async drain() {
      await commit.drain();
      await Promise.all([...announcing]);
    },
  };
}
