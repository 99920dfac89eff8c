import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { HANDSHAKE_ERRORS } from '@exam/shared';
import { buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';

/*
 * One node, behind one trusted proxy (as in the compose file), with the default cap per person
 * (ten sockets) and a small one per client address.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true', SOCKETS_PER_USER: '10', SOCKETS_PER_ADDRESS: '4' } });
}, 240_000);
afterAll(() => server?.stop());

type Refusal = Error & { data?: { code: string; message: string } };

/** Resolves with the connected socket or rejects with the handshake's refusal. */
function open(token: string, opts: { forwardedFor?: string; language?: string } = {}): Promise<Socket> {
  const headers: Record<string, string> = {};
  if (opts.forwardedFor) headers['x-forwarded-for'] = opts.forwardedFor;
  if (opts.language) headers['accept-language'] = opts.language;
  const socket = connect(server.url, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true, extraHeaders: headers });
  onTestFinished(() => {
    socket.close();
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err as Refusal);
    });
  });
}

async function tokenOf(email: string): Promise<string> {
  const res = await server.api('POST', '/auth/login', { email, password: TEST_PASSWORD }, { headers: { 'x-forwarded-for': '192.0.2.1' } });
  expect(res.status).toBe(200);
  return res.body.data.accessToken as string;
}

/** A different real address per socket (each behind nginx, which appends the peer it saw). */
let peer = 0;
const viaProxy = () => ({ forwardedFor: `10.0.0.1, 198.18.${Math.floor(++peer / 250)}.${peer % 250}` });

describe('sockets one person may hold', () => {
  // A dozen handshakes and sign-ins: allow for a loaded machine.
  it('refuses the 11th socket of one person with a clear message, and takes a new one once one closes', { timeout: 120_000 }, async () => {
    const token = await tokenOf((await buildUser(server.deps)).email);
    const held: Socket[] = [];
    for (let i = 0; i < 10; i++) held.push(await open(token, viaProxy()));
    expect(held.every((s) => s.connected)).toBe(true);

    const refused = (await open(token, viaProxy()).catch((err: Refusal) => err)) as Refusal;
    expect(refused).toBeInstanceOf(Error);
    expect(refused.message).toBe(HANDSHAKE_ERRORS.tooManyConnections);
    expect(refused.data).toEqual({ code: 'too-many-connections', message: expect.stringMatching(/too many exam or live pages open/) });
    // In the person's language when the browser asks for one.
    const spanish = (await open(token, { ...viaProxy(), language: 'es' }).catch((err: Refusal) => err)) as Refusal;
    expect(spanish.data?.message).toMatch(/demasiadas páginas/);

    // Another person is not affected.
    const other = await tokenOf((await buildUser(server.deps)).email);
    expect((await open(other, viaProxy())).connected).toBe(true);

    // The count goes down when a socket disconnects (the server learns it a moment later).
    held[0]!.close();
    const again = await vi.waitFor(() => open(token, viaProxy()), { timeout: 10_000, interval: 100 });
    expect(again.connected).toBe(true);
    await expect(open(token, viaProxy())).rejects.toThrow(HANDSHAKE_ERRORS.tooManyConnections);
  });
});

describe('sockets one client address may hold', () => {
  it('counts by the address the proxy appended, whatever the client wrote before it', { timeout: 120_000 }, async () => {
    const school = '203.0.113.44';
    const tokens = await Promise.all(Array.from({ length: 6 }, async () => tokenOf((await buildUser(server.deps)).email)));
    // Four students behind the school's address, each writing a different address of their own.
    const held: Socket[] = [];
    for (let i = 0; i < 4; i++) held.push(await open(tokens[i]!, { forwardedFor: `172.16.0.${i}, ${school}` }));

    const refused = (await open(tokens[4]!, { forwardedFor: `172.16.0.99, ${school}` }).catch((err: Refusal) => err)) as Refusal;
    expect(refused.message).toBe(HANDSHAKE_ERRORS.networkBusy);
    expect(refused.data).toEqual({ code: 'network-busy', message: expect.stringMatching(/Too many connections from your network/) });
    // Another school's address is not affected.
    expect((await open(tokens[5]!, { forwardedFor: `172.16.0.99, 203.0.113.45` })).connected).toBe(true);

    held[1]!.close();
    const again = await vi.waitFor(() => open(tokens[4]!, { forwardedFor: `172.16.0.100, ${school}` }), { timeout: 10_000, interval: 100 });
    expect(again.connected).toBe(true);
  });
});

describe('the default cap per person', () => {
  let node: TestServer;
  beforeAll(async () => {
    node = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  }, 240_000);
  afterAll(() => node?.stop());

  /*
   * Every page holds the header's live-notifications socket, a proctor board one more. When a
   * teacher's Wi-Fi drops, the server keeps the dropped sockets until their heartbeat times out
   * (up to 20 s) while the pages reconnect at once; the app does not retry a TooManyConnections
   * refusal. Held sockets stand in for the dropped ones: the server cannot tell them apart.
   */
  it('lets a teacher proctoring several rooms in tabs reconnect every board after a network drop', { timeout: 180_000 }, async () => {
    const teacher = await buildUser(node.deps, { role: 'teacher' });
    const res = await node.api('POST', '/auth/login', { email: teacher.email, password: TEST_PASSWORD }, { headers: { 'x-forwarded-for': '192.0.2.1' } });
    const token = res.body.data.accessToken as string;
    const openOn = (forwardedFor: string) => {
      const socket = connect(node.url, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true, extraHeaders: { 'x-forwarded-for': forwardedFor } });
      onTestFinished(() => {
        socket.close();
      });
      return new Promise<Socket>((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', (err) => reject(err));
      });
    };
    const tabs = 8;
    for (let i = 0; i < tabs * 2; i++) await openOn('10.0.0.1, 198.51.100.7');
    // The same pages reconnecting, before the server has timed out their dropped sockets.
    for (let i = 0; i < tabs * 2; i++) expect((await openOn('10.0.0.1, 198.51.100.7')).connected).toBe(true);
  });
});
