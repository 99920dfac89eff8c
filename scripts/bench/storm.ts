/**
 * The exam-start storm: a whole school signs in at 9:00 from one address, opens the
 * exam, starts it and joins the live session, all within a minute, while the students already
 * sitting another exam keep saving.
 */
import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import type { Knex } from 'knex';
import { SOCKET_EVENTS } from '@exam/shared';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { ARGON2_OPTIONS } from '../../server/src/auth/passwords';
import { insertOpenExam } from './seed';

export const STORM_STUDENTS = Number(process.env.BENCH_STORM_STUDENTS ?? 1000);
export const STORM_SECONDS = Number(process.env.BENCH_STORM_SECONDS ?? 60);
const PASSWORD = 'storm-password-9';

export interface StormSeed {
  examId: string;
  emails: string[];
}

/** The storm's students, each with a real argon2id hash at the production cost, and their exam. */
export async function seedStorm(db: Knex, teacherId: string): Promise<StormSeed> {
  // One hash shared by all: verifying it costs the same as each student having their own.
  const hash = await argon2.hash(PASSWORD, ARGON2_OPTIONS);
  const [question] = await db('questions')
    .insert({ owner_id: teacherId, text: 'Explain why the sky is blue.', type: 'essay', subject: 'physics' })
    .returning('id');
  const exam = await insertOpenExam(db, teacherId, { title: 'Nine o’clock exam', subject: 'physics', description: 'The whole school starts this at once', grade: 12, durationMinutes: 60 });
  await db('exam_questions').insert({ exam_id: exam.id, question_id: question.id, position: 1 });
  const users = Array.from({ length: STORM_STUDENTS }, (_, i) => ({
    id: randomUUID(),
    email: `storm${i}@bench.test`,
    password_hash: hash,
    first_name: 'Storm',
    last_name: String(i),
    role: 'student',
    grade: 12,
    section: 'A',
    is_verified: true,
  }));
  await db.batchInsert('users', users, 500);
  await db.batchInsert('user_settings', users.map((u) => ({ user_id: u.id })), 500);
  return { examId: exam.id, emails: users.map((u) => u.email) };
}

export interface StormResult {
  signIns: number[];
  journeys: number[];
  refused: number;
  failed: string[];
}

async function postJson(url: string, body: unknown, token?: string, queueTicket?: string) {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(queueTicket ? { 'x-sign-in-ticket': queueTicket } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** One student's 9:00: sign in, open the exam, start it, join the live session. */
async function journey(baseUrl: string, examId: string, email: string, result: StormResult, sockets: Socket[]): Promise<void> {
  const started = performance.now();
  let login = await postJson(`${baseUrl}/api/auth/login`, { email, password: PASSWORD });
  // A crowded node tells a sign-in its place in line (503): come back when told, with the ticket,
  // as the sign-in page does. The sign-in's time counts until it is in.
  while (login.status === 503) {
    const place = ((await login.json()) as { data?: { retryAfterSeconds?: number; queueTicket?: string } }).data;
    if (!place?.retryAfterSeconds) break;
    await new Promise((r) => setTimeout(r, place.retryAfterSeconds! * 1000));
    login = await postJson(`${baseUrl}/api/auth/login`, { email, password: PASSWORD }, undefined, place.queueTicket);
  }
  result.signIns.push(performance.now() - started);
  if (login.status === 429) {
    result.refused++;
    return;
  }
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const exam = await fetch(`${baseUrl}/api/exams/${examId}`, { headers: { authorization: `Bearer ${token}` } });
  if (exam.status !== 200) throw new Error(`opening the exam answered ${exam.status}`);
  await exam.arrayBuffer();
  const start = await postJson(`${baseUrl}/api/exams/${examId}/start`, {}, token);
  if (start.status !== 201 && start.status !== 200) throw new Error(`starting answered ${start.status}`);
  const attemptId = ((await start.json()) as { data: { submission: { _id: string } } }).data.submission._id;
  const socket = await new Promise<Socket>((resolve, reject) => {
    const s = connectSocket(baseUrl, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true, timeout: 60_000 });
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
  sockets.push(socket);
  const joined = (await socket.timeout(60_000).emitWithAck(SOCKET_EVENTS.join, { attemptId })) as { ok?: boolean; code?: string };
  if (!joined?.ok) throw new Error(`joining answered ${joined?.code ?? 'nothing'}`);
  result.journeys.push(performance.now() - started);
}

/** Every student arrives at a random moment within STORM_SECONDS, all from this one address. */
export async function runStorm(baseUrl: string, seed: StormSeed): Promise<StormResult> {
  const result: StormResult = { signIns: [], journeys: [], refused: 0, failed: [] };
  const sockets: Socket[] = [];
  await Promise.all(
    seed.emails.map(
      (email) =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            journey(baseUrl, seed.examId, email, result, sockets)
              .catch((err: Error) => result.failed.push(err.message))
              .finally(resolve);
          }, Math.random() * STORM_SECONDS * 1000),
        ),
    ),
  );
  sockets.forEach((s) => s.close());
  return result;
}
