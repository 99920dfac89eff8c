import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../services/accounts';
import { startTestServer, type TestServer } from '../test/harness';
import { buildExam, buildUser, TEST_PASSWORD } from '../test/factories';

let server: TestServer;
let teacherToken: string;
let frenchStudentToken: string;
let teacherId: string;

beforeAll(async () => {
  server = await startTestServer();
  const teacher = await buildUser(server.deps, { role: 'teacher' });
  teacherId = teacher.id;
  teacherToken = (await server.api('POST', '/auth/login', { email: teacher.email, password: TEST_PASSWORD })).body.data.accessToken;
  // A student who chose French in their settings; their browser asks for nothing in particular.
  const student = await createUser(server.deps.db, {
    email: `eleve-${Date.now()}@school.test`,
    password: TEST_PASSWORD,
    role: 'student',
    firstName: 'Élodie',
    lastName: 'Martin',
    grade: 10,
    section: 'B',
    isVerified: true,
    language: 'fr',
  });
  frenchStudentToken = (await server.api('POST', '/auth/login', { email: student.email, password: TEST_PASSWORD })).body.data.accessToken;
});
afterAll(() => server?.stop());

const fr = { 'accept-language': 'fr' };
const messagesOf = (body: { message?: string; errors?: { msg: string }[] }) => [body.message, ...(body.errors ?? []).map((e) => e.msg)];

describe('validation texts a reader understands', () => {
  it.each([
    ['/exams?limit=500', 'Show at most 100 per page'],
    ['/questions?limit=500', 'Show at most 100 per page'],
    ['/exams?limit=0', 'Show at least 1 per page'],
    ['/exams?page=0', 'Page must be 1 or more'],
    ['/submissions?page=0', 'Page must be 1 or more'],
    ['/submissions?page=abc', 'Page must be a whole number'],
    ['/exams?limit=abc', 'The number per page must be a whole number'],
    ['/users?page=0', 'Page must be 1 or more'],
    ['/payments?page=0', 'Page must be 1 or more'],
    ['/payments/fees?limit=500', 'Show at most 100 per page'],
    ['/exams?subject=astrology', 'Unknown subject'],
  ])('GET %s says "%s"', async (url, text) => {
    const admin = url.startsWith('/users');
    const token = admin ? await adminToken() : teacherToken;
    const res = await server.api('GET', url, undefined, { token, headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].msg).toBe(text);
  });

  it('never shows zod’s own words (“Too big”, “expected number”, “NaN”, “<=”) in any of our languages', async () => {
    for (const language of ['en', 'fr', 'es', 'de']) {
      for (const url of ['/exams?limit=500', '/exams?page=0', '/submissions?limit=abc', '/notifications?page=x', '/exams?subject=zzz', '/questions?page=-1']) {
        const res = await server.api('GET', url, undefined, { token: url.startsWith('/notifications') ? frenchStudentToken : teacherToken, headers: { 'accept-language': language } });
        expect(res.status, url).toBe(400);
        for (const m of messagesOf(res.body)) expect(m, `${language} ${url}`).not.toMatch(/Too big|Too small|expected number|NaN|<=|>=|Invalid input|Trop grand|Trop petit|Zu groß|Demasiado grande/i);
      }
    }
  });

  it('gives an unknown subject of a new exam its own text, not “Subject is required”', async () => {
    const res = await server.api('POST', '/exams', { title: 'Algebra', subject: 'astrology' }, { token: teacherToken });
    expect(res.body.errors).toContainEqual({ field: 'subject', msg: 'Unknown subject' });
    const missing = await server.api('POST', '/exams', { title: 'Algebra' }, { token: teacherToken });
    expect(missing.body.errors).toContainEqual({ field: 'subject', msg: 'Subject is required' });
  });

  it('answers the same checks in French', async () => {
    const limit = await server.api('GET', '/exams?limit=500', undefined, { token: teacherToken, headers: fr });
    expect(limit.body.errors[0].msg).toBe('Affichez au plus 100 éléments par page');
    const page = await server.api('GET', '/exams?page=0', undefined, { token: teacherToken, headers: fr });
    expect(page.body.errors[0].msg).toBe('La page doit être 1 ou plus');
    const subject = await server.api('GET', '/exams?subject=astrology', undefined, { token: teacherToken, headers: fr });
    expect(subject.body.errors[0].msg).toBe('Matière inconnue');
    // The French user's own setting, without any Accept-Language.
    const own = await server.api('GET', '/notifications?page=0', undefined, { token: frenchStudentToken });
    expect(own.body.errors[0].msg).toBe('La page doit être 1 ou plus');
    const perPage = await server.api('GET', '/notifications?limit=abc', undefined, { token: frenchStudentToken });
    expect(perPage.body.errors[0].msg).toBe('Le nombre par page doit être un nombre entier');
  });
});

describe('server texts in the reader’s language', () => {
  it('starts and resumes an exam in French, by Accept-Language or by the user’s setting', async () => {
    const exam = await buildExam(server.deps, teacherId, { state: 'ongoing', published: true });
    const started = await server.api('POST', '/submissions/start', { examId: exam.id }, { token: frenchStudentToken });
    expect(started.status).toBe(201);
    expect(started.body.message).toBe('Examen commencé avec succès !');
    const resumed = await server.api('POST', '/submissions/start', { examId: exam.id }, { token: frenchStudentToken, headers: fr });
    expect(resumed.status).toBe(200);
    expect(resumed.body.message).toBe('Examen repris');
  });

  it('says “not found” in French to a French user on an address that does not exist', async () => {
    const byHeader = await server.api('GET', '/no-such-thing', undefined, { headers: fr });
    expect(byHeader.body).toEqual({ success: false, message: 'Ressource introuvable.' });
    const bySetting = await server.api('GET', '/no-such-thing', undefined, { token: frenchStudentToken });
    expect(bySetting.status).toBe(404);
    expect(bySetting.body).toEqual({ success: false, message: 'Ressource introuvable.' });
  });

  it('refuses a progress report in French: an unknown student to a teacher, any report to a student', async () => {
    const unknown = await server.api('GET', '/reports/student/00000000-0000-4000-8000-000000000000/progress', undefined, { token: teacherToken, headers: fr });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Élève introuvable.');
    const refused = await server.api('GET', `/reports/student/${teacherId}/progress`, undefined, { token: frenchStudentToken });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Accès refusé. Vous n’avez pas l’autorisation de consulter ce rapport.');
  });
});

let admin: string | undefined;
async function adminToken(): Promise<string> {
  if (admin) return admin;
  const a = await buildUser(server.deps, { role: 'admin' });
  admin = (await server.api('POST', '/auth/login', { email: a.email, password: TEST_PASSWORD })).body.data.accessToken as string;
  return admin;
}
