import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Same folder scripts/e2e-server.ts gives the app on this port. */
const OUTBOX = path.resolve(`.tmp/e2e-data-${process.env.E2E_PORT ?? 3100}/mail`);

/** The link of the newest mail the dev outbox holds for an address (polls until it arrives). */
export async function mailedLink(to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        if (!existsSync(OUTBOX)) return undefined;
        const mails = readdirSync(OUTBOX)
          .filter((f) => f.endsWith('.json'))
          .sort()
          .map((f) => JSON.parse(readFileSync(path.join(OUTBOX, f), 'utf8')) as { to: string; link?: string })
          .filter((m) => m.to === to);
        link = mails.at(-1)?.link;
        return link;
      },
      { message: `a mail to ${to}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return link!;
}

export const DEMO = {
  admin: 'admin@example.com',
  teacher: 'teacher@example.com',
  student: 'student@example.com',
  parent: 'parent@example.com',
  password: 'password123',
};

export async function signIn(page: Page, email: string, password = DEMO.password): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@school.test`;

// ---- Through the API: sign-in, exams made by the demo teacher, attempts by the demo student ----

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** An access token for a demo (or any) account, signed in through the API. */
export async function apiToken(request: APIRequestContext, email: string, password = DEMO.password): Promise<string> {
  let res = await request.post('/api/auth/login', { data: { email, password } });
  // A busy server may give the sign-in a place in line (503): come back when told, as the web app does.
  while (res.status() === 503) {
    const place = (await res.json()).data as { retryAfterSeconds?: number; queueTicket?: string } | undefined;
    if (!place?.retryAfterSeconds) break;
    await new Promise((r) => setTimeout(r, place.retryAfterSeconds! * 1000));
    res = await request.post('/api/auth/login', { data: { email, password }, headers: { 'x-sign-in-ticket': place.queueTicket ?? '' } });
  }
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data.accessToken as string;
}

/** What a spec decides about its exam; the rest is the same for every exam made here. */
export interface ExamContents {
  title: string;
  subject: string;
  description: string;
  duration: number;
  questions: Record<string, unknown>[];
  instructions?: string;
  settings?: Record<string, unknown>;
  /** How long the exam stays open (it opens a minute ago). */
  openForHours: number;
  /** The students it is for, made by createPerson (grade 11); without, the demo student's grade 10. */
  students?: string[];
}

/**
 * A person made for one journey by the demo admin. A student is in grade 11: the exams made for
 * them list them by name, and the other journeys' grade-10 halls stay as they expect.
 */
export async function createPerson(request: APIRequestContext, role: 'student' | 'teacher', firstName: string, lastName: string): Promise<{ id: string; email: string; name: string }> {
  const email = `${firstName.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@school.test`;
  const res = await request.post('/api/users', {
    headers: bearer(await apiToken(request, DEMO.admin)),
    data: { firstName, lastName, email, password: DEMO.password, role, ...(role === 'student' ? { grade: 11, section: 'A' } : {}) },
  });
  expect(res.status(), await res.text()).toBe(201);
  const user = (await res.json()).data.user as { _id?: string; id?: string };
  return { id: (user._id ?? user.id)!, email, name: `${firstName} ${lastName}` };
}

/**
 * A published exam with a 60 % pass mark, made by the demo teacher and open from a minute ago
 * (inside the server's five-minute grace for a start "in the past": ongoing at once): for the
 * students named, else for grade 10 (the demo student's). Returns its id.
 */
export async function createExamAsTeacher(request: APIRequestContext, exam: ExamContents, teacher: { email: string; password: string } = { email: DEMO.teacher, password: DEMO.password }): Promise<string> {
  const { openForHours, students, ...contents } = exam;
  const now = Date.now();
  const res = await request.post('/api/exams', {
    headers: bearer(await apiToken(request, teacher.email, teacher.password)),
    data: {
      ...contents,
      ...(students ? { grade: 11, eligibleStudents: students } : { grade: 10 }),
      passingMarks: 60,
      schedule: { startDate: new Date(now - 60_000).toISOString(), endDate: new Date(now + openForHours * 3600_000).toISOString(), timezone: 'UTC' },
      isPublished: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.exam._id as string;
}

/** Submits an attempt through the API (as another device of the student would). */
export async function submitAttemptViaApi(request: APIRequestContext, token: string, submissionId: string): Promise<void> {
  const submitted = await request.post('/api/submissions/submit', { headers: bearer(token), data: { submissionId } });
  expect(submitted.ok(), await submitted.text()).toBe(true);
}

/**
 * A student (the demo student unless told) starts the exam, saves `answerFor` each question and
 * submits, all through the API; returns the submission id.
 */
export async function sitExamViaApi(
  request: APIRequestContext,
  examId: string,
  answerFor: (question: { _id: string; type: string }) => string,
  email = DEMO.student,
): Promise<string> {
  const token = await apiToken(request, email);
  const headers = bearer(token);
  const start = await request.post(`/api/exams/${examId}/start`, { headers });
  expect(start.ok(), await start.text()).toBe(true);
  const { submission, questions } = (await start.json()).data as { submission: { _id: string }; questions: { _id: string; type: string }[] };
  for (const q of questions) {
    const saved = await request.post('/api/submissions/answer', { headers, data: { submissionId: submission._id, questionId: q._id, answer: answerFor(q) } });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
  await submitAttemptViaApi(request, token, submission._id);
  return submission._id;
}

/** Two quick questions (answers '2' and 'True') for exams whose contents do not matter. */
export const TWO_QUICK_QUESTIONS = [
  { text: 'What is $1 + 1$ equal to?', type: 'multiple-choice', subject: 'mathematics', options: ['1', '2', '3'], correctAnswer: '2', points: 1 },
  { text: 'Zero is an even number, true or false?', type: 'true-false', subject: 'mathematics', correctAnswer: 'True', points: 1 },
];

// ---- In the exam screen ----

/** Headless Chromium never hides the tab: fake what the browser does when the student leaves and comes back. */
export async function leaveTabAndReturn(page: Page): Promise<void> {
  await page.evaluate(() => {
    const set = (state: 'hidden' | 'visible') => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    set('hidden');
    set('visible');
  });
}

/** The exam timer in seconds: '29:31 left' → 1771. */
export async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.getByTestId('exam-timer').textContent()) ?? '';
  const match = /(?:(\d+):)?(\d+):(\d\d) left/.exec(text);
  expect(match, `a countdown in '${text}'`).toBeTruthy();
  const [, h, m, s] = match!;
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s);
}

/**
 * Reloads the exam screen while its attempt is open: the browser first asks "Leave site?"
 * (beforeunload), which is answered with Leave. Returns the kind of question the browser asked.
 */
export async function reloadOpenExam(page: Page): Promise<string> {
  const asked = page.waitForEvent('dialog').then(async (dialog) => {
    const type = dialog.type();
    await dialog.accept();
    return type;
  });
  await page.reload();
  return asked;
}
