import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { connectAs } from '../test/sockets';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

/*
 * The proxy spreads connections over the nodes without sticky sessions (deploy/nginx.conf), which
 * only WebSocket survives: a long-polling session's later requests may reach another node.
 */
describe('live connections behind a balancer without sticky sessions', () => {
  it('refuses a long-polling handshake outright', async () => {
    const res = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'Transport unknown' });
  });

  it('takes a WebSocket connection as the web app makes it', async () => {
    const user = await buildUser(server.deps);
    const socket = await connectAs(server, user.email);
    expect(socket.connected).toBe(true);
    socket.close();
  });
});
