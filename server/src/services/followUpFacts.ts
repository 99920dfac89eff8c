import type { ExamSettings } from '@exam/shared';
import type { Db } from '../db';
import { resultHoldSql, resultShownSql } from '../policies/results';
import { recipientsFrom, type RecipientRow, type Recipients } from './settings';
import { GRANTING_STATUS } from '../policies/parentLinks';

/** What follows a submission needs of its exam: whether and how results show, and whose exam it is. */
export interface ExamFacts {
  id: string;
  title: string;
  owner_id: string;
  settings: ExamSettings;
  results_released_at: Date | null;
}

/** A result its student may see (graded, its exam shows results at once or released them, and the integrity review holds nothing back). */
export interface VisibleResult {
  student_id: string;
  attempt_id: string;
  subject: string;
  percentage: number;
  passed: boolean;
}

/** Everything announcing graded attempts reads, and the exams of the rest (for the dashboards). */
export interface FollowUpFacts {
  exams: Map<string, ExamFacts>;
  /** Each graded attempt's student: first name and accepted parents. */
  families: Map<string, { name: string; parents: string[] }>;
  /** The graded attempts' students' visible results, each student's oldest first (what achievements judge). */
  results: Map<string, VisibleResult[]>;
  /** Whoever a result or an achievement may be told to: the students, their parents, the graded exams' owners. */
  recipients: Recipients;
  /** The graded attempts (of those given, with their ids) whose result the integrity review holds back from the student and parents. */
  held: Set<string>;
}

type Part =
  | { part: 'exams'; data: [string, string, string, ExamSettings, string | null][] }
  | { part: 'families'; data: [string, string, string | null][] }
  | { part: 'results'; data: [string, string, string, number | string, boolean][] }
  | { part: 'recipients'; data: [string, string, string, boolean, unknown][] }
  | { part: 'held'; data: string[] };

/**
 * The facts in ONE round trip: the exams, and for the graded attempts their students' families,
 * visible results and everyone who may be told. What follows a graded submission used to read
 * them in four queries (exams, families, results, recipients); while thousands of students save,
 * each round trip cost the node about a millisecond. Each part comes back as one JSON array, as
 * gradingInputs reads.
 */
export async function followUpFacts(db: Db, attempts: { id?: string; exam_id: string; student_id: string; status: string }[]): Promise<FollowUpFacts> {
  const graded = attempts.filter((a) => a.status === 'graded');
  const { rows } = (await db.raw(
    `with ex as (
       select id, title, owner_id, settings, results_released_at from exams where id = any(?::uuid[])
     ), fam as (
       select u.id, u.first_name, pc.parent_id
         from users u left join parent_children pc on pc.child_id = u.id and pc.status = '${GRANTING_STATUS}'
        where u.id = any(?::uuid[])
     )
     select 'exams' as part, coalesce(json_agg(json_build_array(id, title, owner_id, settings, results_released_at)), '[]') as data from ex
     union all
     select 'families', coalesce(json_agg(json_build_array(id, first_name, parent_id)), '[]') from fam
     union all
     select 'results', coalesce(json_agg(json_build_array(a.student_id, a.id, e.subject, a.percentage, a.passed)
                                         order by a.student_id, a.graded_at, a.submitted_at, a.id), '[]')
       from attempts a join exams e on e.id = a.exam_id
      where a.student_id in (select id from fam) and a.status = 'graded'
        and ${resultShownSql('e', 'a')}
     union all
     select 'held', coalesce(json_agg(a.id), '[]')
       from attempts a join exams e on e.id = a.exam_id
      where a.id = any(?::uuid[]) and ${resultHoldSql('e', 'a')} is not null
     union all
     select 'recipients', coalesce(json_agg(json_build_array(u.id, u.email, u.first_name, u.is_active, us.settings)), '[]')
       from users u left join user_settings us on us.user_id = u.id
      where u.id in (select id from fam union select parent_id from fam union select owner_id from ex where id = any(?::uuid[]))`,
    [
      [...new Set(attempts.map((a) => a.exam_id))],
      [...new Set(graded.map((a) => a.student_id))],
      graded.flatMap((a) => (a.id ? [a.id] : [])),
      [...new Set(graded.map((a) => a.exam_id))],
    ] as unknown as readonly string[],
  )) as { rows: Part[] };
  const facts: FollowUpFacts = { exams: new Map(), families: new Map(), results: new Map(), recipients: new Map(), held: new Set() };
  for (const r of rows) {
    if (r.part === 'exams') {
      for (const [id, title, owner_id, settings, released] of r.data) facts.exams.set(id, { id, title, owner_id, settings, results_released_at: released === null ? null : new Date(released) });
    } else if (r.part === 'families') {
      for (const [id, name, parentId] of r.data) {
        const family = facts.families.get(id) ?? { name, parents: [] };
        if (parentId) family.parents.push(parentId);
        facts.families.set(id, family);
      }
    } else if (r.part === 'results') {
      for (const [student_id, attempt_id, subject, percentage, passed] of r.data) {
        if (!facts.results.has(student_id)) facts.results.set(student_id, []);
        facts.results.get(student_id)!.push({ student_id, attempt_id, subject, percentage: Number(percentage), passed });
      }
    } else if (r.part === 'held') {
      facts.held = new Set(r.data);
    } else {
      const users = r.data.map(([id, email, first_name, is_active, settings]): RecipientRow => ({ id, email, first_name, is_active, settings }));
      facts.recipients = recipientsFrom(users.map((u) => u.id), users);
    }
  }
  return facts;
}
