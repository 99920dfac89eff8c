import knexFactory from 'knex';
import { describe, expect, it } from 'vitest';
import { ids, viewers, type ViewerName } from '../test/viewers';
import { mayListSubmissionsOf, readsAsGrader, readsOwnListAsEverything, scopeSubmissions } from './submissions';

describe('whose submissions a viewer may ask for', () => {
  const table: [ViewerName, string, keyof typeof ids, boolean][] = [
    ['student', 'their own', 'student', true],
    ['student', 'another student’s', 'otherStudent', false],
    ['parent', 'a linked child’s', 'student', true],
    ['parent', 'another child’s', 'otherStudent', false],
    ['unlinkedParent', 'a child whose link they do not hold', 'student', false],
    ['teacher', 'any student’s (the scope keeps their own exams’)', 'otherStudent', true],
    ['admin', 'any student’s', 'otherStudent', true],
  ];
  it.each(table)('%s asks for %s: %s', (who, _what, student, allowed) => {
    expect(mayListSubmissionsOf(viewers[who], ids[student])).toBe(allowed);
  });

  it('a parent or teacher naming themselves means every submission they may see; a student means their own', () => {
    expect(readsOwnListAsEverything(viewers.parent, ids.parent)).toBe(true);
    expect(readsOwnListAsEverything(viewers.teacher, ids.teacher)).toBe(true);
    expect(readsOwnListAsEverything(viewers.student, ids.student)).toBe(false);
    expect(readsOwnListAsEverything(viewers.parent, ids.student)).toBe(false);
  });

  it('teachers and admins read as graders; students and parents wait for the results', () => {
    expect((['admin', 'teacher', 'student', 'parent'] as const).map((who) => readsAsGrader(viewers[who]))).toEqual([true, true, false, false]);
  });
});

describe('which submissions a viewer lists', () => {
  const db = knexFactory({ client: 'pg' });
  const where = (who: ViewerName) => scopeSubmissions(viewers[who], db('attempts as a')).toString().replace('select * from "attempts" as "a"', '').trim();

  it('an admin every one, a teacher those on the exams they own or mark, a student their own, a parent a linked child’s, an unlinked parent none', () => {
    expect(where('admin')).toBe('');
    expect(where('teacher')).toBe(
      `where ("e"."owner_id" = '${ids.teacher}' or exists (select 1 from "exam_staff" as "st" where st.exam_id = e.id and "st"."user_id" = '${ids.teacher}' and "st"."marks" = true))`,
    );
    expect(where('student')).toBe(`where "a"."student_id" = '${ids.student}'`);
    expect(where('parent')).toBe(`where "a"."student_id" in ('${ids.student}')`);
    expect(where('unlinkedParent')).toBe('where false');
  });
});
