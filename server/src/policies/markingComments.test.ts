import knexFactory from 'knex';
import { describe, expect, it } from 'vitest';
import { ids, viewers, type ViewerName } from '../test/viewers';
import { COMMENT_BANK_KEEPERS, mayUseMarkingComment, scopeMarkingComments } from './markingComments';
import { STAFF } from './people';

describe('who reaches a comment of a comment bank', () => {
  const table: [ViewerName, string, keyof typeof ids, boolean][] = [
    ['teacher', 'their own', 'teacher', true],
    ['otherTeacher', 'another teacher’s', 'teacher', false],
    ['admin', 'a teacher’s (a personal notebook)', 'teacher', false],
    ['admin', 'their own', 'admin', true],
    ['student', 'a teacher’s', 'teacher', false],
  ];
  it.each(table)('%s and %s comment: %s', (who, _what, owner, expected) => {
    expect(mayUseMarkingComment(viewers[who], { owner_id: ids[owner] })).toBe(expected);
  });

  it('admits staff at the gate and lists each viewer their own comments', () => {
    expect(COMMENT_BANK_KEEPERS).toEqual(STAFF);
    const db = knexFactory({ client: 'pg' });
    const sql = scopeMarkingComments(viewers.admin, db('marking_comments as c'), 'c.owner_id').toString();
    expect(sql).toBe(`select * from "marking_comments" as "c" where "c"."owner_id" = '${ids.admin}'`);
  });
});
