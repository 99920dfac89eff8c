import { SUBMIT_REASONS, VIOLATION_TYPES } from '@exam/shared';
import { i18n } from '../../i18n';
import { enumLabel } from '../../i18n/format';
import { titleCase } from '../../lib/format';
import type { FeedItem } from './boardState';
import { submitReasonKey } from './rows';

/** The feed's and the timeline's words for each event type. */
export const EVENT_TYPES = ['joined', 'left', 'violation', 'submitted', 'message', 'extended', 'reinstated'] as const;

const KNOWN_EVENTS = new Set<string>([...EVENT_TYPES, 'progress']);
const t = (key: string, values?: Record<string, unknown>) => i18n.t(`proctor:feed.${key}`, values);

/** An event type in words; a type this screen does not know yet reads as its own name. */
export const eventLabel = (type: string) => (KNOWN_EVENTS.has(type) ? t(`events.${type}`) : titleCase(type));

/** One line saying what happened, from the event's detail (whatever its shape, never throws). */
export function eventDetailText(type: string, detail: Record<string, unknown>): string {
  const str = (k: string) => (typeof detail[k] === 'string' ? (detail[k] as string) : undefined);
  const num = (k: string) => (typeof detail[k] === 'number' ? (detail[k] as number) : undefined);
  switch (type) {
    case 'violation': {
      const v = str('violation');
      return v ? ((VIOLATION_TYPES as readonly string[]).includes(v) ? enumLabel('violationTypes', v) : v) : '';
    }
    case 'submitted': {
      const reason = str('reason');
      return reason ? ((SUBMIT_REASONS as readonly string[]).includes(reason) ? t(`submitReasons.${submitReasonKey(reason)}`) : reason) : '';
    }
    case 'message':
      return str('text') ? t('quoted', { text: str('text') }) : '';
    case 'extended':
      return num('minutes') ? t('extraMinutes', { minutes: num('minutes') }) : '';
    case 'reinstated':
      return t('reinstatedDetail');
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
