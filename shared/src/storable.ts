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
export function findNul(value: unknown, path: (string | number)[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : undefined;
  // Bodies are capped at 1 MB; the depth cap only guards the recursion itself.
  if (!value || typeof value !== 'object' || depth > 64) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...path, i], depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, v] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '\\u0000')].join('.');
    const found = findNul(v, [...path, key], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
