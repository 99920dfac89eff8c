import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, bearer, createExamAsTeacher, DEMO, sitExamViaApi, TWO_QUICK_QUESTIONS, uniqueEmail } from './support';

/**
 * Two journeys in another language: a visitor switches the home page to German from the footer, at once
 * and without a reload, and the choice survives one; a French-speaking parent hears of a child's
 * result in French, in the app and by e-mail.
 */

const OUTBOX = path.resolve(`.tmp/e2e-data-${process.env.E2E_PORT ?? 3100}/mail`);

test('a visitor switches the home page to German from the footer, without a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Online examinations for schools and tuition');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // A mark on the window: a reload would wipe it.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  await page.getByTestId('language-switch').click();
  await page.getByRole('option', { name: 'Deutsch' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Online-Prüfungen für Schulen und Nachhilfe');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const header = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(header.getByRole('link', { name: 'Anmelden' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Registrieren' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kostenlos starten' }).first()).toBeVisible();
  await expect(page.getByText('Online-Prüfungen für Schulen und Nachhilfe.')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // Kept on the device: the next visit starts in German, and so does the sign-in page.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Online-Prüfungen für Schulen und Nachhilfe');
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Anmelden' }).click();
  await expect(page.getByLabel('E-Mail')).toBeVisible();
});

async function createUser(request: APIRequestContext, admin: string, data: Record<string, unknown>): Promise<string> {
  const res = await request.post('/api/users', { headers: bearer(admin), data: { password: 'password123', ...data } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.user._id as string;
}

function mailsTo(to: string): { subject: string; text: string; link?: string }[] {
  if (!existsSync(OUTBOX)) return [];
  return readdirSync(OUTBOX)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(OUTBOX, f), 'utf8')) as { to: string; subject: string; text: string; link?: string })
    .filter((m) => m.to === to);
}

test('a French parent receives a child’s result in French, in the app and by e-mail', async ({ page, request }) => {
  const admin = await apiToken(request, DEMO.admin);
  const parentEmail = uniqueEmail('parent-fr');
  const studentEmail = uniqueEmail('eleve-fr');
  const parentId = await createUser(request, admin, { firstName: 'Claire', lastName: 'Martin', email: parentEmail, role: 'parent' });
  const studentId = await createUser(request, admin, { firstName: 'Léa', lastName: 'Martin', email: studentEmail, role: 'student', grade: 10, section: 'A' });
  const linked = await request.post('/api/parent/links', { headers: bearer(admin), data: { parentId, studentId, relationship: 'mother' } });
  expect(linked.status(), await linked.text()).toBe(201);
  // Her language, as the Settings page saves it.
  const settings = await request.put('/api/users/settings', {
    headers: bearer(await apiToken(request, parentEmail)),
    data: { category: 'preferences', key: 'language', value: 'fr' },
  });
  expect(settings.ok(), await settings.text()).toBe(true);

  const examId = await createExamAsTeacher(request, {
    title: `Contrôle de mathématiques ${Date.now()}`,
    subject: 'mathematics',
    description: 'Made by the French parent journey.',
    duration: 20,
    questions: TWO_QUICK_QUESTIONS,
    openForHours: 2,
  });
  const submissionId = await sitExamViaApi(request, examId, (q) => (q.type === 'true-false' ? 'True' : '2'), studentEmail);

  // The e-mail, in French, links to the result.
  await expect.poll(() => mailsTo(parentEmail).find((m) => m.subject === 'Le résultat de Léa est disponible'), { timeout: 15_000 }).toBeTruthy();
  const mail = mailsTo(parentEmail).find((m) => m.subject === 'Le résultat de Léa est disponible')!;
  expect(mail.text).toContain('Bonjour Claire,');
  expect(mail.text).toContain('Léa a obtenu 100 %');
  expect(mail.text).toContain('Voir le résultat');
  expect(mail.link).toMatch(new RegExp(`/exam-result/${submissionId}$`));

  // In the app: signed in, everything is French, the notification too.
  await page.goto('/login');
  await page.getByLabel('Email').fill(parentEmail);
  await page.getByLabel('Password').fill('password123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notifications');
  const item = page.getByTestId('notification-item').filter({ hasText: 'Le résultat de Léa est disponible' });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Léa a obtenu 100 %');
  await expect(page.getByRole('button', { name: 'Se déconnecter' }).first()).toBeVisible();
});
