import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MSG, USER_MSG } from '@exam/shared';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type ApiResult, type TestServer } from '../../test/harness';
import { moveDiskUploads } from '../../services/files/diskUploads';
import { uploadSpoolDir } from '../../middleware/fileUpload';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const login = async (email: string) => (await server.api('POST', '/auth/login', { email, password: TEST_PASSWORD })).body.data.accessToken as string;

async function signedIn(role: 'student' | 'admin' = 'student') {
  const user = await buildUser(server.deps, { role });
  return { user, token: await login(user.email) };
}

/** PUT /users/profile with the given files, all under the form's `avatar` field. */
async function putAvatars(token: string, files: Uint8Array[]) {
  const form = new FormData();
  form.append('bio', 'hello');
  files.forEach((bytes, i) => form.append('avatar', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `a${i}.png`));
  const res = await fetch(`${server.url}/api/users/profile`, { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as ApiResult['body'] };
}

const png = (colour: string, size = 300) => sharp({ create: { width: size, height: size, channels: 3, background: colour } }).png().toBuffer();

describe('avatar storage', () => {
  it('gives eight people uploading the same picture at once each their avatar', async () => {
    const people = await Promise.all(Array.from({ length: 8 }, () => signedIn()));
    const picture = await png('#aa3366');
    const results = await Promise.all(people.map((p) => putAvatars(p.token, [picture])));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    for (const r of results) {
      const url = r.body.data.user.avatar as string;
      expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.webp$/);
      const served = await fetch(`${server.url}${url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toContain('immutable');
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');
    }
  });

  it('keeps no avatar on the node’s own disk: the picture lives in the shared store', async () => {
    const me = await signedIn();
    const res = await putAvatars(me.token, [await png('#113355')]);
    const name = path.basename(res.body.data.user.avatar as string);
    const onDisk = (() => {
      try {
        return readdirSync(path.join(server.dataDir, 'uploads', 'avatars'));
      } catch {
        return [];
      }
    })();
    expect(onDisk).not.toContain(name);
    expect(await server.deps.files.get(`avatars/${name}`)).toMatchObject({ contentType: 'image/webp' });
    // A browser revalidating what it holds gets a 304, and HEAD the headers alone.
    const first = await fetch(`${server.url}/uploads/avatars/${name}`);
    await first.arrayBuffer();
    // (fetch would add `no-cache`, as on a forced reload, unless the request says otherwise.)
    const again = await fetch(`${server.url}/uploads/avatars/${name}`, { headers: { 'if-none-match': first.headers.get('etag')!, 'cache-control': 'max-age=0' } });
    expect(again.status).toBe(304);
    const head = await fetch(`${server.url}/uploads/avatars/${name}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(first.headers.get('content-length'));
  });

  it('leaves no temporary file behind when a two-file upload is refused', async () => {
    const me = await signedIn();
    const spool = uploadSpoolDir(server.dataDir);
    const before = readdirSync(spool).length;
    // Large enough that the first file is still being written when the second one begins.
    const big = await sharp({ create: { width: 700, height: 700, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
    for (let i = 0; i < 5; i++) {
      const res = await putAvatars(me.token, [big, big]);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(PROFILE_MSG.oneFileOnly);
    }
    expect(readdirSync(spool).length).toBe(before);
    const row = await server.deps.db('users').where({ id: me.user.id }).first('avatar', 'bio');
    expect(row).toMatchObject({ avatar: null, bio: null });
  });

  it('erases the stored picture when an admin deletes the user, and keeps one another user still shows', async () => {
    const admin = await signedIn('admin');
    const leaver = await signedIn();
    const url = (await putAvatars(leaver.token, [await png('#227744')])).body.data.user.avatar as string;
    expect((await fetch(`${server.url}${url}`)).status).toBe(200);
    // An older avatar two people share (content-named files from before the store).
    const stayer = await signedIn();
    const shared = `/uploads/avatars/${'ab'.repeat(16)}.webp`;
    await server.deps.files.put(`avatars/${'ab'.repeat(16)}.webp`, await sharp(await png('#999999', 20)).webp().toBuffer(), 'image/webp');
    const sharer = await signedIn();
    await server.deps.db('users').whereIn('id', [stayer.user.id, sharer.user.id]).update({ avatar: shared });

    const res = await server.api('DELETE', `/users/${leaver.user.id}`, undefined, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(USER_MSG.deleted);
    expect((await fetch(`${server.url}${url}`)).status).toBe(404);
    expect(await server.deps.files.get(`avatars/${path.basename(url)}`)).toBeUndefined();

    expect((await server.api('DELETE', `/users/${sharer.user.id}`, undefined, { token: admin.token })).status).toBe(200);
    expect((await fetch(`${server.url}${shared}`)).status).toBe(200);
  });

  it('drops the replaced picture from the store when nobody shows it any more', async () => {
    const me = await signedIn();
    const first = (await putAvatars(me.token, [await png('#440000')])).body.data.user.avatar as string;
    const second = (await putAvatars(me.token, [await png('#004400')])).body.data.user.avatar as string;
    expect(second).not.toBe(first);
    expect((await fetch(`${server.url}${first}`)).status).toBe(404);
    expect((await fetch(`${server.url}${second}`)).status).toBe(200);
  });

  it('answers 404 for anything under /uploads but a stored avatar’s name', async () => {
    for (const p of ['/uploads/avatars/' + '0'.repeat(32) + '.webp', '/uploads/avatars/x.webp', '/uploads/evidence/' + '0'.repeat(32) + '.webp', '/uploads/avatars/../jwt-secret', '/uploads/']) {
      expect((await fetch(`${server.url}${p}`)).status, p).toBe(404);
    }
  });
});

describe('avatars written to disk before the store', () => {
  it('are moved into the store when the node starts, served at their old URLs, and moving again finds nothing', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'exam-disk-avatars-'));
    const dir = path.join(dataDir, 'uploads', 'avatars');
    mkdirSync(dir, { recursive: true });
    const bytes = await sharp(await png('#123456', 64)).webp().toBuffer();
    const name = `${'c0ffee'.repeat(5)}ab.webp`;
    writeFileSync(path.join(dir, name), bytes);
    writeFileSync(path.join(dir, 'notes.txt'), 'not an avatar');
    const node = await startTestServer({ env: { DATA_DIR: dataDir } });
    try {
      const served = await fetch(`${node.url}/uploads/avatars/${name}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
      expect(readdirSync(dir)).toEqual(['notes.txt']);
      // The next start: nothing left to move, and the avatar is still there.
      expect(await moveDiskUploads(node.deps.files, dataDir, node.deps.log)).toBe(0);
      expect((await fetch(`${node.url}/uploads/avatars/${name}`)).status).toBe(200);
    } finally {
      await node.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
