import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, SERVER_MSG } from '@exam/shared';
import { translate } from '../i18n/translator';
import { buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  const user = await buildUser(server.deps);
  token = (await server.api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD })).body.data.accessToken;
});
afterAll(async () => {
  await server?.stop();
});

async function send(method: string, path: string, encoding: string, body: Uint8Array | string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'content-encoding': encoding, authorization: `Bearer ${token}`, ...headers },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; message: string } };
}

/** Body routes of several kinds: public, signed-in, and the payment webhook with a parser of its own. */
const ROUTES: [string, string][] = [
  ['POST', '/api/auth/login'],
  ['POST', '/api/contact'],
  ['PUT', '/api/users/settings'],
  ['POST', '/api/payments/webhook'],
];

describe('a request body that is not what its Content-Encoding says', () => {
  it.each(ROUTES)('is a 400 that says so on %s %s, for br, gzip and deflate garbage alike', async (method, path) => {
    for (const encoding of ['br', 'gzip', 'deflate', 'BR']) {
      const res = await send(method, path, encoding, '{"email":"not compressed at all"}');
      expect(res.status, encoding).toBe(400);
      expect(res.body).toEqual({ success: false, message: SERVER_MSG.bodyUndecodable });
    }
    // Cut off half-way.
    const truncated = gzipSync(Buffer.from(JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(500) }))).subarray(0, 30);
    expect((await send(method, path, 'gzip', truncated)).body.message).toBe(SERVER_MSG.bodyUndecodable);
  });

  it('is answered in the reader’s language', async () => {
    const res = await send('POST', '/api/auth/login', 'br', 'garbage', { 'accept-language': 'fr' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(translate('fr', 'server.bodyUndecodable'));
    expect(res.body.message).not.toBe(SERVER_MSG.bodyUndecodable);
  });

  it('still reads a body really compressed with br, gzip or deflate', async () => {
    const json = Buffer.from(JSON.stringify({ email: 'nobody@school.test', password: 'wrong-password' }));
    for (const [encoding, body] of [['br', brotliCompressSync(json)], ['gzip', gzipSync(json)], ['deflate', deflateSync(json)]] as const) {
      const res = await send('POST', '/api/auth/login', encoding, body);
      expect(res.status, encoding).toBe(401);
      expect(res.body.message).toBe(MSG.invalidCredentials);
    }
  });
});

describe('a Content-Encoding no parser here decodes', () => {
  it.each(ROUTES)('is a 415 that says so on %s %s', async (method, path) => {
    for (const encoding of ['zstd', 'compress', 'gzip, br']) {
      const res = await send(method, path, encoding, '{}');
      expect(res.status, encoding).toBe(415);
      expect(res.body).toEqual({ success: false, message: SERVER_MSG.encodingUnsupported });
    }
  });

  it('is a 415 on the multipart avatar upload, whose parser reads the bytes undecoded', async () => {
    const form = new FormData();
    form.append('bio', 'hello');
    const multipart = new Request('http://x/', { method: 'PUT', body: form });
    const res = await fetch(`${server.url}/api/users/profile`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': multipart.headers.get('content-type')!, 'content-encoding': 'gzip' },
      body: gzipSync(Buffer.from(await multipart.arrayBuffer())),
    });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { message: string }).message).toBe(SERVER_MSG.encodingUnsupported);
  });
});
