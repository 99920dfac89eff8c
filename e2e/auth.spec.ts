import { expect, test } from '@playwright/test';
import { DEMO, mailedLink, uniqueEmail } from './support';

test('a new student registers, verifies the e-mail from the outbox link, signs in and reaches the dashboard', async ({ page }) => {
  const email = uniqueEmail('e2e-student');
  await page.goto('/register');
  await page.getByLabel('First Name').fill('Riya');
  await page.getByLabel('Last Name').fill('Sharma');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret12');
  await page.getByLabel('Confirm Password').fill('secret12');
  await page.getByLabel('Role').selectOption('student');
  await page.getByLabel('Grade').selectOption('11');
  await page.getByLabel('Section').selectOption('B');
  await page.getByLabel(/I agree/).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByTestId('form-success')).toHaveText('Account created successfully! Please check your email for verification.');
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

  const link = await mailedLink(email);
  expect(link).toMatch(/\/verify-email\?token=/);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByTestId('verify-success')).toContainText('Email verified successfully!');
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret12');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Riya!' })).toBeVisible();
  await expect(page.getByTestId('role-badge')).toHaveText(/student/i);
  await expect(page.getByTestId('last-login')).toHaveText('Last login: First time');
  await expect(page.getByRole('link', { name: 'Go to Student Dashboard' })).toHaveAttribute('href', '/student/dashboard');
});

test('the guard sends an anonymous visitor from /dashboard to /login and back after signing in', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(DEMO.teacher);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /Welcome back, Tom/ })).toBeVisible();
});

test('a wrong password shows the server’s message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.student);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByTestId('form-error')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);
});

test('an unverified user is asked to verify before using a guarded page', async ({ page }) => {
  const email = uniqueEmail('e2e-unverified');
  await page.goto('/register');
  await page.getByLabel('First Name').fill('Una');
  await page.getByLabel('Last Name').fill('Verified');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret12');
  await page.getByLabel('Confirm Password').fill('secret12');
  await page.getByLabel('Role').selectOption('parent');
  await page.getByLabel(/I agree/).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret12');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByTestId('guard-notice')).toContainText(
    'Please verify your email address to access this page. Check your inbox for the verification email.',
  );
  await expect(page.getByRole('link', { name: 'Verify Now' })).toHaveAttribute('href', '/verify-email');
});

test('signing out returns to the home page and ends the session', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.parent);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});
