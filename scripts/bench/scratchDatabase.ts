import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';

/** A PostgreSQL database of the benchmark's own on the server of `baseUrl`, and how to drop it. */
export async function scratchDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: baseUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${name}`);
  await admin.destroy();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const a = knexFactory({ client: 'pg', connection: baseUrl, pool: { min: 0, max: 1 } });
      await a.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.destroy();
    },
  };
}
