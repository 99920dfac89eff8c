import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createDb, dropSchema, migrate, type Db } from './index';

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

describe.runIf(!!process.env.DATABASE_URL)('nodes starting together on an empty database', () => {
  it('all migrate it, whichever of them creates knex\'s own tables', { timeout: 120_000 }, async () => {
    const url = process.env.DATABASE_URL!;
    // An empty schema each round: without the advisory lock about one round in ten left two rows in
    // knex's lock table, and every node "already locked" for good.
    for (let round = 0; round < 20; round++) {
      const schema = `t_race_${randomBytes(4).toString('hex')}`;
      const nodes: Db[] = [];
      for (let i = 0; i < 4; i++) nodes.push(await createDb({ databaseUrl: url, schema, poolMax: 2 }));
      try {
        const applied = await Promise.all(nodes.map((n) => migrate(n)));
        expect(applied.filter((a) => a.length > 0)).toHaveLength(1);
      } finally {
        await Promise.all(nodes.map((n) => n.destroy()));
        await dropSchema(url, schema);
      }
    }
  });
});

describe.runIf(!!process.env.DATABASE_URL)('PostgreSQL connections', () => {
  it('do not JIT-compile: the board for a whole school would spend longer compiling than reading', async () => {
    const pg = await createDb({ databaseUrl: process.env.DATABASE_URL!, poolMax: 1 });
    try {
      expect((await pg.raw('show jit')).rows[0]).toEqual({ jit: 'off' });
    } finally {
      await pg.destroy();
    }
  });
});
