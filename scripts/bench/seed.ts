/** The live session's data: one teacher, one ongoing exam and its students with attempts in progress. */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { EXAM_SETTINGS_DEFAULTS, type ExamSettings } from '@exam/shared';
import { signAccessToken } from '../../server/src/auth/jwt';
import type { Client } from './loadGenerators';

const QUESTIONS = 20;

/** A published exam open from a minute ago for six hours: 180 minutes and the default settings (no proctoring) unless `e` says otherwise. */
export async function insertOpenExam(
  db: Knex,
  ownerId: string,
  e: { title: string; subject: string; description: string; grade: number; durationMinutes?: number; settings?: ExamSettings },
): Promise<{ id: string }> {
  const { durationMinutes = 180, settings = EXAM_SETTINGS_DEFAULTS, ...rest } = e;
  const [exam] = await db('exams')
    .insert({
      owner_id: ownerId,
      ...rest,
      duration_minutes: durationMinutes,
      start_at: new Date(Date.now() - 60_000),
      end_at: new Date(Date.now() + 6 * 3600_000),
      settings: JSON.stringify(settings),
      is_published: true,
    })
    .returning('id');
  return exam as { id: string };
}

/**
 * One teacher, one ongoing exam of 20 questions, and per student a user, a session and an attempt
 * in progress. `tag` starts every e-mail address, so two live sessions can share one database.
 */
export async function seedLiveSession(
  db: Knex,
  secret: string,
  students: number,
  tag = '',
): Promise<{ examId: string; clients: Client[]; teacherToken: string; teacherId: string }> {
  const [teacher] = await db('users').insert({ email: `${tag}bench-teacher@bench.test`, password_hash: 'x', first_name: 'Bench', last_name: 'Teacher', role: 'teacher', is_verified: true }).returning('id');
  const [teacherSession] = await db('sessions').insert({ user_id: teacher.id }).returning('id');
  const questionRows = Array.from({ length: QUESTIONS }, (_, i) => ({ owner_id: teacher.id, text: `Benchmark question number ${i + 1}`, type: 'essay', subject: 'physics' }));
  const questions = (await db('questions').insert(questionRows).returning('id')) as { id: string }[];
  const exam = await insertOpenExam(db, teacher.id, { title: 'Benchmark exam', subject: 'physics', description: 'The exam the benchmark sits', grade: 10 });
  await db('exam_questions').insert(questions.map((q, i) => ({ exam_id: exam.id, question_id: q.id, position: i + 1 })));
  const questionIds = questions.map((q) => q.id);
  const clients: Client[] = [];
  for (let offset = 0; offset < students; offset += 1000) {
    const n = Math.min(1000, students - offset);
    const users = Array.from({ length: n }, (_, i) => ({ id: randomUUID(), email: `${tag}s${offset + i}@bench.test`, password_hash: 'x', first_name: 'S', last_name: String(offset + i), role: 'student', grade: 10, is_verified: true }));
    await db('users').insert(users);
    const sessions = users.map((u) => ({ id: randomUUID(), user_id: u.id }));
    await db('sessions').insert(sessions);
    const attempts = users.map((u) => ({ id: randomUUID(), exam_id: exam.id, student_id: u.id, attempt_number: 1, deadline_at: new Date(Date.now() + 3 * 3600_000), question_order: JSON.stringify(questionIds) }));
    await db('attempts').insert(attempts);
    users.forEach((u, i) =>
      clients.push({ token: signAccessToken(secret, { sub: u.id, sid: sessions[i]!.id, role: 'student' }), examId: exam.id, attemptId: attempts[i]!.id, questionIds }),
    );
  }
  return { examId: exam.id, clients, teacherId: teacher.id, teacherToken: signAccessToken(secret, { sub: teacher.id, sid: teacherSession.id, role: 'teacher' }) };
}
