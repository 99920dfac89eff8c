import knexFactory from 'knex';
import { describe, expect, it } from 'vitest';
import { ids, viewers, type ViewerName } from '../test/viewers';
import { mayReadPayment, scopePayments, searchesEveryonesPayments } from './payments';

describe('who sees a payment', () => {
  const table: [ViewerName, string, string | null, boolean][] = [
    ['student', 'their own', ids.student, true],
    ['student', 'another student’s', ids.otherStudent, false],
    ['parent', 'their own (a child’s fee they paid)', ids.parent, true],
    ['parent', 'one a linked child paid', ids.student, false],
    ['teacher', 'a student’s', ids.student, false],
    ['admin', 'anyone’s', ids.student, true],
    ['admin', 'one whose payer is gone', null, true],
    ['student', 'one whose payer is gone', null, false],
  ];
  it.each(table)('%s sees %s: %s', (who, _what, payer, allowed) => {
    expect(mayReadPayment(viewers[who], { user_id: payer })).toBe(allowed);
  });

  it('only admins look payments up by payer, and list everyone’s; anyone else lists their own', () => {
    expect((['admin', 'teacher', 'student', 'parent'] as const).map((who) => searchesEveryonesPayments(viewers[who]))).toEqual([true, false, false, false]);
    const db = knexFactory({ client: 'pg' });
    expect(scopePayments(viewers.admin, db('payments as p'), 'p.user_id').toString()).toBe('select * from "payments" as "p"');
    expect(scopePayments(viewers.parent, db('payments as p'), 'p.user_id').toString()).toBe(`select * from "payments" as "p" where "p"."user_id" = '${ids.parent}'`);
  });
});
