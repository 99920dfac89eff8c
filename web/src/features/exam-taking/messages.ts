import { violationLimits, type SubmitReason, type ViolationLimits, type ViolationType } from '@exam/shared';
import type { Proctoring } from './types';
import type { ViolationCounts } from './types';

/** The taking screen's own words, where the spec gives none. */
export const TAKING_MSG = {
  saved: 'All answers saved',
  saving: 'Saving…',
  connecting: 'Connecting…',
  offline: 'Offline — answers are kept on this device and will be sent when you reconnect',
  offlineNoStorage: 'Offline — answers are kept in this tab only (do not close it) and will be sent when you reconnect',
  timeExpired: 'Time expired',
  timeExpiredDetail: 'Your answers are being submitted automatically.',
  startFailed: 'Failed to start exam',
  submitFailed: 'Failed to submit exam',
  unsentAtSubmit: 'Some answers have not reached the server yet. Check your connection and try again.',
  sessionOver: 'Your session has ended. Sign in again to continue: your answers are kept on this device.',
  attemptUnavailable: 'This attempt can no longer be opened.',
} as const;

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** One more than the limit submits: the student may leave `limit - count` more times safely. */
function remainingText(count: number, limit: number): string {
  const left = limit + 1 - count;
  if (left <= 1) return 'One more time and your exam will be submitted automatically.';
  return `${left} more times and your exam will be submitted automatically.`;
}

export function warningText(
  type: ViolationType,
  counts: ViolationCounts,
  proctoring: Pick<Proctoring, 'preventTabSwitching' | 'requireFullscreen' | 'tabSwitchesAllowed' | 'fullscreenExitsAllowed'>,
): string {
  const limits = violationLimits(proctoring);
  switch (type) {
    case 'tab-switch':
      return proctoring.preventTabSwitching
        ? `Warning: you left the exam tab (${counts.tabSwitches} ${plural(counts.tabSwitches, 'time', 'times')}). ${remainingText(counts.tabSwitches, limits.tabSwitches)}`
        : 'Warning: you left the exam tab. This was recorded.';
    case 'fullscreen-exit':
      return proctoring.requireFullscreen
        ? `Warning: you left fullscreen (${counts.fullscreenExits} ${plural(counts.fullscreenExits, 'time', 'times')}). ${remainingText(counts.fullscreenExits, limits.fullscreenExits)}`
        : 'Warning: you left fullscreen. This was recorded.';
    case 'copy':
      return 'Warning: copying is not allowed during this exam. This was recorded.';
    case 'paste':
      return 'Warning: pasting is not allowed during this exam. This was recorded.';
    case 'right-click':
      return 'Warning: the context menu is disabled during this exam. This was recorded.';
    case 'blocked-key':
      return 'Warning: that key combination is not allowed during this exam. This was recorded.';
  }
}

export interface SubmittedText {
  title: string;
  detail: string;
}

export function submittedText(reason: SubmitReason | null, counts: ViolationCounts, limits: ViolationLimits = violationLimits()): SubmittedText {
  switch (reason) {
    case 'student':
      return { title: 'Exam submitted', detail: 'You submitted the exam.' };
    case 'time-expired':
      return { title: 'Time expired', detail: 'Your exam was submitted automatically when the time ran out, with every answer saved until then.' };
    case 'violations': {
      const tabs = counts.tabSwitches > limits.tabSwitches;
      const screens = counts.fullscreenExits > limits.fullscreenExits;
      const cause = tabs
        ? `too many tab switches (${counts.tabSwitches})`
        : screens
          ? `too many fullscreen exits (${counts.fullscreenExits})`
          : 'too many tab switches or fullscreen exits';
      return { title: 'Exam submitted automatically', detail: `Your exam was submitted automatically because of ${cause}.` };
    }
    case 'proctor':
      return { title: 'Exam submitted by your proctor', detail: 'Your proctor submitted your exam.' };
    default:
      return { title: 'Exam submitted', detail: 'Your exam has been submitted.' };
  }
}
