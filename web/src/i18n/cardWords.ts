import type { CardWords } from '@exam/shared';
import { i18n } from './index';
import { formatWords } from './format';

/** The shared card rules (studentCardAction, teacherCardActions, parentCardAction) worded in the reader's language. */
export const cardWords = (): CardWords => ({ t: (key, values) => i18n.t(key, { ns: 'messages', ...values }), format: formatWords });
