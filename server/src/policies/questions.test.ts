import knexFactory from 'knex';
import { describe, expect, it } from 'vitest';
import { ids, viewers, type ViewerName } from '../test/viewers';
import { can, type QuestionAction } from './index';
import { scopeQuestions } from './questions';

describe('who may do what to a bank question', () => {
  const table: [ViewerName, QuestionAction, string, string, boolean, boolean?][] = [
    ['admin', 'update', 'a teacher’s', ids.teacher, true],
    ['teacher', 'use', 'their own', ids.teacher, true],
    ['teacher', 'delete', 'their own', ids.teacher, true],
    ['otherTeacher', 'use', 'another teacher’s', ids.teacher, false],
    ['otherTeacher', 'read', 'another teacher’s', ids.teacher, false],
    ['student', 'read', 'a teacher’s', ids.teacher, false],
    ['parent', 'read', 'a teacher’s', ids.teacher, false],
    ['otherTeacher', 'read', 'another teacher’s shared', ids.teacher, true, true],
    ['otherTeacher', 'use', 'another teacher’s shared', ids.teacher, true, true],
    ['otherTeacher', 'update', 'another teacher’s shared', ids.teacher, false, true],
    ['otherTeacher', 'delete', 'another teacher’s shared', ids.teacher, false, true],
    ['student', 'read', 'a teacher’s shared', ids.teacher, false, true],
  ];
  it.each(table)('%s may %s %s question: %s', (who, action, _whose, owner, allowed, shared) => {
    expect(can(viewers[who], action, 'question', { owner_id: owner, shared })).toBe(allowed);
  });

  it('an admin’s bank lists every question, a teacher’s their own and the shared ones', () => {
    const db = knexFactory({ client: 'pg' });
    expect(scopeQuestions(viewers.admin, db('questions as q'), 'q.owner_id').toString()).toBe('select * from "questions" as "q"');
    expect(scopeQuestions(viewers.teacher, db('questions as q'), 'q.owner_id').toString()).toBe(
      `select * from "questions" as "q" where ("q"."owner_id" = '${ids.teacher}' or "q"."shared" = true)`,
    );
    expect(scopeQuestions(viewers.teacher, db('questions as q'), 'q.owner_id', 'mine').toString()).toBe(`select * from "questions" as "q" where "q"."owner_id" = '${ids.teacher}'`);
    expect(scopeQuestions(viewers.teacher, db('questions as q'), 'q.owner_id', 'shared').toString()).toBe(
      `select * from "questions" as "q" where "q"."shared" = true and not "q"."owner_id" = '${ids.teacher}'`,
    );
  });
});
