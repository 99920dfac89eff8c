import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { buildExam, buildUser, TEST_PASSWORD } from '../../test/factories';
import { outbox, startTestServer, type TestServer } from '../../test/harness';
import { connectAs, nextEvent } from '../../test/sockets';
import { createNotifications } from '../../services/notifications';
import { sendStartReminders } from '../../services/examNotifications';
import { changeSettings } from '../../services/settings';

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

async function signedIn(role: 'student' | 'teacher' | 'parent' = 'student') {
  const user = await buildUser(server.deps, { role });
  const token = (await api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD })).body.data.accessToken as string;
  return { user, token };
}

describe('notifications', () => {
  it('lists a user’s own notifications newest first, with unread filter and count', async () => {
    const me = await signedIn();
    const other = await signedIn();
    for (const title of ['First', 'Second', 'Third']) await createNotifications(server.deps.db, [me.user.id], { type: 'system', title, message: `${title} message` });
    await createNotifications(server.deps.db, [other.user.id], { type: 'system', title: 'Not yours', message: 'x' });
    const list = await api('GET', '/notifications', undefined, { token: me.token });
    expect(list.body.data.notifications.map((n: { title: string }) => n.title)).toEqual(['Third', 'Second', 'First']);
    expect(list.body.data.unreadCount).toBe(3);
    const first = list.body.data.notifications[2];
    const read = await api('PUT', `/notifications/${first._id}/read`, undefined, { token: me.token });
    expect(read.body.data.notification.read).toBe(true);
    const unread = await api('GET', '/notifications?unread=true&limit=5', undefined, { token: me.token });
    expect(unread.body.data.notifications.map((n: { title: string }) => n.title)).toEqual(['Third', 'Second']);
    await api('PUT', '/notifications/read-all', undefined, { token: me.token });
    expect((await api('GET', '/notifications', undefined, { token: me.token })).body.data.unreadCount).toBe(0);
  });

  it('takes a JSON null body as no body when marking read, and says which icon each carries', async () => {
    const me = await signedIn();
    const [note] = await createNotifications(server.deps.db, [me.user.id], { type: 'result', title: 'Result out', message: 'See your result' });
    await createNotifications(server.deps.db, [me.user.id], { type: 'reminder', title: 'Soon', message: 'Starts soon' });
    const one = await api('PUT', `/notifications/${note!.id}/read`, null, { token: me.token });
    expect(one.status).toBe(200);
    expect(one.body.data.notification).toMatchObject({ read: true, icon: 'chart-bar' });
    const all = await api('PUT', '/notifications/read-all', null, { token: me.token });
    expect(all.status).toBe(200);
    const list = await api('GET', '/notifications', undefined, { token: me.token });
    expect(list.body.data.notifications.map((n: { icon: string; read: boolean }) => [n.icon, n.read])).toEqual([
      ['clock', true],
      ['chart-bar', true],
    ]);
    // Malformed JSON is still a clear 400, and so is a body that is not an object where one is needed.
    expect((await api('DELETE', '/notifications/bulk', undefined, { token: me.token, rawBody: '{"notificationIds": [' })).status).toBe(400);
    expect((await api('DELETE', '/notifications/bulk', 42, { token: me.token })).status).toBe(400);
  });

  it('deletes one or several, and never anyone else’s', async () => {
    const me = await signedIn();
    const other = await signedIn();
    const mine = await createNotifications(server.deps.db, [me.user.id], { type: 'info', title: 'A', message: 'a' });
    const more = await createNotifications(server.deps.db, [me.user.id], { type: 'info', title: 'B', message: 'b' });
    const theirs = await createNotifications(server.deps.db, [other.user.id], { type: 'info', title: 'C', message: 'c' });
    expect((await api('DELETE', `/notifications/${theirs[0]!.id}`, undefined, { token: me.token })).status).toBe(404);
    expect((await api('PUT', `/notifications/${theirs[0]!.id}/read`, undefined, { token: me.token })).status).toBe(404);
    const bulk = await api('DELETE', '/notifications/bulk', { notificationIds: [mine[0]!.id, more[0]!.id, theirs[0]!.id] }, { token: me.token });
    expect(bulk.body.data.deleted).toBe(2);
    expect((await api('GET', '/notifications', undefined, { token: other.token })).body.data.total).toBe(1);
    const empty = await api('DELETE', '/notifications/bulk', { notificationIds: [] }, { token: me.token });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please select notifications to delete');
  });

  it('pushes a notification live when an exam meant for the student is published', async () => {
    const teacher = await signedIn('teacher');
    const student = await buildUser(server.deps, { role: 'student' });
    await server.deps.db('users').where({ id: student.id }).update({ grade: 8 });
    const socket = await connectAs(server, student.email);
    sockets.push(socket);
    const exam = await buildExam(server.deps, teacher.user.id, { grade: 8, published: false, state: 'upcoming' });
    const pushed = nextEvent(socket, 'notification');
    expect((await api('PUT', `/exams/${exam.id}/publish`, undefined, { token: teacher.token })).status).toBe(200);
    expect(await pushed).toMatchObject({ type: 'exam', title: 'New exam published', read: false, actionUrl: '/exams' });
  });

  it('keeps the start of a published exam as data, and mails it in the student’s own zone (named), date and time settings', async () => {
    const teacher = await signedIn('teacher');
    const student = await buildUser(server.deps, { role: 'student' });
    await server.deps.db('users').where({ id: student.id }).update({ grade: 7 });
    await changeSettings(server.deps.db, student.id, { preferences: { timezone: 'America/New_York', dateFormat: 'DD/MM/YYYY', timeFormat: '24h' } });
    const exam = await buildExam(server.deps, teacher.user.id, { grade: 7, published: false, state: 'upcoming' });
    const startsAt = new Date('2026-12-24T18:05:00Z');
    await server.deps.db('exams').where({ id: exam.id }).update({ start_at: startsAt, end_at: new Date('2026-12-24T20:00:00Z') });
    expect((await api('PUT', `/exams/${exam.id}/publish`, undefined, { token: teacher.token })).status).toBe(200);
    const [stored] = await server.deps.db('notifications').where({ user_id: student.id, type: 'exam' });
    expect(stored.message).toMatch(/It starts \{\{startsAt\}\}\.$/);
    expect(stored.message).not.toMatch(/GMT|UTC/);
    expect(stored.metadata).toMatchObject({ startsAt: startsAt.toISOString() });
    await server.deps.mailer.idle();
    const mail = outbox(server.dataDir, student.email).find((m) => m.subject === 'New exam published');
    expect(mail?.text).toContain('It starts 24/12/2026 13:05 EST.');
  });

  it('reminds students once when an exam starts within the hour', async () => {
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const student = await buildUser(server.deps, { role: 'student' });
    const exam = await buildExam(server.deps, teacher.id, { eligible: [student.id], state: 'upcoming' });
    await server.deps.db('exams').where({ id: exam.id }).update({ start_at: new Date(Date.now() + 30 * 60_000) });
    await sendStartReminders(server.deps);
    await sendStartReminders(server.deps);
    const rows = await server.deps.db('notifications').where({ user_id: student.id, type: 'reminder' });
    expect(rows).toHaveLength(1);
    expect(rows[0].message).toMatch(/starts in (29|30) minutes/);
  });
});
