import type { StudentListQuery } from '@exam/shared';
import type { Db } from '../db';
import type { UserRow } from '../db/userRow';
import type { Onlooker } from '../presenters/user';
import { shownEmailSql, emailShownSql } from './contactPrivacy';
import { whereNameOrEmailStartsWith } from './userAdmin';

const SORT_COLUMNS = { name: ['last_name', 'first_name'], grade: ['grade', 'section'], createdAt: ['created_at'] } as const;

/**
 * GET /users/students/list (teachers and admins): one page of students with the filters of the
 * students screen, plus counters over every student matching grade, section and search (the
 * status filter does not narrow the counters, so the cards still show active and inactive).
 */
export async function listStudents(db: Db, onlooker: Onlooker, query: StudentListQuery) {
  const base = db('users').where({ role: 'student' }).whereNull('deleted_at');
  if (query.grade) base.where('grade', query.grade);
  if (query.section) base.where('section', query.section);
  if (query.search) whereNameOrEmailStartsWith(base, query.search, 'users', emailShownSql(db, onlooker, 'users'));

  const [counts] = (await base
    .clone()
    .select(
      db.raw('count(*)::int as total'),
      db.raw('count(*) filter (where is_active)::int as active'),
      db.raw('count(distinct grade)::int as grades'),
    )) as { total: number; active: number; grades: number }[];

  const page = base.clone();
  if (query.status) page.where('is_active', query.status === 'active');
  const [{ n }] = (await page.clone().count({ n: '*' })) as [{ n: number | string }];
  const q = page.clone().select('*');
  // By e-mail, hidden addresses (privacy) sort as blanks, last: their order would tell them apart.
  if (query.sort.field === 'email') q.orderByRaw(`? ${query.sort.direction} nulls last`, [shownEmailSql(db, onlooker, 'users')]);
  else for (const column of SORT_COLUMNS[query.sort.field]) q.orderBy(column, query.sort.direction);
  const rows = (await q
    .orderBy('id', query.sort.direction)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)) as UserRow[];

  return {
    rows,
    total: Number(n),
    stats: { total: counts!.total, active: counts!.active, inactive: counts!.total - counts!.active, grades: counts!.grades },
  };
}
