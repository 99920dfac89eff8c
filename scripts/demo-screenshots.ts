/**
 * Takes the demo page's screenshots from the real app: starts it as the browser tests do (fresh
 * data, demo accounts seeded) on DEMO_SHOT_PORT, signs in as each demo role, photographs the
 * screens the tour shows, and writes small PNGs to web/public/demo/. Run: npx tsx scripts/demo-screenshots.ts
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ROOT } from './webBuild';

const PORT = Number(process.env.DEMO_SHOT_PORT ?? 3217);
const BASE = `http://localhost:${PORT}`;
const OUT = path.join(ROOT, 'web/public/demo');

const SHOTS: { file: string; email: string | null; path: string }[] = [
  { file: 'home', email: null, path: '/' },
  { file: 'student-dashboard', email: 'student@example.com', path: '/student/dashboard' },
  { file: 'teacher-dashboard', email: 'teacher@example.com', path: '/teacher/dashboard' },
  { file: 'admin-dashboard', email: 'admin@example.com', path: '/admin/dashboard' },
];

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 180; i++) {
    try {
      if ((await fetch(`${BASE}/api/ready`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('the app did not start');
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${BASE}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('password123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/dashboard$/);
}

const server = spawn('npx', ['tsx', 'scripts/e2e-server.ts'], { cwd: ROOT, env: { ...process.env, PORT: String(PORT) }, stdio: 'inherit' });
try {
  await waitForServer();
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  for (const shot of SHOTS) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    if (shot.email) await signIn(page, shot.email);
    await page.goto(`${BASE}${shot.path}`);
    await page.waitForLoadState('networkidle');
    // Dashboards show a loader until their figures arrive; the home page's figures appear after 500 ms.
    if (shot.email) await page.getByTestId('dashboard-stats').waitFor();
    else await page.getByTestId('marketing-stat').first().waitFor();
    const png = await page.screenshot();
    await sharp(png).resize({ width: 800 }).png({ palette: true, quality: 80, compressionLevel: 9 }).toFile(path.join(OUT, `${shot.file}.png`));
    await context.close();
    console.log(`wrote web/public/demo/${shot.file}.png`);
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
}
