import knexFactory from 'knex';
import { describe, expect, it } from 'vitest';
import { ids, viewers, type ViewerName } from '../test/viewers';
import { mayIssueFees, mayPayFee, mayReadFee, scopeFees } from './fees';

describe('who sees and pays a fee', () => {
  const table: [ViewerName, string, keyof typeof ids, { read: boolean; pay: boolean }][] = [
    ['student', 'their own', 'student', { read: true, pay: true }],
    ['student', 'another student’s', 'otherStudent', { read: false, pay: false }],
    ['parent', 'a linked child’s', 'student', { read: true, pay: true }],
    ['parent', 'another child’s', 'otherStudent', { read: false, pay: false }],
    ['unlinkedParent', 'a child’s whose link they do not hold', 'student', { read: false, pay: false }],
    ['teacher', 'a student’s', 'student', { read: false, pay: false }],
    ['admin', 'a student’s (reads, never pays for them)', 'student', { read: true, pay: false }],
  ];
  it.each(table)('%s and %s fee: %o', (who, _what, student, expected) => {
    const fee = { student_id: ids[student] };
    expect({ read: mayReadFee(viewers[who], fee), pay: mayPayFee(viewers[who], fee) }).toEqual(expected);
  });

  it('only admins issue fees; the list holds what each may read', () => {
    expect((['admin', 'teacher', 'student', 'parent'] as const).map((who) => mayIssueFees(viewers[who]))).toEqual([true, false, false, false]);
    const db = knexFactory({ client: 'pg' });
    const where = (who: ViewerName) => scopeFees(viewers[who], db('fee_assignments as fa'), 'fa.student_id').toString().replace('select * from "fee_assignments" as "fa"', '').trim();
    expect([where('admin'), where('student'), where('parent'), where('unlinkedParent'), where('teacher')]).toEqual([
      '',
      `where "fa"."student_id" = '${ids.student}'`,
      `where "fa"."student_id" in ('${ids.student}')`,
      'where false',
      'where false',
    ]);
  });
});
