import knexFactory from 'knex';
import { describe, expect, it } from 'vitest';
import { ids, viewers, type ViewerName } from '../test/viewers';
import { can, type QuestionAction } from './index';
import { scopeQuestions } from './questions';

describe('who may do what to a bank question', () => {
  const table: [ViewerName, QuestionAction, string, string, boolean][] = [
    ['admin', 'update', 'a teacher’s', ids.teacher, true],
    ['teacher', 'use', 'their own', ids.teacher, true],
    ['teacher', 'delete', 'their own', ids.teacher, true],
    ['otherTeacher', 'use', 'another teacher’s', ids.teacher, false],
    ['otherTeacher', 'read', 'another teacher’s', ids.teacher, false],
    ['student', 'read', 'a teacher’s', ids.teacher, false],
    ['parent', 'read', 'a teacher’s', ids.teacher, false],
  ];
  it.each(table)('%s may %s %s question: %s', (who, action, _whose, owner, allowed) => {
    expect(can(viewers[who], action, 'question', { owner_id: owner })).toBe(allowed);
  });

  it('an admin’s bank lists every question, a teacher’s their own', () => {
    const db = knexFactory({ client: 'pg' });
    expect(scopeQuestions(viewers.admin, db('questions as q'), 'q.owner_id').toString()).toBe('select * from "questions" as "q"');
    expect(scopeQuestions(viewers.teacher, db('questions as q'), 'q.owner_id').toString()).toBe(`select * from "questions" as "q" where "q"."owner_id" = '${ids.teacher}'`);
  });
});
