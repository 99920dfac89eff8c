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
  return nulPath(value, 0)?.join('.');
}

/**
 * The path to the first NUL, its segments added on the way back out once one is found: every
 * socket event and REST body passes through here, and a path array per key was garbage for nothing.
 */
function nulPath(value: unknown, depth: number): (string | number)[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? [] : undefined;
  // Bodies are capped at 1 MB; the depth cap only guards the recursion itself.
  if (!value || typeof value !== 'object' || depth > 64) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], depth + 1);
      if (found) {
        found.unshift(i);
        return found;
      }
    }
    return undefined;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes('\u0000')) return [key.replaceAll('\u0000', '\\u0000')];
    const found = nulPath((value as Record<string, unknown>)[key], depth + 1);
    if (found) {
      found.unshift(key);
      return found;
    }
  }
  return undefined;
}
