import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db';
import { killHard, startServerProcess, type ServerProcess } from '../../faults/processNode';
import { createUser } from '../../services/accounts';

/**
 * Two nodes behind a proxy, each its own OS process with its own DATA_DIR (as the compose file's
 * two containers have), sharing one PostgreSQL: an avatar uploaded through one is served by the
 * other, and by a node that replaced the first with an empty disk. Needs PostgreSQL (PGlite lives
 * in one process), as the other multi-node tests do.
 */
describe.runIf(process.env.DATABASE_URL)('avatars on two nodes sharing PostgreSQL', () => {
  const nodes: ServerProcess[] = [];
  const dataDirs: string[] = [];
  const database = `avatars_${randomBytes(4).toString('hex')}`;
  const admin = () => knexFactory({ client: 'pg', connection: process.env.DATABASE_URL, pool: { min: 0, max: 1 } });
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://unused');
  url.pathname = `/${database}`;
  const env = { DATABASE_URL: url.toString(), REDIS_URL: '', JWT_SECRET: randomBytes(32).toString('hex') };
  const node = async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'exam-avatar-node-'));
    dataDirs.push(dataDir);
    const started = await startServerProcess({ ...env, DATA_DIR: dataDir });
    nodes.push(started);
    return started;
  };

  afterAll(async () => {
    await Promise.all(nodes.map((n) => killHard(n)));
    dataDirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
    const db = admin();
    await db.raw(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await db.destroy();
  });

  it('serves an avatar uploaded through one node from the other, and from a node that replaced the first', { timeout: 240_000 }, async () => {
    const db0 = admin();
    await db0.raw(`CREATE DATABASE ${database}`);
    await db0.destroy();
    const [a, b] = await Promise.all([node(), node()]);

    const db = await createDb({ databaseUrl: env.DATABASE_URL });
    const email = `avatar-${randomBytes(3).toString('hex')}@school.test`;
    try {
      await createUser(db, { email, password: 'correct-horse-9', role: 'student', firstName: 'Ada', lastName: 'Node', isVerified: true, grade: 10, section: 'B' });
    } finally {
      await db.destroy();
    }
    const login = await fetch(`${a.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'correct-horse-9' }) });
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    const form = new FormData();
    const png = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#0088cc' } }).png().toBuffer();
    form.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const put = await fetch(`${a.url}/api/users/profile`, { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(put.status).toBe(200);
    const avatar = ((await put.json()) as { data: { user: { avatar: string } } }).data.user.avatar;
    const fromA = Buffer.from(await (await fetch(`${a.url}${avatar}`)).arrayBuffer());

    const fromB = await fetch(`${b.url}${avatar}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    expect(fromB.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await fromB.arrayBuffer()).equals(fromA)).toBe(true);

    // The first node's container is replaced: a new one, with an empty disk, still has the file.
    await killHard(a);
    const c = await node();
    const fromC = await fetch(`${c.url}${avatar}`);
    expect(fromC.status).toBe(200);
    expect(Buffer.from(await fromC.arrayBuffer()).equals(fromA)).toBe(true);
  });
});
