import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { afterAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { apiClient, type ApiClient } from '../test/harness';
import { call, openSocket } from '../test/sockets';
import { killHard, startServerProcess, type ServerProcess } from './processNode';

/**
 * Fault test: students save while the server is killed with SIGKILL; after a restart
 * every acknowledged answer is in the database and the deadline has not moved. Runs in the
 * embedded mode (PGlite files under DATA_DIR) and, when DATABASE_URL is set, against PostgreSQL.
 */
const modes: { name: string; env: () => Promise<Record<string, string>>; cleanup?: () => Promise<void> }[] = [];
const dataDirs: string[] = [];
let pgDatabase: string | undefined;

// An empty variable counts as unset: the embedded run must not inherit CI's PostgreSQL or Redis.
modes.push({ name: 'embedded PGlite', env: async () => ({ DATABASE_URL: '', REDIS_URL: '' }) });
if (process.env.DATABASE_URL) {
  modes.push({
    name: 'PostgreSQL',
    env: async () => {
      pgDatabase = `fault_${randomBytes(4).toString('hex')}`;
      const admin = knexFactory({ client: 'pg', connection: process.env.DATABASE_URL, pool: { min: 0, max: 1 } });
      await admin.raw(`CREATE DATABASE ${pgDatabase}`);
      await admin.destroy();
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${pgDatabase}`;
      return { DATABASE_URL: url.toString(), REDIS_URL: '' };
    },
    cleanup: async () => {
      const admin = knexFactory({ client: 'pg', connection: process.env.DATABASE_URL, pool: { min: 0, max: 1 } });
      await admin.raw(`DROP DATABASE IF EXISTS ${pgDatabase} WITH (FORCE)`);
      await admin.destroy();
    },
  });
}

afterAll(() => {
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
});

async function verifiedSignIn(api: ApiClient, outboxDir: string, body: Record<string, unknown>): Promise<string> {
  const reg = await api('POST', '/auth/register', body);
  if (reg.status !== 201) throw new Error(`register failed: ${JSON.stringify(reg.body)}`);
  // The test process reads the outbox the child wrote (dev mail), as a newcomer would.
  const { readdirSync, readFileSync } = await import('node:fs');
  let token: string | undefined;
  for (let i = 0; i < 50 && !token; i++) {
    const mails = (() => {
      try {
        return readdirSync(outboxDir).map((f) => JSON.parse(readFileSync(path.join(outboxDir, f), 'utf8')));
      } catch {
        return [];
      }
    })();
    const link = mails.find((m: { to: string }) => m.to === body.email)?.link as string | undefined;
    token = link ? new URL(link).searchParams.get('token')! : undefined;
    if (!token) await new Promise((r) => setTimeout(r, 100));
  }
  await api('POST', '/auth/verify-email', { token });
  const login = await api('POST', '/auth/login', { email: body.email, password: body.password });
  return login.body.data.accessToken;
}

describe.each(modes)('kill -9 while students save ($name)', (mode) => {
  it('keeps every acknowledged answer and the deadline', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'exam-fault-'));
    dataDirs.push(dataDir);
    const env = { DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), ...(await mode.env()) };
    const outbox = path.join(dataDir, 'mail');
    let node: ServerProcess = await startServerProcess(env);
    try {
      let api = apiClient(node.url);
      const teacher = await verifiedSignIn(api, outbox, { firstName: 'T', lastName: 'Eacher', email: 'teacher@fault.test', password: 'secret12', role: 'teacher', subject: 'physics', qualification: 'MSc' });
      const questions = Array.from({ length: 10 }, (_, i) => ({ text: `Question number ${i + 1} of ten`, type: 'essay', subject: 'physics' }));
      const exam = await api('POST', '/exams', {
        title: 'Fault exam',
        description: 'An exam the server dies during',
        subject: 'physics',
        grade: 10,
        duration: 60,
        passingMarks: 50,
        isPublished: true,
        schedule: { startDate: new Date(Date.now() - 60_000).toISOString(), endDate: new Date(Date.now() + 3 * 3600_000).toISOString() },
        questions,
      }, { token: teacher });
      expect(exam.status).toBe(201);
      const examId = exam.body.data.exam._id;

      const students: { token: string; attemptId: string; deadlineAt: string; questionIds: string[] }[] = [];
      for (let s = 0; s < 3; s++) {
        const token = await verifiedSignIn(api, outbox, { firstName: 'S', lastName: `${s}`, email: `s${s}@fault.test`, password: 'secret12', role: 'student', grade: 10, section: 'A' });
        const start = await api('POST', `/exams/${examId}/start`, undefined, { token });
        students.push({ token, attemptId: start.body.data.submission._id, deadlineAt: start.body.data.submission.deadlineAt, questionIds: start.body.data.questions.map((q: { _id: string }) => q._id) });
      }

      // Each student saves in a loop; every ack is recorded as (attempt, question) -> highest acked seq.
      const acked = new Map<string, { seq: number; answer: string }>();
      const sockets: Socket[] = [];
      let killed = false;
      let ackCount = 0;
      const loops = students.map(async (st, si) => {
        const socket = await openSocket(node.url, st.token);
        sockets.push(socket);
        const seqs = new Map<string, number>();
        for (let i = 0; !killed; i++) {
          const q = st.questionIds[i % st.questionIds.length]!;
          const seq = (seqs.get(q) ?? 0) + 1;
          seqs.set(q, seq);
          const answer = `student ${si} answer ${seq} to ${q.slice(0, 8)}`;
          const ack = await call(socket, 'answer:save', { attemptId: st.attemptId, questionId: q, answer, seq }).catch(() => undefined);
          if (ack?.ok) {
            acked.set(`${st.attemptId}:${q}`, { seq, answer });
            ackCount++;
          }
        }
      });
      while (ackCount < 150) await new Promise((r) => setTimeout(r, 10));
      await killHard(node);
      killed = true;
      for (const s of sockets) s.close();
      await Promise.allSettled(loops);
      expect(ackCount).toBeGreaterThanOrEqual(150);

      node = await startServerProcess(env);
      api = apiClient(node.url);
      for (const st of students) {
        const socket = await openSocket(node.url, st.token);
        const joined = await call(socket, 'attempt:join', { attemptId: st.attemptId });
        socket.close();
        expect(joined.ok).toBe(true);
        expect(joined.data.status).toBe('in_progress');
        expect(joined.data.deadlineAt).toBe(st.deadlineAt);
        for (const q of st.questionIds) {
          const mine = acked.get(`${st.attemptId}:${q}`);
          if (!mine) continue;
          // A later, unacknowledged save may have landed too; an acknowledged one is never lost.
          expect(joined.data.seqs[q]).toBeGreaterThanOrEqual(mine.seq);
          if (joined.data.seqs[q] === mine.seq) expect(joined.data.answers[q]).toBe(mine.answer);
        }
      }
    } finally {
      await killHard(node);
      await mode.cleanup?.();
    }
  }, 120_000);
});
