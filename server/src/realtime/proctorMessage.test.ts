import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { STORABLE_MSG } from '@exam/shared';
import { buildExam, buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { textPaths } from '../test/fuzz';
import { call, connectAs, nextEvent } from '../test/sockets';
import { translateMessage } from '../i18n/translator';
import { CLIENT_EVENTS } from '../protocolDocs/events';

let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.stop();
});

async function connected(email: string) {
  const s = await connectAs(server, email);
  sockets.push(s);
  return s;
}

/** A teacher proctoring an exam that two students have started; neither is connected yet. */
async function examWithTwoSitting(teacherLanguage?: string) {
  const teacher = await buildUser(server.deps, { role: 'teacher' });
  if (teacherLanguage) await server.deps.db('user_settings').where({ user_id: teacher.id }).update({ settings: JSON.stringify({ preferences: { language: teacherLanguage } }) });
  const exam = await buildExam(server.deps, teacher.id, { questions: 1, grade: 7 });
  const students = await Promise.all(
    [0, 1].map(async () => {
      const student = await buildUser(server.deps, { role: 'student' });
      await server.deps.db('users').where({ id: student.id }).update({ grade: 7 });
      const token = (await server.api('POST', '/auth/login', { email: student.email, password: TEST_PASSWORD })).body.data.accessToken as string;
      const start = await server.api('POST', `/exams/${exam.id}/start`, undefined, { token });
      return { student, token, attemptId: start.body.data.submission._id as string };
    }),
  );
  const proctor = await connected(teacher.email);
  return { exam, proctor, students };
}

const stored = async (attemptIds: string[], userIds: string[]) => ({
  events: (await server.deps.db('attempt_events').whereIn('attempt_id', attemptIds).where({ type: 'message' })).length,
  notifications: (await server.deps.db('notifications').whereIn('user_id', userIds).where({ type: 'message' })).length,
});

describe("a proctor message's acknowledgement", () => {
  it('counts a student online as reached live and one offline as only stored for later', async () => {
    const { exam, proctor, students } = await examWithTwoSitting();
    const [online, offline] = students as [(typeof students)[0], (typeof students)[0]];
    const socket = await connected(online.student.email);
    await call(socket, 'attempt:join', { attemptId: online.attemptId });

    const heard = nextEvent(socket, 'proctor:message');
    expect(await call(proctor, 'proctor:message', { examId: exam.id, text: 'Ten minutes left.' })).toEqual({ ok: true, delivered: 1, storedOnly: 1 });
    expect((await heard).text).toBe('Ten minutes left.');
    // To the offline student alone: nobody heard it; it waits in their notifications.
    expect(await call(proctor, 'proctor:message', { examId: exam.id, attemptId: offline.attemptId, text: 'Please reconnect.' })).toEqual({ ok: true, delivered: 0, storedOnly: 1 });
    const inbox = await server.api('GET', '/notifications', undefined, { token: offline.token });
    expect(inbox.body.data.notifications.map((n: { message: string }) => n.message)).toEqual(['Please reconnect.', 'Ten minutes left.']);
  });

  it('counts as live a student connected on another page, who gets the notification at once', async () => {
    const { exam, proctor, students } = await examWithTwoSitting();
    // Signed in, but not on the exam screen (never joined the attempt's room).
    const elsewhere = await connected(students[0]!.student.email);
    const notified = nextEvent(elsewhere, 'notification');
    expect(await call(proctor, 'proctor:message', { examId: exam.id, attemptId: students[0]!.attemptId, text: 'Come back to the exam.' })).toEqual({ ok: true, delivered: 1, storedOnly: 0 });
    expect(await notified).toMatchObject({ type: 'message', message: 'Come back to the exam.' });
  });
});

describe('text the database cannot store in a socket event', () => {
  it('refuses a proctor message that is not valid text (a lone surrogate) with a clear, translated error, and stores nothing', async () => {
    const { exam, proctor, students } = await examWithTwoSitting('fr');
    const socket = await connected(students[0]!.student.email);
    await call(socket, 'attempt:join', { attemptId: students[0]!.attemptId });
    const french = translateMessage('fr', STORABLE_MSG.surrogate);
    expect(french).not.toBe(STORABLE_MSG.surrogate);
    for (const text of ['\uD800', 'Ten minutes \uDC00left', 'broken pair \uD83D']) {
      expect(await call(proctor, 'proctor:message', { examId: exam.id, text })).toEqual({ ok: false, code: 'invalid', message: french });
      expect(await call(proctor, 'proctor:message', { examId: exam.id, attemptId: students[0]!.attemptId, text })).toEqual({ ok: false, code: 'invalid', message: french });
    }
    expect(await stored(students.map((s) => s.attemptId), students.map((s) => s.student.id))).toEqual({ events: 0, notifications: 0 });
    // A whole character outside the basic plane (a surrogate pair) is text like any other.
    expect(await call(proctor, 'proctor:message', { examId: exam.id, text: 'Good luck 🍀' })).toMatchObject({ ok: true });
  });

  it('refuses a lone surrogate in any field of every event, with its own clear ack', async () => {
    const { proctor, students } = await examWithTwoSitting();
    const student = await connected(students[0]!.student.email);
    const payload = { attemptId: students[0]!.attemptId, examId: students[0]!.attemptId, questionId: students[0]!.attemptId, answer: 'x', seq: 1, type: 'copy', text: 'hello', minutes: 5, pending: 0, to: 'peer', data: { sdp: 'offer' } };
    const withSurrogate = (value: unknown, path: (string | number)[]): unknown => {
      if (!path.length) return `${value as string}\uD800`;
      const copy = { ...(value as object) } as Record<string | number, unknown>;
      copy[path[0]!] = withSurrogate(copy[path[0]!], path.slice(1));
      return copy;
    };
    for (const socket of [student, proctor]) {
      for (const { name } of CLIENT_EVENTS) {
        for (const path of textPaths(payload)) {
          expect(await call(socket, name, withSurrogate(payload, path))).toEqual({ ok: false, code: 'invalid', message: STORABLE_MSG.surrogate });
        }
      }
    }
    expect(await server.deps.db('answers').where({ attempt_id: students[0]!.attemptId }).first()).toBeUndefined();
  });

  it('refuses a lone surrogate in a REST save with a 400 naming the field', async () => {
    const { students } = await examWithTwoSitting();
    const [s] = students;
    const questionId = ((await server.deps.db('attempts').where({ id: s!.attemptId }).first('question_order')) as { question_order: string[] }).question_order[0];
    const res = await server.api('POST', '/submissions/answer', { submissionId: s!.attemptId, questionId, answer: 'half \uDBFF' }, { token: s!.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, errors: [{ field: 'answer', msg: STORABLE_MSG.surrogate }] });
    expect(await server.deps.db('answers').where({ attempt_id: s!.attemptId }).first()).toBeUndefined();
  });
});
