import { BREAK_SAVE_GRACE_MS } from '@exam/shared';

/**
 * SQL that is true while the attempt `a` (an alias, or '' for the bare table) is on a rest break:
 * one started, not yet at its end, and past the grace that lets saves sent just before it land.
 * Cheap enough for the save statement: three columns of the row it has already locked.
 */
export const onBreakSql = (a = '') => {
  const col = (name: string) => (a ? `${a}.${name}` : name);
  return `(${col('break_started_at')} is not null and now() >= ${col('break_started_at')} + interval '${BREAK_SAVE_GRACE_MS} milliseconds' and now() < ${col('break_ends_at')})`;
};
