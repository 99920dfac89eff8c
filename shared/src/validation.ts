import { z } from 'zod';
import messages from './locales/en/messages.json' with { type: 'json' };
import { fillMessage } from './messages';

const V = messages.validation;

const toNumber = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);

/** `page` of a list query: a whole number from 1, 1 when absent. */
export const pageQueryField = z
  .preprocess(toNumber, z.number({ error: V.pageInvalid }).int(V.pageInvalid).min(1, V.pageMin))
  .default(1);

/** `limit` of a list query: how many a page shows, 1 to `max`, `def` when absent. */
export const limitQueryField = (def: number, max = 100) =>
  z
    .preprocess(toNumber, z.number({ error: V.perPageInvalid }).int(V.perPageInvalid).min(1, V.perPageMin).max(max, fillMessage(V.perPageMax, { max })))
    .default(def);

type RawIssue = z.core.$ZodRawIssue;

/**
 * Our catalogue's words (English, filled) for the checks a schema gives no text of its own: a
 * number too big, a missing field, a choice not offered. Never zod's "Too big: expected number to
 * be <=100"; whoever shows the text translates it from the catalogue. Undefined for anything else.
 */
export function issueText(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return V.required;
      if (issue.expected === 'number') return V.mustBeNumber;
      if (issue.expected === 'int') return V.mustBeWholeNumber;
      if (issue.expected === 'boolean') return V.mustBeBoolean;
      if (issue.expected === 'string') return V.mustBeText;
      return V.invalidValue;
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.inclusive === false) return undefined;
      if (issue.origin === 'number' || issue.origin === 'int') return fillMessage(V.numberAtMost, { max });
      if (issue.origin === 'string') return fillMessage(V.tooLong, { max });
      if (issue.origin === 'array' || issue.origin === 'set') return fillMessage(V.chooseAtMost, { max });
      return undefined;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.inclusive === false) return undefined;
      if (issue.origin === 'number' || issue.origin === 'int') return fillMessage(V.numberAtLeast, { min });
      if (issue.origin === 'string') return min === 1 ? V.required : fillMessage(V.textAtLeast, { min });
      if (issue.origin === 'array' || issue.origin === 'set') return fillMessage(V.chooseAtLeast, { min });
      return undefined;
    }
    case 'invalid_value':
      return issue.values.length && issue.values.length <= 12 ? fillMessage(V.mustBeOneOf, { values: issue.values.map(String).join(', ') }) : V.invalidValue;
    case 'invalid_format':
    case 'invalid_union':
      return V.invalidValue;
    default:
      return undefined;
  }
}
