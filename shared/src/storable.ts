import messages from './locales/en/messages.json' with { type: 'json' };
/**
 * What PostgreSQL can store, checked at the edge (every REST body, query and socket payload) so
 * one caller's bad value is refused on its own and never reaches a statement shared with others.
 */

/** PostgreSQL `integer` (seq and other counters). */
export const MAX_PG_INT = 2_147_483_647;

export const STORABLE_MSG = messages.storable;

/**
 * The path of the first string (value or object key) holding a NUL character, '' for the value
 * itself, or undefined when there is none. PostgreSQL's text and jsonb cannot hold U+0000.
 */
export function findNul(value: unknown): string | undefined {
  return findBad(value, 0, nulIn)?.path.map(shown).join('.');
}

/**
 * The first string (value or object key) PostgreSQL cannot store as it is: its path ('' for the
 * value itself) and why, as the message to answer with. A NUL PostgreSQL refuses; a lone
 * surrogate (half of a character, not text at all) jsonb refuses, and text would keep U+FFFD in
 * its place. Undefined when every string is storable.
 */
export function findUnstorable(value: unknown): { field: string; message: string } | undefined {
  const found = findBad(value, 0, unstorableIn);
  return found && { field: found.path.map(shown).join('.'), message: found.why };
}

/** A surrogate without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const nulIn = (s: string) => (s.includes('\u0000') ? STORABLE_MSG.nul : undefined);
const unstorableIn = (s: string) => nulIn(s) ?? (LONE_SURROGATE.test(s) ? STORABLE_MSG.surrogate : undefined);

/** A path segment as it can be shown and logged: a key's unstorable characters written as escapes. */
function shown(segment: string | number): string | number {
  // eslint-disable-next-line no-control-regex -- NUL is one of the characters this writes out
  return typeof segment === 'string' && unstorableIn(segment) ? segment.replace(/[\u0000\uD800-\uDFFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : segment;
}

/**
 * The path to the first bad string and why, its segments added on the way back out once one is
 * found: every socket event and REST body passes through here, and a path array per key was
 * garbage for nothing.
 */
function findBad(value: unknown, depth: number, bad: (s: string) => string | undefined): { path: (string | number)[]; why: string } | undefined {
  if (typeof value === 'string') {
    const why = bad(value);
    return why === undefined ? undefined : { path: [], why };
  }
  // Bodies are capped at 1 MB; the depth cap only guards the recursion itself.
  if (!value || typeof value !== 'object' || depth > 64) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findBad(value[i], depth + 1, bad);
      if (found) {
        found.path.unshift(i);
        return found;
      }
    }
    return undefined;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const why = bad(key);
    if (why !== undefined) return { path: [key], why };
    const found = findBad((value as Record<string, unknown>)[key], depth + 1, bad);
    if (found) {
      found.path.unshift(key);
      return found;
    }
  }
  return undefined;
}
