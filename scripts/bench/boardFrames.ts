/**
 * `npx tsx scripts/bench/boardFrames.ts`: the proctor board of a whole hall in real Chromium.
 * BOARD_STUDENTS (300) simulated students join one proctored exam and each save an
 * answer and report their save health every second, while a teacher's board is open; the page
 * records the time between animation frames, first in the table view, then in the tile view.
 * Not a test: it prints figures (p50/p95/p99 frame time, share of frames over 16.7 ms).
 *
 * Settings: BOARD_STUDENTS (300), BOARD_SECONDS per view (20), DATABASE_URL (PostgreSQL to create
 * a scratch database in; default the local test server), CHROMIUM_PATH (/usr/bin/chromium).
 * Needs the built web app (web/dist: `npx tsx scripts/webBuild.ts` or any Playwright run).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { chromium } from '@playwright/test';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { EXAM_SETTINGS_DEFAULTS, PROCTOR_EVENTS, SOCKET_EVENTS } from '@exam/shared';
import { signAccessToken } from '../../server/src/auth/jwt';
import { hashPassword } from '../../server/src/auth/passwords';
import { killHard, startServerProcess } from '../../server/src/faults/processNode';
import { ROOT } from '../webBuild';
import { scratchDatabase } from './scratchDatabase';
import { insertOpenExam } from './seed';

const STUDENTS = Number(process.env.BOARD_STUDENTS ?? 300);
const SECONDS = Number(process.env.BOARD_SECONDS ?? 20);
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const QUESTIONS = 10;
const TEACHER = { email: 'board-teacher@bench.test', password: 'Bench-board-2026!' };

const log = (...a: unknown[]) => console.error('[board-bench]', ...a);

/** A teacher who can sign in, a proctored exam open now, and an attempt in progress per student. */
async function seed(db: Knex, secret: string) {
  const [teacher] = await db('users')
    .insert({ email: TEACHER.email, password_hash: await hashPassword(TEACHER.password), first_name: 'Board', last_name: 'Teacher', role: 'teacher', is_verified: true })
    .returning('id');
  const questions = (await db('questions')
    .insert(Array.from({ length: QUESTIONS }, (_, i) => ({ owner_id: teacher.id, text: `Board question ${i + 1}`, type: 'essay', subject: 'physics' })))
    .returning('id')) as { id: string }[];
  const settings = { ...EXAM_SETTINGS_DEFAULTS, proctoring: { ...EXAM_SETTINGS_DEFAULTS.proctoring, enabled: true } };
  const exam = await insertOpenExam(db, teacher.id, { title: 'Hall benchmark', subject: 'physics', description: 'The exam the board benchmark proctors', grade: 10, settings });
  await db('exam_questions').insert(questions.map((q, i) => ({ exam_id: exam.id, question_id: q.id, position: i + 1 })));
  const questionIds = questions.map((q) => q.id);
  const users = Array.from({ length: STUDENTS }, (_, i) => ({ id: randomUUID(), email: `hall${i}@bench.test`, password_hash: 'x', first_name: `Student`, last_name: `No. ${i + 1}`, role: 'student', grade: 10, is_verified: true }));
  await db('users').insert(users);
  const sessions = users.map((u) => ({ id: randomUUID(), user_id: u.id }));
  await db('sessions').insert(sessions);
  const attempts = users.map((u) => ({ id: randomUUID(), exam_id: exam.id, student_id: u.id, attempt_number: 1, deadline_at: new Date(Date.now() + 3 * 3600_000), question_order: JSON.stringify(questionIds) }));
  await db('attempts').insert(attempts);
  const students = users.map((u, i) => ({ token: signAccessToken(secret, { sub: u.id, sid: sessions[i]!.id, role: 'student' }), attemptId: attempts[i]!.id }));
  return { examId: exam.id as string, students, questionIds };
}

const open = (url: string, token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connectSocket(url, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });

/** Every student saves one answer and reports save health once a second, spread over the second. */
function driveStudents(sockets: { socket: Socket; attemptId: string }[], questionIds: string[]) {
  let seq = 0;
  const timers = sockets.map(({ socket, attemptId }, i) =>
    setTimeout(() => {
      const tick = () => {
        seq += 1;
        const questionId = questionIds[seq % questionIds.length]!;
        socket.emit(SOCKET_EVENTS.save, { attemptId, questionId, answer: `Answer ${seq}`, seq }, () => undefined);
        socket.emit(PROCTOR_EVENTS.health, { attemptId, pending: seq % 3 }, () => undefined);
      };
      tick();
      timers.push(setInterval(tick, 1000));
    }, (i * 1000) / sockets.length),
  );
  return () => timers.forEach((t) => clearInterval(t));
}

interface Frames {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  over16: number;
}

/** Frame-to-frame times from requestAnimationFrame in the page, for `seconds`. */
async function recordFrames(page: import('@playwright/test').Page, seconds: number): Promise<Frames> {
  // A string, not a function: tsx's name-keeping helpers do not exist in the page.
  const times = (await page.evaluate(`new Promise((resolve) => {
    const deltas = [];
    let last = performance.now();
    const end = last + ${seconds * 1000};
    const frame = (now) => {
      deltas.push(now - last);
      last = now;
      if (now < end) requestAnimationFrame(frame);
      else resolve(deltas);
    };
    requestAnimationFrame(frame);
  })`)) as number[];
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
  return { count: times.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1) ?? Number.NaN, over16: times.filter((t) => t > 17.5).length / Math.max(1, times.length) };
}

async function main() {
  const scratch = await scratchDatabase(BASE_URL);
  const secret = randomBytes(32).toString('hex');
  const node = await startServerProcess({ DATABASE_URL: scratch.url, JWT_SECRET: secret, DATA_DIR: path.join(ROOT, '.tmp/board-bench-data'), LOG_LEVEL: 'error' });
  const db = knexFactory({ client: 'pg', connection: scratch.url, pool: { min: 0, max: 2 } });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const sockets: Socket[] = [];
  let stop = () => undefined as void;
  try {
    const { examId, students, questionIds } = await seed(db, secret);
    log(`seeded ${STUDENTS} students`);
    const joined = await Promise.all(
      students.map(async (s) => {
        const socket = await open(node.url, s.token);
        sockets.push(socket);
        await socket.timeout(20_000).emitWithAck(SOCKET_EVENTS.join, { attemptId: s.attemptId });
        return { socket, attemptId: s.attemptId };
      }),
    );
    log(`${joined.length} students joined`);

    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(`${node.url}/login`);
    await page.getByLabel('Email').fill(TEACHER.email);
    await page.getByLabel('Password').fill(TEACHER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${node.url}/exam/${examId}/proctor`);
    await page.getByText(`Showing ${STUDENTS} of ${STUDENTS}`).waitFor({ timeout: 60_000 });

    stop = driveStudents(joined, questionIds);
    await page.waitForTimeout(3000);
    const table = await recordFrames(page, SECONDS);
    const rowsInDom = await page.getByTestId('proctor-row').count();
    await page.getByText('Tiles', { exact: true }).click();
    await page.waitForTimeout(1000);
    const tiles = await recordFrames(page, SECONDS);
    const tilesInView = (await page.evaluate(
      `[...document.querySelectorAll('[data-testid="hall-tile"]')].filter((e) => e.getBoundingClientRect().bottom <= window.innerHeight).length`,
    )) as number;

    const f = (n: number) => n.toFixed(1);
    const line = (name: string, r: Frames) =>
      `  ${name}: ${r.count} frames, p50/p95/p99 ${f(r.p50)} / ${f(r.p95)} / ${f(r.p99)} ms, max ${f(r.max)} ms, ${(r.over16 * 100).toFixed(1)} % over one 60 Hz frame`;
    console.log(
      [
        '',
        `Proctor board benchmark: ${STUDENTS} live attempts, each saving once a second, 1366×768 Chromium, ${SECONDS} s per view`,
        `  machine: ${(await import('node:os')).cpus().length} cores, load average ${(await import('node:os')).loadavg()[0]!.toFixed(1)}; server, PostgreSQL, students and browser on one box`,
        line('table view', table),
        `  table rows in the DOM: ${rowsInDom} of ${STUDENTS}`,
        line('tile view ', tiles),
        `  tiles within the first screen: ${tilesInView} of ${STUDENTS}`,
      ].join('\n'),
    );
  } finally {
    stop();
    for (const s of sockets) s.close();
    await browser.close();
    await db.destroy();
    await killHard(node);
    await scratch.drop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
