import type { ExamSettings } from '@exam/shared';
import type { Db } from '../db';

/** What follows a submission needs of its exam: whether and how results show, and whose exam it is. */
export interface ExamFacts {
  id: string;
  title: string;
  owner_id: string;
  settings: ExamSettings;
  results_released_at: Date | null;
}

/**
 * The exams' facts in one read. What follows a submission (the result's notices, achievements,
 * dashboards) used to read the same exam row three times; on a busy node each of those round trips
 * costs far more than the query itself, so the follow-up reads it once and hands it on.
 */
export async function examFacts(db: Db, examIds: Iterable<string>): Promise<Map<string, ExamFacts>> {
  const ids = [...new Set(examIds)];
  if (!ids.length) return new Map();
  const rows = (await db('exams').whereIn('id', ids).select('id', 'title', 'owner_id', 'settings', 'results_released_at')) as ExamFacts[];
  return new Map(rows.map((e) => [e.id, e]));
}
