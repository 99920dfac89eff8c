export interface Selection {
  start: number;
  end: number;
}

/**
 * `insert` put where the teacher's cursor was in `value` (replacing a selection), or appended on a
 * line of its own when the feedback box never had the cursor. Returns the new value and where the
 * cursor goes next, just after the inserted text.
 */
export function insertText(value: string, insert: string, at: Selection | null): { value: string; cursor: number } {
  if (!at) {
    const glue = value.trim() === '' ? '' : value.endsWith('\n') || value.endsWith(' ') ? '' : ' ';
    const next = `${value}${glue}${insert}`;
    return { value: next, cursor: next.length };
  }
  const start = Math.min(at.start, value.length);
  const end = Math.min(Math.max(at.end, start), value.length);
  const before = value.slice(0, start);
  const after = value.slice(end);
  const lead = before && !/\s$/.test(before) ? ' ' : '';
  const trail = after && !/^\s/.test(after) ? ' ' : '';
  const piece = `${lead}${insert}${trail}`;
  return { value: `${before}${piece}${after}`, cursor: before.length + lead.length + insert.length };
}
