import knexFactory from 'knex';
import { describe, expect, it } from 'vitest';
import { ids } from '../test/viewers';
import { scopeNotifications } from './notifications';

describe('whose notifications a user reaches', () => {
  it('only their own, whatever their role (an admin included)', () => {
    const db = knexFactory({ client: 'pg' });
    expect(scopeNotifications({ id: ids.admin }, db('notifications')).toString()).toBe(`select * from "notifications" where "user_id" = '${ids.admin}'`);
  });
});
