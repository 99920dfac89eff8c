import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Settings } from '../../config';
import { createDb, dropSchema, migrate, type Db } from '../../db';
import type { FileStore } from '../../ports/fileStore';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer } from '../../test/harness';
import { createPostgresFileStore } from './postgresFileStore';
import { createS3FileStore } from './s3FileStore';

/**
 * The S3 store runs against a real S3-compatible server on loopback (s3rver, which checks each
 * request's AWS signature), and the PostgreSQL store against PostgreSQL when DATABASE_URL is set
 * (a schema of its own), the embedded database otherwise: both keep the same promises.
 */
const BUCKET = 'exam-files';
let s3server: InstanceType<typeof S3rver>;
let s3dir: string;
let s3: S3Settings;
let db: Db;
const closers: (() => void)[] = [];
const schema = process.env.DATABASE_URL ? `t_files_${randomBytes(4).toString('hex')}` : undefined;

beforeAll(async () => {
  s3dir = mkdtempSync(path.join(os.tmpdir(), 'exam-s3-'));
  s3server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3server.run();
  s3 = { bucket: BUCKET, endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };
  db = await createDb({ databaseUrl: process.env.DATABASE_URL, schema });
  await migrate(db);
});
afterAll(async () => {
  closers.forEach((close) => close());
  await s3server?.close();
  await db?.destroy();
  if (schema) await dropSchema(process.env.DATABASE_URL!, schema);
  rmSync(s3dir, { recursive: true, force: true });
});

const stores: [string, () => FileStore][] = [
  ['PostgreSQL', () => createPostgresFileStore(db)],
  [
    'S3-compatible',
    () => {
      const store = createS3FileStore(s3);
      closers.push(() => store.close());
      return store;
    },
  ],
];

describe.each(stores)('the %s file store', (_name, make) => {
  it('gives back every byte and the content type it was given, replaces on a second put, and forgets on delete', async () => {
    const store = make();
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256));
    await store.put('evidence/2026/flag-1.jpg', bytes, 'image/jpeg');
    const got = await store.get('evidence/2026/flag-1.jpg');
    expect(got).toMatchObject({ contentType: 'image/jpeg', size: bytes.length });
    expect(got!.bytes.equals(bytes)).toBe(true);
    expect(got!.createdAt).toBeInstanceOf(Date);

    await store.put('evidence/2026/flag-1.jpg', Buffer.from('second'), 'text/plain');
    expect((await store.get('evidence/2026/flag-1.jpg'))!.bytes.toString()).toBe('second');

    await store.delete('evidence/2026/flag-1.jpg');
    expect(await store.get('evidence/2026/flag-1.jpg')).toBeUndefined();
    // Deleting what is not there, and reading it, are not errors.
    await store.delete('evidence/2026/flag-1.jpg');
    expect(await store.get('questions/none.png')).toBeUndefined();
  });

  it('refuses a key that climbs out of its folder or is not a plain path', async () => {
    const store = make();
    for (const key of ['../secret', 'avatars/../x', '/abs', 'a//b', 'Avatars/X.webp', '']) {
      await expect(store.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/invalid file key/);
    }
  });
});

describe('the S3-compatible store', () => {
  it('signs its requests: a wrong secret is refused by the server', async () => {
    const store = createS3FileStore({ ...s3, secretAccessKey: 'not-the-secret' });
    closers.push(() => store.close());
    await expect(store.put('avatars/x.webp', Buffer.from('x'), 'image/webp')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
  });

  it('holds a node’s avatars when S3_BUCKET is set: uploaded, served, and gone with the user', { timeout: 120_000 }, async () => {
    const node = await startTestServer({
      env: { S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint!, S3_REGION: s3.region, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' },
    });
    try {
      expect(node.deps.files.kind).toBe('s3');
      const user = await buildUser(node.deps);
      const admin = await buildUser(node.deps, { role: 'admin' });
      const login = async (email: string) => (await node.api('POST', '/auth/login', { email, password: TEST_PASSWORD })).body.data.accessToken as string;
      const form = new FormData();
      const png = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#5500aa' } }).png().toBuffer();
      form.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
      const res = await fetch(`${node.url}/api/users/profile`, { method: 'PUT', headers: { authorization: `Bearer ${await login(user.email)}` }, body: form });
      expect(res.status).toBe(200);
      const url = ((await res.json()) as { data: { user: { avatar: string } } }).data.user.avatar;
      const key = `avatars/${path.basename(url)}`;

      const inBucket = createS3FileStore(s3);
      closers.push(() => inBucket.close());
      expect(await inBucket.get(key)).toMatchObject({ contentType: 'image/webp' });
      expect(await node.deps.db('files').count({ n: '*' })).toEqual([{ n: 0 }]);
      const served = await fetch(`${node.url}${url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');

      expect((await node.api('DELETE', `/users/${user.id}`, undefined, { token: await login(admin.email) })).status).toBe(200);
      expect(await inBucket.get(key)).toBeUndefined();
      expect((await fetch(`${node.url}${url}`)).status).toBe(404);
    } finally {
      await node.stop();
    }
  });
});
