import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { CONTACT_MSG, DASHBOARD_CHANGED_EVENT } from '@exam/shared';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { outbox, startTestServer, type TestServer } from '../../test/harness';
import { connectAs, nextEvent } from '../../test/sockets';
import { CONTACT_PER_IP_PER_HOUR } from '.';

let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await server?.stop();
});

const api = (...args: Parameters<TestServer['api']>) => server.api(...args);
const MESSAGE = { name: 'Grace Visitor', email: 'Grace@Example.org', subject: 'Fees for next term', message: 'Hello, when are the fees for next term due?' };

describe('POST /contact', () => {
  it('stores the message, notifies admins live and by e-mail, lists it on the admin dashboard, ignores bots and refuses bad input and floods', async () => {
    const admin = await buildUser(server.deps, { role: 'admin' });
    const socket = await connectAs(server, admin.email);
    sockets.push(socket);
    const notified = nextEvent(socket, 'notification');
    const changed = nextEvent(socket, DASHBOARD_CHANGED_EVENT);

    const sent = await api('POST', '/contact', MESSAGE);
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ success: true, message: CONTACT_MSG.sent });
    expect(await notified).toMatchObject({ type: 'message', title: 'Contact: Fees for next term' });
    expect(await changed).toEqual({ reason: 'contact' });
    await server.deps.mailer.idle();
    const mail = outbox(server.dataDir, admin.email).at(-1)!;
    expect(mail.subject).toBe('Contact form: Fees for next term');
    expect(mail.text).toContain('when are the fees for next term due?');

    const token = (await api('POST', '/auth/login', { email: admin.email, password: TEST_PASSWORD })).body.data.accessToken as string;
    const dash = (await api('GET', '/dashboard/admin', undefined, { token })).body.data;
    expect(dash.contactMessages[0]).toMatchObject({ name: 'Grace Visitor', email: 'grace@example.org', subject: 'Fees for next term' });

    // A bot fills the hidden field: same answer, nothing stored.
    const bot = await api('POST', '/contact', { ...MESSAGE, subject: 'Cheap pills', website: 'http://spam.example' });
    expect(bot.status).toBe(201);
    expect(await server.deps.db('contact_messages').where({ subject: 'Cheap pills' }).first()).toBeUndefined();

    const bad = await api('POST', '/contact', { name: '', email: 'not-an-email', subject: 'x', message: 'short' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'message', 'name']);

    for (let i = 3; i < CONTACT_PER_IP_PER_HOUR; i++) expect((await api('POST', '/contact', MESSAGE)).status).toBe(201);
    const flood = await api('POST', '/contact', MESSAGE);
    expect(flood.status).toBe(429);
    expect(flood.headers.get('retry-after')).toBeTruthy();
  });
});
