import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from './index';

let db: Db;
beforeAll(async () => {
  // The embedded driver on its own: this is where the row counts went wrong.
  db = await createDb({});
  await db.raw('create table counted (id int)');
  await db('counted').insert([{ id: 1 }, { id: 2 }, { id: 3 }]);
});
afterAll(() => db?.destroy());

describe('embedded database results', () => {
  it('reports how many rows a delete removed, as PostgreSQL does', async () => {
    expect(await db('counted').where({ id: 99 }).delete()).toBe(0);
    expect(await db('counted').whereIn('id', [1, 2]).delete()).toBe(2);
  });

  it('reports how many rows an update changed', async () => {
    expect(await db('counted').where({ id: 99 }).update({ id: 4 })).toBe(0);
    expect(await db('counted').where({ id: 3 }).update({ id: 4 })).toBe(1);
  });
});
