import type { SnapshotFrom } from 'xstate';
import { isAnswered } from './answerBook';
import { contextBreakLeft, contextOnBreak, contextTimeLeft, contextTotalTime, type examTakingMachine } from './examTakingMachine';
import { overranAt } from './restBreak';
import { TAKING_MSG } from './messages';

type Snapshot = SnapshotFrom<typeof examTakingMachine>;

export type Phase = 'loading' | 'start' | 'starting' | 'taking' | 'submitting' | 'expired' | 'submitted' | 'error';

export function phaseOf(s: Snapshot): Phase {
  if (s.matches('loading')) return 'loading';
  if (s.matches('startScreen')) return 'start';
  if (s.matches('starting')) return 'starting';
  if (s.matches('error')) return 'error';
  if (s.matches({ attempt: 'submitted' })) return 'submitted';
  if (s.matches({ attempt: 'submitting' })) return 'submitting';
  if (s.matches({ attempt: 'timeExpired' })) return 'expired';
  return 'taking';
}

/** From the start until submitted: the phases the exam screen is a room of its own in. */
export function attemptOpen(phase: Phase): boolean {
  return phase === 'starting' || phase === 'taking' || phase === 'submitting' || phase === 'expired';
}

export type SaveState = 'saved' | 'saving' | 'connecting' | 'offline';

/**
 * Hues without a shade are the theme's text colour of that hue (darkened in light, shade 4 in
 * dark): shade 8 green on white was about 3.3:1, under WCAG's 4.5:1 for small text.
 */
export const SAVE_STATUS_COLORS: Record<SaveState, string> = { offline: 'orange', saved: 'green', saving: 'dimmed', connecting: 'dimmed' };

export function saveStateOf(s: Snapshot): SaveState {
  const { online, everOnline, book } = s.context;
  if (!online) return everOnline ? 'offline' : 'connecting';
  return Object.keys(book.pending).length > 0 ? 'saving' : 'saved';
}

export function saveStateText(state: SaveState, outboxAvailable: boolean): string {
  switch (state) {
    case 'saved':
      return TAKING_MSG.saved;
    case 'saving':
      return TAKING_MSG.saving;
    case 'connecting':
      return TAKING_MSG.connecting;
    case 'offline':
      return outboxAvailable ? TAKING_MSG.offline : TAKING_MSG.offlineNoStorage;
  }
}

export interface QuestionStatus {
  answered: boolean;
  marked: boolean;
}

export function questionStatuses(s: Snapshot): QuestionStatus[] {
  const { questions, book, marked } = s.context;
  return questions.map((q) => ({ answered: isAnswered(book.answers[q._id]), marked: marked.includes(q._id) }));
}

/** Equality for selectors returning fresh arrays: re-render only when a status changed. */
export function sameStatuses(a: QuestionStatus[], b: QuestionStatus[]): boolean {
  return a.length === b.length && a.every((x, i) => x.answered === b[i]!.answered && x.marked === b[i]!.marked);
}

export const timeLeftOf = (s: Snapshot) => contextTimeLeft(s.context);
/** The whole window this attempt had: its deadline minus its start (extensions included, rest breaks not). */
export const totalTimeOf = (s: Snapshot) => contextTotalTime(s.context);

/** On a rest break now: the questions are away and the clock stands still. */
export const onBreakOf = (s: Snapshot) => contextOnBreak(s.context);
/** Break time left (ms), or null when the student has no rest breaks. */
export const breakLeftOf = (s: Snapshot) => contextBreakLeft(s.context);
/** The break ran out here and the server has not confirmed its end yet: the questions are back already. */
export const breakOverranOf = (s: Snapshot) => overranAt(s.context.rest, s.context.now + s.context.offset);
