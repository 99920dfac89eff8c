import { titleCase } from '../../lib/format';
import type { FeedItem } from './boardState';

/** The feed's and the timeline's words for each event type. */
export const EVENT_TYPES = ['joined', 'left', 'violation', 'submitted', 'message', 'extended', 'reinstated'] as const;

export const EVENT_LABELS: Record<string, string> = {
  joined: 'Joined',
  left: 'Left',
  violation: 'Violation',
  submitted: 'Submitted',
  message: 'Message',
  extended: 'Time extended',
  reinstated: 'Reinstated',
  progress: 'Progress',
};

const VIOLATION_LABELS: Record<string, string> = {
  'tab-switch': 'tab switch',
  'fullscreen-exit': 'fullscreen exit',
  copy: 'copy',
  paste: 'paste',
  'right-click': 'right-click',
  'blocked-key': 'blocked key',
};

const SUBMIT_LABELS: Record<string, string> = {
  student: 'by the student',
  'time-expired': 'time expired',
  violations: 'for violations',
  proctor: 'by a proctor',
};

export const eventLabel = (type: string) => EVENT_LABELS[type] ?? titleCase(type);

/** One line saying what happened, from the event's detail (whatever its shape, never throws). */
export function eventDetailText(type: string, detail: Record<string, unknown>): string {
  const str = (k: string) => (typeof detail[k] === 'string' ? (detail[k] as string) : undefined);
  const num = (k: string) => (typeof detail[k] === 'number' ? (detail[k] as number) : undefined);
  switch (type) {
    case 'violation': {
      const v = str('violation');
      return v ? (VIOLATION_LABELS[v] ?? v) : '';
    }
    case 'submitted': {
      const reason = str('reason');
      return reason ? (SUBMIT_LABELS[reason] ?? reason) : '';
    }
    case 'message':
      return str('text') ? `“${str('text')}”` : '';
    case 'extended':
      return num('minutes') ? `+${num('minutes')} min` : '';
    case 'reinstated':
      return 'automatic submission undone';
    default:
      return '';
  }
}

export interface FeedFilter {
  /** A student id, or '' for everyone. */
  studentId: string;
  /** An event type, or '' for every type. */
  type: string;
}

export function filterFeed(items: FeedItem[], filter: FeedFilter): FeedItem[] {
  if (!filter.studentId && !filter.type) return items;
  return items.filter((e) => (!filter.studentId || e.studentId === filter.studentId) && (!filter.type || e.type === filter.type));
}
