import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evidenceKey } from '../../services/evidence';
import { pdfLines, pdfText } from '../../services/integrity/reportPdfText';
import { getPlatformSettings, savePlatformSettings } from '../../services/platformSettings';
import { buildAttempt, buildExam, buildUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
const tokens: Record<'owner' | 'otherTeacher' | 'admin' | 'student' | 'otherStudent', string> = {} as never;
let examId: string;
let attemptId: string;
let otherAttemptId: string;
let flagEventId: string;
const T0 = Date.parse('2026-11-20T08:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const FORMULA_NAME = '=HYPERLINK("http://evil.test","x")';

async function signIn(email: string): Promise<string> {
  return (await server.api('POST', '/auth/login', { email, password: TEST_PASSWORD })).body.data.accessToken as string;
}

/** A download as the browser makes it: the bytes, the status and the headers. */
async function download(path: string, token: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/api${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const csvRows = (bytes: Buffer): string[][] => parse(bytes.toString('utf8'), { bom: true }) as string[][];

beforeAll(async () => {
  server = await startTestServer();
  const { deps } = server;
  const admin = await buildUser(deps, { role: 'admin' });
  await savePlatformSettings(deps, { ...(await getPlatformSettings(deps)), schoolName: 'Lycée Saint-Exupéry' }, admin.id);
  const owner = await buildUser(deps, { role: 'teacher', firstName: 'Grete' });
  const otherTeacher = await buildUser(deps, { role: 'teacher' });
  const student = await buildUser(deps, { role: 'student', firstName: FORMULA_NAME });
  const otherStudent = await buildUser(deps, { role: 'student', firstName: 'Zoë' });
  for (const [k, u] of Object.entries({ owner, otherTeacher, admin, student, otherStudent })) tokens[k as keyof typeof tokens] = await signIn(u.email);

  const exam = await buildExam(deps, owner.id, { title: 'Géographie – Übung', questions: 2, settings: { showResultsImmediately: false } });
  examId = exam.id;
  attemptId = (await buildAttempt(deps, exam.id, student.id)).id;
  otherAttemptId = (await buildAttempt(deps, exam.id, otherStudent.id)).id;
  const [q1, q2] = exam.questionIds;
  await deps.db('attempts').where({ id: attemptId }).update({ started_at: at(0), submitted_at: at(40), question_order: JSON.stringify(exam.questionIds) });

  // What the server wrote while the student sat the exam, at known times.
  const flagId = randomUUID();
  const event = (type: string, minutes: number, detail: Record<string, unknown>, actor: string = student.id) => ({
    attempt_id: attemptId,
    type,
    actor_id: actor,
    detail: JSON.stringify(detail),
    created_at: at(minutes),
  });
  await deps.db('attempt_events').insert(event('started', 0, {}));
  await deps.db('answer_saves').insert([
    { attempt_id: attemptId, question_id: q1, seq: 1, saved_at: at(5) },
    { attempt_id: attemptId, question_id: q1, seq: 2, saved_at: at(7) },
  ]);
  await deps.db('attempt_events').insert(event('network', 12, { offlineMs: 125_000, since: at(10).toISOString() }));
  await deps.db('attempt_events').insert(event('message', 15, { text: '+cmd|/C calc', to: 'student' }, owner.id));
  const [flag] = (await deps
    .db('attempt_events')
    .insert(event('violation', 20, { violation: 'faces-multiple', confidence: 0.9, durationMs: 6000, flagId }))
    .returning('id')) as { id: string | number }[];
  flagEventId = String(flag!.id);
  await deps.db('answer_saves').insert({ attempt_id: attemptId, question_id: q2, seq: 3, saved_at: at(30) });
  await deps.db('attempt_events').insert(event('submitted', 40, { reason: 'student' }));
  await deps.db('attempts').where({ id: attemptId }).update({ integrity_state: 'needs_review' });

  // The flag's two pictures: one kept, one whose file the retention job has since deleted.
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).jpeg().toBuffer();
  for (const [i, keep] of [true, false].entries()) {
    const id = randomUUID();
    const key = evidenceKey(attemptId, id);
    if (keep) await deps.files.put(key, jpeg, 'image/jpeg');
    await deps.db('proctoring_evidence').insert({
      id,
      attempt_id: attemptId,
      exam_id: examId,
      student_id: student.id,
      flag_id: flagId,
      kind: 'faces-multiple',
      source: 'camera',
      file_key: key,
      size: jpeg.length,
      created_at: at(20 + i / 60),
      expires_at: at(60 * 24 * 30),
    });
  }

  const decided = await server.api('POST', `/attempts/${attemptId}/flags/${flagEventId}/decision`, { decision: 'confirm', note: '@SUM(A1:A2)' }, { token: tokens.owner });
  expect(decided.status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
});

describe('an attempt’s integrity report as PDF', () => {
  it('downloads as a private attachment named after the exam and the student', async () => {
    const res = await download(`/attempts/${attemptId}/integrity-report.pdf`, tokens.owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="integrity-report-geographie-ubung-hyperlink-http-evil-test-x-student\.pdf"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe('Integrity report - Géographie – Übung - =HYPERLINK( http evil.test , x ) Student.pdf');
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('has the school’s name and lists the attempt’s events in order, with the evidence picture kept', async () => {
    const { bytes } = await download(`/attempts/${attemptId}/integrity-report.pdf`, tokens.owner);
    const lines = pdfLines(bytes);
    const text = lines.join('\n');
    expect(text).toContain('Lycée Saint-Exupéry');
    expect(text).toContain('Integrity report');
    expect(text).toContain('Times are in UTC');
    const order = ['Started', 'Question 1: 2 saves', 'Back after 2 min 5 s offline', 'To the student: “+cmd|/C calc”', 'Several faces · for 6 s · 90 % sure', 'Question 2: 1 save', 'Submitted by the student', 'Confirmed: the flag “Several faces”'].map((t) =>
      lines.findIndex((l) => l.includes(t)),
    );
    expect(order.every((i) => i >= 0), JSON.stringify(order)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain('Confirmed by Grete Teacher');
    expect(text).toContain('Picture deleted after retention');
    expect(bytes.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1);
  });

  it('writes times in the zone the browser sends, and falls back to the reader’s own zone on a bad one', async () => {
    const tokyo = pdfText((await download(`/attempts/${attemptId}/integrity-report.pdf?tz=Asia/Tokyo`, tokens.owner)).bytes);
    expect(tokyo).toContain('Times are in Asia/Tokyo');
    // 08:00 UTC is 17:00 in Tokyo; the reader's default format is 12 h, MM/DD/YYYY.
    expect(tokyo).toContain('11/20/2026 5:00:00 PM');

    const bad = pdfText((await download(`/attempts/${attemptId}/integrity-report.pdf?tz=Not/A_Zone`, tokens.owner)).bytes);
    expect(bad).toContain('Times are in UTC');
    expect(bad).toContain('11/20/2026 8:00:00 AM');
  });

  it('is written in the reader’s own language and zone', async () => {
    const german = await buildUser(server.deps, { role: 'admin' });
    const token = await signIn(german.email);
    await server.api('PUT', '/users/settings', { category: 'preferences', key: 'language', value: 'de' }, { token });
    await server.api('PUT', '/users/settings', { category: 'preferences', key: 'timezone', value: 'EST' }, { token });
    await server.api('PUT', '/users/settings', { category: 'preferences', key: 'timeFormat', value: '24h' }, { token });
    const res = await download(`/attempts/${attemptId}/integrity-report.pdf?tz=nowhere`, token);
    expect(res.status).toBe(200);
    expect(decodeURIComponent(res.headers.get('content-disposition')!.split("UTF-8''")[1]!)).toMatch(/^Integritätsbericht - /);
    const text = pdfText(res.bytes);
    expect(text).toContain('Integritätsbericht');
    expect(text).toContain('Zeitleiste');
    expect(text).toContain('Mehrere Gesichter');
    expect(text).toContain('Zeiten in America/New_York');
    // 08:00 UTC is 03:00 in New York in November.
    expect(text).toContain('11/20/2026 03:00:00');
    expect(text).not.toContain('Timeline');
  });
});

describe('an attempt’s integrity report as CSV', () => {
  it('has a BOM, a header, one row per timeline line, and no cell a spreadsheet would run', async () => {
    const res = await download(`/attempts/${attemptId}/integrity-report.csv?tz=Europe/Berlin`, tokens.owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".*\.csv"/);
    expect(res.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = csvRows(res.bytes);
    expect(rows[0]).toEqual(['Time (UTC, ISO 8601)', 'Time (Europe/Berlin)', 'Event', 'Who', 'Detail']);
    expect(rows[1]).toEqual(['2026-11-20T08:00:00.000Z', '11/20/2026 9:00:00 AM', 'Started', `'${FORMULA_NAME} Student`, '']);
    expect(rows.map((r) => r[2])).toEqual(['Event', 'Started', 'Answers saved', 'Reconnected', 'Message', 'Flag', 'Answers saved', 'Submitted', 'Decision on a flag']);
    expect(rows.flat().filter((c) => /^\s*[=+\-@]/.test(c))).toEqual([]);
    expect(rows.at(-1)![4]).toContain('Note: “@SUM(A1:A2)”');
  });
});

describe('an exam’s integrity summary', () => {
  it('as PDF: the school, the exam, the counts and one row per attempt', async () => {
    const res = await download(`/exams/${examId}/integrity-summary.pdf`, tokens.owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="integrity-summary-geographie-ubung\.pdf"/);
    const text = pdfText(res.bytes);
    expect(text).toContain('Lycée Saint-Exupéry');
    expect(text).toContain('Integrity summary');
    expect(text).toContain('Géographie – Übung');
    expect(text).toContain('Zoë Student');
    expect(text).toContain(`${FORMULA_NAME} Student`);
  });

  it('as CSV: one formula-safe row per attempt', async () => {
    const res = await download(`/exams/${examId}/integrity-summary.csv`, tokens.admin);
    expect(res.status).toBe(200);
    const rows = csvRows(res.bytes);
    expect(rows[0]![0]).toBe('Student');
    expect(rows.slice(1).map((r) => [r[0], r[4], r[5], r[7]])).toEqual([
      [`'${FORMULA_NAME} Student`, 'Confirmed', '1', '1'],
      ['Zoë Student', 'Clear', '0', '0'],
    ]);
  });
});

describe('who may download the reports', () => {
  it.each(['pdf', 'csv'])('an attempt’s %s: its exam’s owner and admins; not another student, not an unrelated teacher', async (format) => {
    const path = `/attempts/${attemptId}/integrity-report.${format}`;
    expect((await download(path, tokens.owner)).status).toBe(200);
    expect((await download(path, tokens.admin)).status).toBe(200);
    expect((await download(path, tokens.otherStudent)).status).toBe(404);
    expect((await download(path, tokens.otherTeacher)).status).toBe(404);
    expect((await download(`/attempts/not-an-id/integrity-report.${format}`, tokens.owner)).status).toBe(404);
    expect((await fetch(`${server.url}/api${path}`)).status).toBe(401);
  });

  it.each(['pdf', 'csv'])('an exam’s %s summary: its reviewers only', async (format) => {
    const path = `/exams/${examId}/integrity-summary.${format}`;
    expect((await download(path, tokens.owner)).status).toBe(200);
    expect((await download(path, tokens.otherTeacher)).status).toBe(403);
    expect((await download(path, tokens.student)).status).toBe(403);
    expect((await download(`/exams/${randomUUID()}/integrity-summary.${format}`, tokens.owner)).status).toBe(404);
  });

  it('teachers of the shared hall: a proctor has the attempt’s report, only a reviewer the exam’s summary', async () => {
    const proctor = await buildUser(server.deps, { role: 'teacher' });
    const reviewer = await buildUser(server.deps, { role: 'teacher' });
    await server.deps.db('exam_staff').insert([
      { exam_id: examId, user_id: proctor.id, proctors: true, reviews: false },
      { exam_id: examId, user_id: reviewer.id, proctors: false, reviews: true },
    ]);
    const [p, r] = [await signIn(proctor.email), await signIn(reviewer.email)];
    expect((await download(`/attempts/${attemptId}/integrity-report.pdf`, p)).status).toBe(200);
    expect((await download(`/exams/${examId}/integrity-summary.csv`, p)).status).toBe(403);
    expect((await download(`/attempts/${attemptId}/integrity-report.csv`, r)).status).toBe(200);
    expect((await download(`/exams/${examId}/integrity-summary.pdf`, r)).status).toBe(200);
  });

  it('a student has their own report once their result is out, and never the exam’s summary', async () => {
    const path = `/attempts/${otherAttemptId}/integrity-report.pdf`;
    expect((await download(path, tokens.otherStudent)).status).toBe(404);
    await server.deps.db('exams').where({ id: examId }).update({ results_released_at: new Date() });
    const own = await download(path, tokens.otherStudent);
    expect(own.status).toBe(200);
    expect(pdfText(own.bytes)).toContain('Zoë Student');
    expect((await download(`/attempts/${attemptId}/integrity-report.pdf`, tokens.otherStudent)).status).toBe(404);
    expect((await download(`/exams/${examId}/integrity-summary.pdf`, tokens.otherStudent)).status).toBe(403);
  });

  it('tells a refusal in the reader’s words, as JSON', async () => {
    const res = await download(`/attempts/${attemptId}/integrity-report.pdf`, tokens.otherTeacher, { 'accept-language': 'fr' });
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(JSON.parse(res.bytes.toString()).success).toBe(false);
  });
});
