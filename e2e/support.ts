import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

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
