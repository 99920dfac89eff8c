import type { ProctorEvent, ProctorRow, WatchedExam } from '@exam/shared';
import { proctorRowSchema } from './schemas';

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
}

export interface ProgressEntry {
  attemptId: string;
  studentId: string;
  answered: number;
  total: number;
  lastSaveAt: string | null;
}

/** A violation's counts, as they left the student's row: the server sends no row with it. */
type ViolationChange = { type: 'violations'; attemptId: string; studentId: string; violations: ProctorRow['violations']; at: string };

type RowChange = { type: 'row'; row: ProctorRow } | { type: 'progress'; students: ProgressEntry[] } | { type: 'health'; attemptId: string; pending: number } | ViolationChange;

const violationCounts = proctorRowSchema.shape.violations;

/** The row change a violation event carries, when it carries one (its counts, all three). */
function violationChange(e: ProctorEvent): ViolationChange | null {
  if (e.type !== 'violation') return null;
  const counts = violationCounts.safeParse(e.detail.counts);
  return counts.success ? { type: 'violations', attemptId: e.attemptId, studentId: e.studentId, violations: counts.data, at: e.at } : null;
}

export type BoardAction =
  | { type: 'watching' }
  | { type: 'watchFailed' }
  | { type: 'snapshot'; students: ProctorRow[]; exam: WatchedExam; offset: number }
  | RowChange
  | { type: 'event'; event: ProctorEvent };

/** The feed keeps the newest events only: a long exam with 300 students would otherwise grow without end. */
export const FEED_LIMIT = 500;

export const emptyBoard = (): BoardState => ({ exam: null, rows: new Map(), byAttempt: new Map(), feed: [], nextId: 1, offset: 0, held: null });

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
  if (state.held && (action.type === 'row' || action.type === 'progress' || action.type === 'health' || action.type === 'violations')) return { ...state, held: [...state.held, action] };
  switch (action.type) {
    case 'watching':
      return { ...state, held: state.held ?? [] };
    case 'watchFailed':
      // No snapshot is coming: the held changes are the newest there is.
      return (state.held ?? []).reduce(boardReducer, { ...state, held: null });
    case 'snapshot': {
      const rows = new Map(action.students.map((r) => [r.student._id, r]));
      // A re-watch after a reconnect replaces the rows but keeps the feed seen so far.
      const fresh: BoardState = { ...state, exam: action.exam, rows, byAttempt: indexAttempts(rows.values()), offset: action.offset, held: null };
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
          : { ...r, violations: action.violations, lastEventAt: r.lastEventAt && r.lastEventAt > action.at ? r.lastEventAt : action.at },
      );
    }
    case 'health': {
      const studentId = state.byAttempt.get(action.attemptId);
      if (!studentId) return state;
      return withRow(state, studentId, (r) => (r.pendingSaves === action.pending ? r : { ...r, pendingSaves: action.pending }));
    }
    case 'event': {
      const e = action.event;
      // Save progress is shown in the rows; in the feed it would drown everything else.
      if (e.type === 'progress') {
        const d = e.detail as { answered?: number; total?: number; lastSaveAt?: string | null };
        if (typeof d.answered !== 'number' || typeof d.total !== 'number') return state;
        return boardReducer(state, { type: 'progress', students: [{ attemptId: e.attemptId, studentId: e.studentId, answered: d.answered, total: d.total, lastSaveAt: d.lastSaveAt ?? null }] });
      }
      const item: FeedItem = { ...e, id: state.nextId };
      const listed: BoardState = { ...state, feed: [item, ...state.feed].slice(0, FEED_LIMIT), nextId: state.nextId + 1 };
      const change = violationChange(e);
      return change ? boardReducer(listed, change) : listed;
    }
  }
}
