import knexFactory from 'knex';
import { describe, expect, it } from 'vitest';
import { ids, viewers, type ViewerName } from '../test/viewers';
import { STAFF } from './people';
import { mayChangeRubric, mayReadRubric, RUBRIC_KEEPERS, scopeRubrics } from './rubrics';

describe('who reaches a rubric of a library', () => {
  const table: [ViewerName, string, keyof typeof ids, boolean][] = [
    ['teacher', 'their own', 'teacher', true],
    ['otherTeacher', 'another teacher’s', 'teacher', false],
    ['admin', 'a teacher’s', 'teacher', true],
    ['student', 'a teacher’s', 'teacher', false],
    ['parent', 'a teacher’s', 'teacher', false],
  ];
  it.each(table)('%s and %s rubric: %s', (who, _what, owner, expected) => {
    const rubric = { owner_id: ids[owner] };
    expect({ read: mayReadRubric(viewers[who], rubric), change: mayChangeRubric(viewers[who], rubric) }).toEqual({ read: expected, change: expected });
  });

  it('admits staff at the gate, and lists each viewer their own library, admins included', () => {
    expect(RUBRIC_KEEPERS).toEqual(STAFF);
    const db = knexFactory({ client: 'pg' });
    const where = (who: ViewerName) => scopeRubrics(viewers[who], db('rubrics as r'), 'r.owner_id').toString().replace('select * from "rubrics" as "r" ', '');
    expect([where('teacher'), where('admin')]).toEqual([`where "r"."owner_id" = '${ids.teacher}'`, `where "r"."owner_id" = '${ids.admin}'`]);
  });
});
