import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sitAnExam } from '../../../docs/examples/sit-an-exam';
import { buildExam, buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { call, connectAs } from '../test/sockets';
import { CLIENT_EVENTS, NODE_EVENTS, SERVER_EVENTS } from './events';
import { EXAMPLE_PATH, ROOT, protocolDocs } from './files';
import { eventsInCode } from './fromCode';

const names = (list: { name: string }[]) => [...new Set(list.map((e) => e.name))].sort();

describe('the live protocol page and AsyncAPI document', () => {
  const inCode = eventsInCode(path.join(ROOT, 'server/src'));

  it('has an entry for every event the server handles, and no entry for one it does not', () => {
    expect(names(inCode.handled).length).toBeGreaterThan(10);
    expect(names(CLIENT_EVENTS)).toEqual(names(inCode.handled));
  });

  it('has an entry for every event the server emits, and no entry for one it does not', () => {
    expect(names(SERVER_EVENTS)).toEqual(names(inCode.emitted));
  });

  it('tells, for every client event, that an ended session is answered unauthorized', () => {
    for (const e of CLIENT_EVENTS) expect(Object.keys(e.errors), e.name).toEqual(expect.arrayContaining(['unauthorized', 'error']));
  });

  it('lists every message between server nodes apart, and none a client could see', () => {
    expect(names(NODE_EVENTS)).toEqual(names(inCode.betweenNodes));
    const clientSide = new Set([...names(inCode.handled), ...names(inCode.emitted)]);
    expect(names(NODE_EVENTS).filter((n) => clientSide.has(n))).toEqual([]);
  });

  it('reads every event name in the code (only the hub and its port take a variable)', () => {
    expect([...new Set(inCode.unread.map((u) => u.at.replace(/:\d+$/, '')))].sort()).toEqual(['ports/realtime.ts', 'realtime/hub.ts']);
  });

  it('notices an event added anywhere in the server, by constant or by name', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'protocol-'));
    try {
      writeFileSync(
        path.join(dir, 'newFeature.ts'),
        [
          "onAck(handlers, deps.log, SOCKET_EVENTS.join, attemptJoinSchema, async () => ({ ok: true }));",
          "socket.on('hand:raise', () => undefined);",
          "deps.realtime.emit(rooms.attempt(f(a, b)), 'hand:lowered', { at: 1 });",
          'socket.emit(PROCTOR_EVENTS.resync, {});',
          'deps.realtime.emit(rooms.admins, DASHBOARD_CHANGED_EVENT, { reason: "contact" });',
          "const WAKE_ALL = 'nodes:wake';",
          'io.serverSideEmit(WAKE_ALL);',
          'deps.realtime.onNodeEvent(SETTINGS_CHANGED_EVENT, () => undefined);',
        ].join('\n'),
      );
      const found = eventsInCode(dir);
      expect(names(found.handled)).toEqual(['attempt:join', 'hand:raise']);
      expect(names(found.emitted)).toEqual(['dashboard:changed', 'hand:lowered', 'proctor:resync']);
      expect(names(found.betweenNodes)).toEqual(['nodes:wake', 'platform-settings:changed']);
      expect(found.unread).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is committed as the script writes it (run `npx tsx scripts/docs-protocol.ts`)', () => {
    for (const file of protocolDocs()) expect(readFileSync(file.path, 'utf8'), path.relative(ROOT, file.path)).toBe(file.content);
  });

  it('shows the worked example verbatim', () => {
    const page = readFileSync(path.join(ROOT, 'docs/live-protocol.md'), 'utf8');
    const block = /## Worked example[\s\S]*?```ts\n([\s\S]*?)\n```/.exec(page)?.[1];
    expect(block).toBe(readFileSync(EXAMPLE_PATH, 'utf8').trimEnd());
  });

  interface Operation {
    action: string;
    channel: { $ref: string };
    messages: { $ref: string }[];
    reply?: { channel: { $ref: string }; messages: { $ref: string }[] };
  }

  it('is an AsyncAPI 3.0 document whose references all resolve and whose operations use their own channel', () => {
    const doc = JSON.parse(protocolDocs().find((f) => f.path.endsWith('.json'))!.content);
    expect(doc.asyncapi).toBe('3.0.0');
    const resolve = (ref: string) =>
      ref
        .slice(2)
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    const refs: string[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if (k === '$ref' && typeof v === 'string') refs.push(v);
          else walk(v);
        }
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(50);
    expect(refs.filter((r) => resolve(r) === undefined)).toEqual([]);
    const operations = Object.values(doc.operations as Record<string, Operation>);
    for (const op of operations) {
      for (const m of op.messages) expect(m.$ref.startsWith(`${op.channel.$ref}/messages/`)).toBe(true);
      if (op.reply) for (const m of op.reply.messages) expect(m.$ref.startsWith(`${op.reply.channel.$ref}/messages/`)).toBe(true);
    }
    const sent = operations.filter((op) => op.action === 'receive');
    expect(sent).toHaveLength(CLIENT_EVENTS.length);
  });
});

describe('against a running server', () => {
  let server: TestServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.stop();
  });
  const proctoring = { enabled: true, preventTabSwitching: true, requireFullscreen: true, disableRightClick: true, preventCopyPaste: true, enableCamera: false, enableMicrophone: false };

  it('sits an exam as written: joins, saves with seq, reports a violation and submits', async () => {
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const student = await buildUser(server.deps, { role: 'student' });
    const exam = await buildExam(server.deps, teacher.id, { questions: 2, settings: { proctoring } });

    const sitting = await sitAnExam(server.url, student.email, TEST_PASSWORD, exam.id);

    expect(sitting.violations).toEqual({ tabSwitches: 1, fullscreenExits: 0 });
    expect(sitting.submitted).toEqual({ submissionId: sitting.attemptId, reason: 'student' });
    expect(Date.parse(sitting.deadlineAt)).toBeGreaterThan(Date.now());
    const attempt = await server.deps.db('attempts').where({ id: sitting.attemptId }).first('status', 'submit_reason', 'tab_switches', 'student_id');
    expect(attempt).toMatchObject({ submit_reason: 'student', tab_switches: 1, student_id: student.id });
    expect(['submitted', 'graded']).toContain(attempt.status);
    const saved = await server.deps.db('answers').where({ attempt_id: sitting.attemptId, question_id: exam.questionIds[0] }).first('answer', 'seq');
    expect(saved).toEqual({ answer: 'Three', seq: 1 });
  });

  /** Zod strips keys it does not know, so a payload equal to its parse has no undocumented field. */
  const documented = (schema: { parse(v: unknown): unknown }, value: unknown) => expect(schema.parse(value)).toEqual(value);
  const sendAndCheck = async (socket: Socket, name: string, payload: unknown) => {
    const entry = CLIENT_EVENTS.find((e) => e.name === name)!;
    const reply = await call(socket, name, payload);
    if (reply.ok) {
      const { ok: _ok, ...data } = reply;
      documented(entry.ack, data);
    } else expect(Object.keys(entry.errors), `${name} replied ${reply.code}`).toContain(reply.code);
    return reply;
  };

  it('sends and acknowledges exactly what the page documents', async () => {
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const student = await buildUser(server.deps, { role: 'student' });
    const exam = await buildExam(server.deps, teacher.id, { questions: 2, settings: { proctoring } });
    const received: { event: string; payload: unknown; to: string }[] = [];
    const listen = (socket: Socket, to: string) => socket.onAny((event: string, payload: unknown) => received.push({ event, payload, to }));
    const seen = (event: string, to: string) => vi.waitFor(() => expect(received.some((r) => r.event === event && r.to === to), `${event} to the ${to}`).toBe(true), { timeout: 10_000 });

    const proctor = await connectAs(server, teacher.email);
    const desk = await connectAs(server, student.email);
    sockets.push(proctor, desk);
    listen(proctor, 'proctor');
    listen(desk, 'student');
    expect((await sendAndCheck(proctor, 'proctor:watch', { examId: exam.id })).ok).toBe(true);

    const login = await server.api('POST', '/auth/login', { email: student.email, password: TEST_PASSWORD });
    const start = await server.api('POST', `/exams/${exam.id}/start`, undefined, { token: login.body.data.accessToken });
    const attemptId = start.body.data.submission._id as string;
    expect((await sendAndCheck(desk, 'attempt:join', { attemptId })).ok).toBe(true);
    // Progress goes out as proctor:progress only in a second with no other event of the attempt.
    await seen('proctor:row', 'proctor');
    expect((await sendAndCheck(desk, 'answer:save', { attemptId, questionId: exam.questionIds[0], answer: 'Four', seq: 1 })).ok).toBe(true);
    await seen('proctor:progress', 'proctor');
    expect((await sendAndCheck(desk, 'answer:save', { attemptId, questionId: exam.questionIds[0], answer: 'Four', seq: 0 })).code).toBe('invalid');
    expect((await sendAndCheck(desk, 'attempt:health', { attemptId, pending: 2 })).ok).toBe(true);
    expect((await sendAndCheck(desk, 'violation', { attemptId, type: 'fullscreen-exit' })).ok).toBe(true);
    expect((await sendAndCheck(proctor, 'proctor:message', { examId: exam.id, attemptId, text: 'Eyes on your own screen' })).ok).toBe(true);
    expect((await sendAndCheck(proctor, 'proctor:extend', { attemptId, minutes: 5 })).ok).toBe(true);
    expect((await sendAndCheck(proctor, 'proctor:timeline', { attemptId })).ok).toBe(true);
    expect((await sendAndCheck(proctor, 'camera:request', { attemptId })).code).toBe('conflict');
    expect((await sendAndCheck(desk, 'attempt:submit', { attemptId })).ok).toBe(true);
    expect((await sendAndCheck(proctor, 'proctor:submit', { attemptId })).code).toBe('conflict');
    expect((await sendAndCheck(proctor, 'proctor:reinstate', { attemptId })).code).toBe('not-reinstatable');
    expect((await sendAndCheck(desk, 'proctor:watch', { examId: exam.id })).code).toBe('forbidden');

    await seen('attempt:submitted', 'student');
    await seen('notification', 'student');
    for (const e of ['proctor:snapshot', 'proctor:row', 'proctor:event', 'proctor:progress', 'proctor:health']) await seen(e, 'proctor');
    expect(received.filter((r) => r.to === 'student').map((r) => r.event)).toEqual(expect.arrayContaining(['attempt:time', 'proctor:message']));
    for (const r of received) {
      const entry = SERVER_EVENTS.find((e) => e.name === r.event);
      expect(entry, `${r.event} has an entry`).toBeDefined();
      documented(entry!.payload, r.payload);
    }
  });
});
