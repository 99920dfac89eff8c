import type { Knex } from 'knex';
import type { ExamListQuery } from '@exam/shared';
import type { Db } from '../db';
import type { Viewer } from '../policies';
import { scopeExams, staffsExams } from '../policies/exams';
import { sitsExams } from '../policies/people';
import type { ExamRow } from '../presenters/exam';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function applyFilters(q: Knex.QueryBuilder, f: Omit<ExamListQuery, 'page' | 'limit' | 'sort'>, withStatus: boolean): Knex.QueryBuilder {
  q.whereNull('e.archived_at'); // archived exams keep their results but leave every list
  if (f.subject) q.where('e.subject', f.subject);
  if (f.grade) q.where('e.grade', f.grade);
  if (f.difficulty) q.where('e.difficulty', f.difficulty);
  if (f.published) q.where('e.is_published', f.published === 'true');
  if (f.search) {
    const like = `%${escapeLike(f.search)}%`;
    q.where((w) => w.whereILike('e.title', like).orWhereILike('e.description', like));
  }
  if (withStatus && f.status === 'upcoming') q.where('e.start_at', '>', q.client.raw('now()'));
  if (withStatus && f.status === 'ongoing') q.where('e.start_at', '<=', q.client.raw('now()')).where('e.end_at', '>', q.client.raw('now()'));
  if (withStatus && f.status === 'completed') q.where('e.end_at', '<=', q.client.raw('now()'));
  // The admin statuses: Active = published and active, Published = published but not active.
  if (withStatus && f.status === 'active') q.where('e.is_published', true).where('e.is_active', true);
  if (withStatus && f.status === 'published') q.where('e.is_published', true).where('e.is_active', false);
  if (withStatus && f.status === 'draft') q.where('e.is_published', false);
  return q;
}

/**
 * The exams row plus totals, tags, eligible list, owner's name, (for students) attempt counts and
 * (for teachers) their place in the exam's shared hall, which the exam policy asks.
 */
export function selectExams(db: Db | Knex.Transaction, viewer: Viewer): Knex.QueryBuilder {
  const q = db('exams as e')
    .join('users as o', 'o.id', 'e.owner_id')
    .select(
      'e.*',
      'o.first_name as owner_first_name',
      'o.last_name as owner_last_name',
      db.raw('(select count(*)::int from exam_questions eq where eq.exam_id = e.id) as total_questions'),
      db.raw(
        '(select coalesce(sum(q.points), 0)::int from exam_questions eq join questions q on q.id = eq.question_id where eq.exam_id = e.id) as total_marks',
      ),
      db.raw("(select coalesce(json_agg(t.tag order by t.tag), '[]'::json) from exam_tags t where t.exam_id = e.id) as tags"),
      db.raw("(select coalesce(json_agg(s.student_id), '[]'::json) from exam_eligible_students s where s.exam_id = e.id) as eligible_ids"),
      db.raw('(select count(*)::int from attempts a where a.exam_id = e.id) as any_attempts'),
      db.raw("(select coalesce(json_agg(eq.question_id order by eq.position), '[]'::json) from exam_questions eq where eq.exam_id = e.id) as question_ids"),
    );
  if (staffsExams(viewer.user.role)) {
    q.select(
      db.raw(
        `(select json_build_object('proctors', st.proctors, 'reviews', st.reviews, 'marks', st.marks, 'sections', st.sections, 'studentIds', st.student_ids)
            from exam_staff st where st.exam_id = e.id and st.user_id = ?) as viewer_staff`,
        [viewer.user.id],
      ),
    );
  }
  if (sitsExams(viewer.user.role)) {
    q.select(
      db.raw('(select count(*)::int from attempts a where a.exam_id = e.id and a.student_id = ?) as attempt_count', [viewer.user.id]),
      db.raw("(select count(*)::int from attempts a where a.exam_id = e.id and a.student_id = ? and a.status = 'in_progress') as in_progress_count", [
        viewer.user.id,
      ]),
      // The card's 'View Result' opens the latest finished attempt (its id is the submission id).
      db.raw(
        "(select a.id from attempts a where a.exam_id = e.id and a.student_id = ? and a.status <> 'in_progress' order by a.submitted_at desc, a.attempt_number desc limit 1) as last_submission_id",
        [viewer.user.id],
      ),
    );
  }
  return q;
}

const SORT_COLUMNS: Record<string, string> = {
  startTime: 'e.start_at',
  title: 'lower(e.title)',
  subject: 'e.subject',
  duration: 'e.duration_minutes',
  createdAt: 'e.created_at',
};

export interface ExamPage {
  rows: ExamRow[];
  total: number;
  stats: { total: number; upcoming: number; ongoing: number; completed: number; published: number; draft: number };
}

/** One page of the catalogue, its total, and counters over every status (for the stat cards). */
export async function listExams(db: Db, viewer: Viewer, query: ExamListQuery): Promise<ExamPage> {
  const desc = query.sort.startsWith('-');
  const column = SORT_COLUMNS[query.sort.replace(/^-/, '')] ?? 'e.start_at';
  // A teacher's list holds the exams whose hall they share too (marked by myRole); the counters follow the list.
  const rows = (await applyFilters(scopeExams(selectExams(db, viewer), viewer, { staffed: true }), query, true)
    .orderByRaw(`${column} ${desc ? 'desc' : 'asc'}, e.id`)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)) as ExamRow[];
  const counters = (await applyFilters(scopeExams(db('exams as e'), viewer, { staffed: true }), query, false)
    .select(
      db.raw('count(*)::int as total'),
      db.raw('count(*) filter (where e.start_at > now())::int as upcoming'),
      db.raw('count(*) filter (where e.start_at <= now() and e.end_at > now())::int as ongoing'),
      db.raw('count(*) filter (where e.end_at <= now())::int as completed'),
      db.raw('count(*) filter (where e.is_published)::int as published'),
      db.raw('count(*) filter (where not e.is_published)::int as draft'),
      db.raw('count(*) filter (where e.is_published and e.is_active)::int as active'),
      db.raw('count(*) filter (where e.is_published and not e.is_active)::int as "publishedInactive"'),
    )
    .first()) as ExamPage['stats'] & { active: number; publishedInactive: number };
  // `published` counts every published exam (the stat card); the Published filter means published but not active.
  const { active: _active, publishedInactive: _publishedInactive, ...stats } = counters;
  const total = query.status ? counters[query.status === 'published' ? 'publishedInactive' : query.status] : counters.total;
  return { rows, total, stats };
}

export async function findExam(db: Db | Knex.Transaction, viewer: Viewer, id: string): Promise<ExamRow | undefined> {
  return (await selectExams(db, viewer).where('e.id', id).first()) as ExamRow | undefined;
}
