import type { MSG } from '@exam/shared';
import type messages from '../../../shared/src/locales/en/messages.json';
import { i18n } from './index';

type Paths<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}` }[keyof T & string];
/** A key of the shared `messages` catalogue: 'common.networkError', 'exams.titleTooShort', … */
export type MessagePath = Paths<typeof messages>;

/** One of the shared catalogue texts (shared with the server) in the reader's language. */
export const msg = (key: MessagePath, values?: Record<string, unknown>): string => i18n.t(key, { ns: 'messages', ...values });

export type CommonMessage = keyof typeof MSG;
