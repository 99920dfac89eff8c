import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitAnExam } from '../../../docs/examples/sit-an-exam';
import { buildExam, buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { CLIENT_EVENTS, SERVER_EVENTS } from './events';
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

  it('reads every event name in the code (only the generic ack wrapper and hub take a variable)', () => {
    expect([...new Set(inCode.unread.map((u) => u.at.replace(/:\d+$/, '')))].sort()).toEqual(['realtime/ack.ts', 'realtime/hub.ts']);
  });

  it('is committed as the script writes it (run `npx tsx scripts/docs-protocol.ts`)', () => {
    for (const file of protocolDocs()) expect(readFileSync(file.path, 'utf8'), path.relative(ROOT, file.path)).toBe(file.content);
  });

  it('shows the worked example verbatim', () => {
    const page = readFileSync(path.join(ROOT, 'docs/live-protocol.md'), 'utf8');
    const block = /## Worked example[\s\S]*?```ts\n([\s\S]*?)\n```/.exec(page)?.[1];
    expect(block).toBe(readFileSync(EXAMPLE_PATH, 'utf8').trimEnd());
  });

  it('is an AsyncAPI 3.0 document whose references all resolve and whose operations use their own channel', () => {
    const doc = JSON.parse(protocolDocs().find((f) => f.path.endsWith('.json'))!.content);
    expect(doc.asyncapi).toBe('3.0.0');
    const resolve = (ref: string) =>
      ref
        .slice(2)
        .split('/')
        .reduce((node: any, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    const refs: string[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) (k === '$ref' && typeof v === 'string' ? refs.push(v) : walk(v));
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(50);
    expect(refs.filter((r) => resolve(r) === undefined)).toEqual([]);
    for (const op of Object.values(doc.operations) as any[]) {
      for (const m of op.messages) expect(m.$ref.startsWith(`${op.channel.$ref}/messages/`)).toBe(true);
      if (op.reply) for (const m of op.reply.messages) expect(m.$ref.startsWith(`${op.reply.channel.$ref}/messages/`)).toBe(true);
    }
    const sent = Object.values(doc.operations).filter((op: any) => op.action === 'receive');
    expect(sent).toHaveLength(CLIENT_EVENTS.length);
  });
});

describe('the worked example', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('sits an exam as written: joins, saves with seq, reports a violation and submits', async () => {
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const student = await buildUser(server.deps, { role: 'student' });
    const proctoring = { enabled: true, preventTabSwitching: true, requireFullscreen: true, disableRightClick: true, preventCopyPaste: true, enableCamera: false, enableMicrophone: false };
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
});
