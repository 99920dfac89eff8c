import knexFactory from 'knex';
import { describe, expect, it } from 'vitest';
import { ids } from '../test/viewers';
import { grantsFollowing, scopeGrantingLinks, scopeLinksHeldBy, scopeRequestsFor } from './parentLinks';

const db = knexFactory({ client: 'pg' });

describe('who reaches which parent link', () => {
  it('a parent reaches the links they asked for, whatever their status, and no one else’s', () => {
    expect(scopeLinksHeldBy({ id: ids.parent }, db('parent_children as pc'), 'pc').toString()).toBe(
      `select * from "parent_children" as "pc" where "pc"."parent_id" = '${ids.parent}'`,
    );
  });

  it('a student answers only the requests that name them and still wait', () => {
    expect(scopeRequestsFor({ id: ids.student }, db('parent_children')).toString()).toBe(
      `select * from "parent_children" where "parent_children"."child_id" = '${ids.student}' and "parent_children"."status" = 'pending'`,
    );
  });

  it('only an accepted link makes a parent follow a child', () => {
    expect(scopeGrantingLinks(db('parent_children as pc'), 'pc').toString()).toBe(`select * from "parent_children" as "pc" where "pc"."status" = 'accepted'`);
    expect(['pending', 'accepted', 'declined'].filter((status) => grantsFollowing({ status }))).toEqual(['accepted']);
  });
});
