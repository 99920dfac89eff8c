import { DEFAULT_SETTINGS, type AudienceZone, type AudienceZonesQuery } from '@exam/shared';
import type { Db } from '../db';

/**
 * The time zones an exam's students read times in (their own settings, the built-in default for
 * those who never chose), most students first: the exam it is for is its eligible list, or with
 * none, every active student of its grade, as when it is published.
 */
export async function audienceZones(db: Db, query: { grade?: number; eligibleStudents: string[] } & Omit<AudienceZonesQuery, 'grade' | 'eligibleStudents'>): Promise<AudienceZone[]> {
  const students = db('users as u').where({ 'u.role': 'student', 'u.is_active': true }).whereNull('u.deleted_at');
  if (query.eligibleStudents.length) students.whereIn('u.id', query.eligibleStudents);
  else if (query.grade !== undefined) students.where('u.grade', query.grade);
  else return [];
  const rows = (await students
    .leftJoin('user_settings as s', 's.user_id', 'u.id')
    .select(db.raw(`coalesce(s.settings #>> '{preferences,timezone}', ?) as timezone`, [DEFAULT_SETTINGS.preferences.timezone]))
    .count('* as students')
    .groupBy(1)
    .orderBy([{ column: 'students', order: 'desc' }, { column: 'timezone' }])) as { timezone: string; students: string | number }[];
  return rows.map((r) => ({ timezone: r.timezone, students: Number(r.students) }));
}
