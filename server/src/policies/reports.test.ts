import knexFactory from 'knex';
import { describe, expect, it } from 'vitest';
import { ids, viewers, type ViewerName } from '../test/viewers';
import { mayReadProgressOf, scopeProgressResults } from './reports';

describe('who reads a student’s progress report', () => {
  const table: [ViewerName, string, keyof typeof ids, boolean][] = [
    ['admin', 'any student', 'otherStudent', true],
    ['teacher', 'any student', 'otherStudent', true],
    ['parent', 'a linked child', 'student', true],
    ['parent', 'another child', 'otherStudent', false],
    ['unlinkedParent', 'a child whose link they do not hold', 'student', false],
    ['student', 'themselves', 'student', false],
    ['student', 'another student', 'otherStudent', false],
  ];
  it.each(table)('%s reads the report of %s: %s', (who, _what, student, allowed) => {
    expect(mayReadProgressOf(viewers[who], ids[student])).toBe(allowed);
  });

  it('a teacher’s report counts their own exams, a parent’s only results that are out, an admin’s all', () => {
    const db = knexFactory({ client: 'pg' });
    const sql = (who: ViewerName) => scopeProgressResults(viewers[who], db('attempts as a')).toString();
    expect(sql('admin')).toBe('select * from "attempts" as "a"');
    expect(sql('teacher')).toContain(`"e"."owner_id" = '${ids.teacher}'`);
    expect(sql('parent')).toContain('results_released_at is not null');
  });
});
