import { isDeviceFlag, type BreakState, type HallPart, type ProctorEvent, type ProctorRow, type WaivableCheck, type WatchedExam } from '@exam/shared';
import { proctorRowSchema, type HelpRequest, type WaiverChange } from './schemas';

/** A message sent to every student at once, named by the id all its copies share. */
export const broadcastIdOf = (detail: Record<string, unknown>) => (typeof detail.broadcastId === 'string' && detail.broadcastId ? detail.broadcastId : null);

/**
 * The board's data as the socket feeds it: the snapshot from `proctor:watch`, then rows, batched
 * progress, save health and events. Rows are keyed by student, because a student who had not
 * started in the snapshot gets an attempt id only when they start.
 *
 * The server joins the board to the exam's room before it reads the snapshot, so a change made
 * while the snapshot is read arrives as a delta before the snapshot is complete, and the snapshot
 * may hold the row as it was before that change. Row changes that arrive while a snapshot is
 * awaited are therefore held, and applied on top of it once it is in.
 */

export interface FeedItem extends ProctorEvent {
  /** Unique within the board, for React keys. */
  id: number;
}

export interface BoardState {
  exam: WatchedExam | null;
  rows: Map<string, ProctorRow>;
  /** attemptId → studentId, to apply progress and health that name only the attempt. */
  byAttempt: Map<string, string>;
  feed: FeedItem[];
  nextId: number;
  /** Server clock minus ours, from the last snapshot. */
  offset: number;
  /** Row changes that arrived while a snapshot was awaited, oldest first; null when none is. */
  held: RowChange[] | null;
  /** studentId → the checks waived for them, with the reason given. */
  waivers: Map<string, ReadonlyMap<WaivableCheck, string | null>>;
  /** The open help requests, by id, oldest first. */
  help: Map<string, HelpRequest>;
  /** The viewer's part of a shared hall, from the last snapshot; null: the whole hall is theirs. */
  part: HallPart | null;
}

export interface ProgressEntry {
  attemptId: string;
  studentId: string;
  answered: number;
  total: number;
  lastSaveAt: string | null;
}

/**
 * A violation's counts, as they left the student's row: the server sends no row with it. A flag
 * from the device adds one to the row's flags unless the counts already name them.
 */
type ViolationChange = { type: 'violations'; attemptId: string; studentId: string; violations: ProctorRow['violations'] | null; flag: boolean; at: string };

/** A break's state as a proctor's action answered it: the row follows at once, before the server's row comes. */
type BreakChange = { type: 'break'; attemptId: string; break: BreakState };

type RowChange = { type: 'row'; row: ProctorRow } | { type: 'progress'; students: ProgressEntry[] } | { type: 'health'; attemptId: string; pending: number } | ViolationChange | BreakChange;

const violationCounts = proctorRowSchema.shape.violations;

/** The row change a violation event carries, when it carries one (its counts, all three). */
function violationChange(e: ProctorEvent): ViolationChange | null {
  if (e.type !== 'violation') return null;
  const counts = violationCounts.safeParse(e.detail.counts);
  const flag = typeof e.detail.violation === 'string' && isDeviceFlag(e.detail.violation);
  if (!counts.success && !flag) return null;
  return { type: 'violations', attemptId: e.attemptId, studentId: e.studentId, violations: counts.success ? counts.data : null, flag, at: e.at };
}

function countedViolations(current: ProctorRow['violations'], change: ViolationChange): ProctorRow['violations'] {
  const next = change.violations ?? current;
  if (next.flags !== undefined && change.violations) return next;
  const flags = (current.flags ?? 0) + (change.flag ? 1 : 0);
  return flags ? { ...next, flags } : next;
}

export type BoardAction =
  | { type: 'watching' }
  | { type: 'watchFailed' }
  | { type: 'snapshot'; students: ProctorRow[]; exam: WatchedExam; offset: number; part?: HallPart | null }
  | RowChange
  | { type: 'event'; event: ProctorEvent }
  /** The stored events read back after a reload (newest first), merged under the live ones. */
  | { type: 'history'; events: ProctorEvent[] }
  | { type: 'waivers'; waivers: WaiverChange[] }
  /** A waiver granted or revoked, live: the row's badge follows and the feed says so. */
  | { type: 'waiver'; waiver: WaiverChange; at: string }
  | { type: 'helpList'; requests: HelpRequest[] }
  /** A help request opened or resolved, live. */
  | { type: 'help'; request: HelpRequest };

/** The feed keeps the newest events only: a long exam with 300 students would otherwise grow without end. */
export const FEED_LIMIT = 500;

export const emptyBoard = (): BoardState => ({
  exam: null,
  rows: new Map(),
  byAttempt: new Map(),
  feed: [],
  nextId: 1,
  offset: 0,
  held: null,
  waivers: new Map(),
  help: new Map(),
  part: null,
});

/** A live event and its stored row carry clocks read a moment apart: within this they are one event. */
const SAME_EVENT_MS = 2000;

/** What tells two copies of one event apart from two events: its kind, its student, and what it was about. */
function signature(e: ProctorEvent): string {
  const about = typeof e.detail.violation === 'string' ? e.detail.violation : '';
  return `${e.type}|${e.attemptId}|${about}`;
}

function sameEvent(a: ProctorEvent, b: ProctorEvent): boolean {
  const broadcast = broadcastIdOf(a.detail);
  if (broadcast || broadcastIdOf(b.detail)) return broadcast === broadcastIdOf(b.detail);
  return signature(a) === signature(b) && Math.abs(Date.parse(a.at) - Date.parse(b.at)) <= SAME_EVENT_MS;
}

function mergeHistory(state: BoardState, events: ProctorEvent[]): BoardState {
  let nextId = state.nextId;
  const added: FeedItem[] = [];
  for (const e of events) {
    if (e.type === 'progress') continue;
    if (state.feed.some((f) => sameEvent(f, e)) || added.some((f) => sameEvent(f, e))) continue;
    added.push({ ...e, id: nextId++ });
  }
  if (!added.length) return state;
  const feed = [...state.feed, ...added].sort((a, b) => Date.parse(b.at) - Date.parse(a.at)).slice(0, FEED_LIMIT);
  return { ...state, feed, nextId };
}

function withFeedItem(state: BoardState, e: ProctorEvent): BoardState {
  return { ...state, feed: [{ ...e, id: state.nextId }, ...state.feed].slice(0, FEED_LIMIT), nextId: state.nextId + 1 };
}

function withWaiver(waivers: BoardState['waivers'], w: WaiverChange): BoardState['waivers'] {
  const mine = new Map(waivers.get(w.studentId) ?? []);
  if (w.granted) mine.set(w.check, w.reason);
  else mine.delete(w.check);
  const next = new Map(waivers);
  if (mine.size) next.set(w.studentId, mine);
  else next.delete(w.studentId);
  return next;
}

/** The checks waived for a student, in the order the shared list names them. */
export function waivedChecks(state: Pick<BoardState, 'waivers'>, studentId: string): WaivableCheck[] {
  return [...(state.waivers.get(studentId)?.keys() ?? [])];
}

function indexAttempts(rows: Iterable<ProctorRow>): Map<string, string> {
  const index = new Map<string, string>();
  for (const r of rows) if (r.attemptId) index.set(r.attemptId, r.student._id);
  return index;
}

function withRow(state: BoardState, studentId: string, update: (row: ProctorRow) => ProctorRow): BoardState {
  const current = state.rows.get(studentId);
  if (!current) return state;
  const next = update(current);
  if (next === current) return state;
  const rows = new Map(state.rows);
  rows.set(studentId, next);
  return { ...state, rows };
}

export function boardReducer(state: BoardState, action: BoardAction): BoardState {
  if (state.held && (action.type === 'row' || action.type === 'progress' || action.type === 'health' || action.type === 'violations' || action.type === 'break')) return { ...state, held: [...state.held, action] };
  switch (action.type) {
    case 'watching':
      return { ...state, held: state.held ?? [] };
    case 'watchFailed':
      // No snapshot is coming: the held changes are the newest there is.
      return (state.held ?? []).reduce(boardReducer, { ...state, held: null });
    case 'snapshot': {
      const rows = new Map(action.students.map((r) => [r.student._id, r]));
      // A re-watch after a reconnect replaces the rows but keeps the feed seen so far.
      const fresh: BoardState = { ...state, exam: action.exam, rows, byAttempt: indexAttempts(rows.values()), offset: action.offset, held: null, part: action.part ?? null };
      return (state.held ?? []).reduce(boardReducer, fresh);
    }
    case 'row': {
      const previous = state.rows.get(action.row.student._id);
      // null means "not known right now" (the device is away): keep the last number reported.
      const row = action.row.pendingSaves === null && previous && previous.attemptId === action.row.attemptId ? { ...action.row, pendingSaves: previous.pendingSaves } : action.row;
      const rows = new Map(state.rows);
      rows.set(row.student._id, row);
      const byAttempt = row.attemptId && state.byAttempt.get(row.attemptId) !== row.student._id ? new Map(state.byAttempt).set(row.attemptId, row.student._id) : state.byAttempt;
      return { ...state, rows, byAttempt };
    }
    case 'progress': {
      let rows: Map<string, ProctorRow> | null = null;
      for (const p of action.students) {
        const studentId = state.byAttempt.get(p.attemptId) ?? p.studentId;
        const current = (rows ?? state.rows).get(studentId);
        if (!current || current.attemptId !== p.attemptId) continue;
        if (current.answered === p.answered && current.total === p.total && current.lastSaveAt === p.lastSaveAt) continue;
        rows ??= new Map(state.rows);
        rows.set(studentId, { ...current, answered: p.answered, total: p.total, lastSaveAt: p.lastSaveAt });
      }
      return rows ? { ...state, rows } : state;
    }
    case 'violations': {
      const studentId = state.byAttempt.get(action.attemptId) ?? action.studentId;
      return withRow(state, studentId, (r) =>
        r.attemptId !== action.attemptId
          ? r
          : { ...r, violations: countedViolations(r.violations, action), lastEventAt: r.lastEventAt && r.lastEventAt > action.at ? r.lastEventAt : action.at },
      );
    }
    case 'health': {
      const studentId = state.byAttempt.get(action.attemptId);
      if (!studentId) return state;
      return withRow(state, studentId, (r) => (r.pendingSaves === action.pending ? r : { ...r, pendingSaves: action.pending }));
    }
    case 'break': {
      const studentId = state.byAttempt.get(action.attemptId);
      if (!studentId) return state;
      return withRow(state, studentId, (r) => (r.attemptId === action.attemptId ? { ...r, break: action.break } : r));
    }
    case 'event': {
      const e = action.event;
      // Save progress is shown in the rows; in the feed it would drown everything else.
      if (e.type === 'progress') {
        const d = e.detail as { answered?: number; total?: number; lastSaveAt?: string | null };
        if (typeof d.answered !== 'number' || typeof d.total !== 'number') return state;
        return boardReducer(state, { type: 'progress', students: [{ attemptId: e.attemptId, studentId: e.studentId, answered: d.answered, total: d.total, lastSaveAt: d.lastSaveAt ?? null }] });
      }
      // A message to every student reaches the board once per student: the feed shows it once.
      const broadcast = broadcastIdOf(e.detail);
      if (broadcast && state.feed.some((f) => broadcastIdOf(f.detail) === broadcast)) return state;
      const listed = withFeedItem(state, e);
      const change = violationChange(e);
      return change ? boardReducer(listed, change) : listed;
    }
    case 'history':
      return mergeHistory(state, action.events);
    case 'waivers':
      return { ...state, waivers: action.waivers.filter((w) => w.granted).reduce(withWaiver, new Map()) };
    case 'waiver': {
      const w = action.waiver;
      const row = state.rows.get(w.studentId);
      const waivers = withWaiver(state.waivers, w);
      // The live event names who decided (a shared hall has several proctors).
      const by = w.byName ? { byName: w.byName } : {};
      return withFeedItem({ ...state, waivers }, { attemptId: row?.attemptId ?? '', studentId: w.studentId, type: 'waiver', at: action.at, detail: { check: w.check, reason: w.reason, granted: w.granted, ...by } });
    }
    case 'helpList':
      return { ...state, help: new Map(action.requests.filter((h) => h.status === 'open').map((h) => [h.id, h])) };
    case 'help': {
      const h = action.request;
      const help = new Map(state.help);
      if (h.status !== 'open') {
        const next = help.delete(h.id) ? { ...state, help } : state;
        // Only the server's word names who resolved it; the feed says so once (the proctor who
        // resolved it here removed the request already, before that word came).
        const said = state.feed.some((f) => f.type === 'help' && f.detail.requestId === h.id && f.detail.resolved === true);
        if (!h.byName || said) return next;
        const row = state.rows.get(h.studentId);
        return withFeedItem(next, { attemptId: row?.attemptId ?? '', studentId: h.studentId, type: 'help', at: h.at, detail: { check: h.check, requestId: h.id, resolved: true, byName: h.byName } });
      }
      const known = help.has(h.id);
      help.set(h.id, h);
      if (known) return { ...state, help };
      const row = state.rows.get(h.studentId);
      return withFeedItem({ ...state, help }, { attemptId: row?.attemptId ?? '', studentId: h.studentId, type: 'help', at: h.at, detail: { check: h.check, note: h.note } });
    }
  }
}
