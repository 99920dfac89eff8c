import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, request as apiRequest, test, type Page, type Route } from '@playwright/test';
import { createExamAsTeacher, DEMO, mailedLink, signIn, TWO_QUICK_QUESTIONS, uniqueEmail } from './support';

/**
 * Issue 18, "a network blip never signs anyone out": a cut network or a server that answers 503
 * keeps the session and shows that it reconnects; a student who reloads while the server restarts
 * is back in the exam once it is up. And an unverified user asks for a new verification e-mail.
 */

const reconnecting = (page: Page) => page.getByRole('status').filter({ hasText: 'Reconnecting…' });

/** The browser says it is back online: the app retries at once instead of waiting out its backoff. */
const backOnline = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('online')));

test('a network cut and a 503 on the session calls keep the user signed in, say so, and clear when the server answers', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.student);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();

  // What the session calls meet: changed step by step below; null lets them through.
  let answer: ((route: Route) => Promise<void>) | null = (route) => route.abort('internetdisconnected');
  const met: string[] = [];
  const sessionCall = async (route: Route) => {
    met.push(new URL(route.request().url()).pathname);
    return answer ? answer(route) : route.continue();
  };
  await page.route('**/api/auth/me', sessionCall);
  await page.route('**/api/auth/refresh-token', sessionCall);

  // 1. No answer at all, on a reload: the stored session stays, the page stays.
  await page.reload();
  await expect(reconnecting(page)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();

  // 2. The server's proxy answers 503: still signed in, still reconnecting (the retries meet it).
  const before = met.length;
  answer = (route) => route.fulfill({ status: 503, body: 'Service Unavailable' });
  await backOnline(page);
  await expect.poll(() => met.length, { message: 'a retry meets the 503', timeout: 20_000 }).toBeGreaterThan(before);
  await expect(reconnecting(page)).toBeVisible();

  // 3. The access token is refused and the refresh meets the 503: not a verdict on the session either.
  const refreshesBefore = met.filter((p) => p.endsWith('/refresh-token')).length;
  answer = (route) =>
    route.request().url().endsWith('/auth/me')
      ? route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Token expired' }) })
      : route.fulfill({ status: 503, body: 'Service Unavailable' });
  await backOnline(page);
  await expect
    .poll(() => met.filter((p) => p.endsWith('/refresh-token')).length, { message: 'a refresh meets the 503', timeout: 20_000 })
    .toBeGreaterThan(refreshesBefore);
  await expect(reconnecting(page)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  // 4. The server answers again: the banner goes by itself (the backoff is capped at 15 s).
  answer = null;
  await expect(reconnecting(page)).toBeHidden({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
});

// ---- A server restart during an attempt: a server of the test's own, on its own port and data ----

const OWN_PORT = Number(process.env.E2E_PORT ?? 3100) + 100;
const OWN_URL = `http://localhost:${OWN_PORT}`;

/** Starts scripts/e2e-server.ts on OWN_PORT, keeping the data folder between starts; resolves once ready. */
async function startOwnServer(): Promise<ChildProcess> {
  const child = spawn('npx', ['tsx', 'scripts/e2e-server.ts'], {
    env: { ...process.env, PORT: String(OWN_PORT), E2E_KEEP_DATA: '1' },
    // Its own process group, so stopping it stops npx, tsx and the server alike.
    detached: true,
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`${OWN_URL}/api/ready`).catch(() => null))?.ok ?? false, { message: 'the server is ready', timeout: 120_000, intervals: [500] })
    .toBe(true);
  return child;
}

/** The processes of a process group still running (a zombie left for its reaper counts as gone), read from /proc. */
function runningInGroup(pgid: number): number[] {
  const running: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    // "pid (comm) state ppid pgrp ...": comm may hold spaces, so the fields are read after its parenthesis.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z') running.push(Number(name));
  }
  return running;
}

/** Refused: nothing listens. A connection left hanging (a process stuck with the port open) is not. */
const portRefuses = async () =>
  fetch(`${OWN_URL}/api/ready`, { signal: AbortSignal.timeout(2000) }).then(
    () => false,
    (err: unknown) => !(err instanceof Error && err.name === 'TimeoutError'),
  );

/** How long a restart waits for the server to stop by itself before killing it, as `docker stop` does. */
const STOP_GRACE_MS = 15_000;

/**
 * Stops the server as a restart does (SIGTERM to its group: npx, tsx and the server) and waits
 * until every process of it is gone, not only npx: the next start opens the same data folder.
 */
async function stopOwnServer(child: ChildProcess): Promise<void> {
  const pgid = child.pid!;
  process.kill(-pgid, 'SIGTERM');
  try {
    await expect.poll(() => runningInGroup(pgid).length, { timeout: STOP_GRACE_MS }).toBe(0);
  } catch {
    console.warn(`the test's server was still running ${STOP_GRACE_MS / 1000} s after SIGTERM (${runningInGroup(pgid).join(', ')}): killed, as a supervisor would`);
    process.kill(-pgid, 'SIGKILL');
    await expect.poll(() => runningInGroup(pgid).length, { message: 'the server is gone' }).toBe(0);
  }
  await expect.poll(portRefuses, { message: 'the port is closed' }).toBe(true);
}

test.describe('a server restart during an attempt', () => {
  let server: ChildProcess | undefined;
  test.afterEach(async () => {
    if (server && runningInGroup(server.pid!).length) await stopOwnServer(server);
  });

  test('a student who reloads while the server is down waits in the exam, not at the login, and is back in it with the answer kept', async ({ browser }) => {
    test.setTimeout(300_000);
    rmSync(path.resolve(`.tmp/e2e-data-${OWN_PORT}`), { recursive: true, force: true });
    server = await startOwnServer();

    const api = await apiRequest.newContext({ baseURL: OWN_URL });
    const examId = await createExamAsTeacher(api, {
      title: `Restart quiz ${Date.now()}`,
      subject: 'mathematics',
      description: 'Made by the browser test of server restarts.',
      duration: 30,
      settings: { proctoring: { enabled: false } },
      questions: TWO_QUICK_QUESTIONS,
      openForHours: 24,
    });
    await api.dispose();

    // The app's shell worker is what opens the page while the server is down.
    const context = await browser.newContext({ baseURL: OWN_URL, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await signIn(page, DEMO.student);
    await page.goto(`/exam/${examId}`);
    await page.getByRole('button', { name: 'Start Exam' }).click();
    await page.getByRole('radio', { name: '2', exact: true }).check();
    await expect(page.getByTestId('save-status')).toHaveText('All answers saved');
    await expect
      .poll(() => page.evaluate(async () => !!navigator.serviceWorker.controller && !!(await caches.match('/index.html'))), { message: 'the app shell is stored' })
      .toBe(true);

    await stopOwnServer(server);
    await page.reload();
    await expect(reconnecting(page)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/exam/${examId}$`));
    await expect(page.getByTestId('exam-load-error')).toBeHidden();

    server = await startOwnServer();
    // Straight back to the question: the exam screen resumes an open attempt by itself.
    await expect(page.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('radio', { name: '2', exact: true })).toBeChecked();
    await expect(reconnecting(page)).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/exam/${examId}$`));
    await context.close();
  });
});

test('an unverified user asks for a new verification e-mail from the banner; a second press right away gets the rate-limit text', async ({ page, request }) => {
  const email = uniqueEmail('e2e-resend');
  const registered = await request.post('/api/auth/register', {
    data: { firstName: 'Una', lastName: 'Verified', email, password: 'secret12', role: 'parent' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const firstLink = await mailedLink(email);

  await signIn(page, email, 'secret12');
  const banner = page.getByTestId('verify-banner');
  await expect(banner).toContainText(email);
  await banner.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText('Verification email sent!')).toBeVisible();
  let newLink = firstLink;
  await expect
    .poll(async () => (newLink = await mailedLink(email)), { message: 'a second mail with a new link' })
    .not.toBe(firstLink);

  await banner.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText('Too many requests. Please try again later.')).toBeVisible();

  // The new link verifies the address, and the banner is gone.
  await page.goto(newLink);
  await expect(page.getByTestId('verify-success')).toContainText('Email verified successfully!');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await expect(page.getByTestId('verify-banner')).toBeHidden();
});
