import { expect, test } from '@playwright/test';
import { DEMO, mailedLink, signIn } from './support';

/**
 * People management in a real browser: the demo admin onboards a class
 * from a CSV (fixing a bad row in the preview), then creates, edits, deactivates and deletes one
 * person through the Users screen.
 */

test('an admin imports 30 students with their parents, fixing a bad row before confirming', async ({ page }) => {
  const tag = `imp${Date.now().toString(36)}`;
  const lines = ['firstName,lastName,email,role,grade,section,subject,parentEmail'];
  for (let i = 1; i <= 30; i++) {
    // Line 9 (student 8) has a mistyped address; two children share each parent.
    const email = i === 8 ? `${tag}-s8-at-school.test` : `${tag}-s${i}@school.test`;
    lines.push(`${tag}${String(i).padStart(2, '0')},Family${Math.ceil(i / 2)},${email},student,${(i % 12) + 1},${'ABCD'[i % 4]},,${tag}-p${Math.ceil(i / 2)}@home.test`);
  }

  await signIn(page, DEMO.admin);
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'Bulk Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Import Users' });
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'class.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });

  const counts = dialog.getByTestId('import-counts');
  await expect(counts).toContainText('29 ready');
  await expect(counts).toContainText('1 with problems');
  const bad = dialog.getByTestId('import-row-9');
  await expect(bad).toContainText('Please enter a valid email address');
  await expect(dialog.getByRole('button', { name: 'Import 29 user(s)' })).toBeEnabled();

  await bad.getByRole('button', { name: 'Fix line 9' }).click();
  await dialog.getByLabel('Email on line 9', { exact: true }).fill(`${tag}-s8@school.test`);
  await dialog.getByRole('button', { name: 'Save line 9' }).click();
  await expect(counts).toContainText('30 ready');
  await expect(counts).toContainText('0 with problems');

  await dialog.getByRole('button', { name: 'Import 30 user(s)' }).click();
  const summary = dialog.getByTestId('import-summary');
  await expect(summary).toContainText('30 user(s) created');
  await expect(summary).toContainText('15 parent account(s) created');
  await expect(summary).toContainText('30 parent–student link(s) made');
  await expect(summary).toContainText('45 invitation e-mail(s) sent');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The fixed student is in the list, and their invitation sets a first password.
  await page.getByLabel('Search by name or email').fill(`${tag}-s8@`);
  await expect(page.getByTestId(`user-row-${tag}-s8@school.test`)).toBeVisible();
  const link = await mailedLink(`${tag}-s8@school.test`);
  expect(link).toMatch(/\/reset-password\?token=/);

  // Staff see the imported class on the students list, with details and the progress report link.
  await page.goto(`/students?search=${tag}`);
  await expect(page.getByTestId('stat-total-students')).toHaveText('30');
  await page.getByLabel('Search by name or email').fill(`${tag}08`);
  await expect(page.getByTestId('stat-total-students')).toHaveText('1');
  await page.getByRole('button', { name: `Details of ${tag}08 Family4` }).click();
  const details = page.getByRole('dialog', { name: `${tag}08 Family4` });
  await expect(details).toContainText(`${tag}-s8@school.test`);
  await expect(details).toContainText("This student hasn't taken any exams yet.");
  await expect(details.getByRole('link', { name: 'View progress report' })).toHaveAttribute('href', /\/reports\/student\/[0-9a-f-]{36}\/progress$/);
});

test('an admin creates, edits, deactivates and deletes a user', async ({ page, request }) => {
  const email = `made-${Date.now().toString(36)}@school.test`;
  await signIn(page, DEMO.admin);
  await page.goto('/admin/users');

  // The admin's own row has no Delete button.
  await page.getByLabel('Search by name or email').fill(DEMO.admin);
  const own = page.getByTestId(`user-row-${DEMO.admin}`);
  await expect(own).toBeVisible();
  await expect(own.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add User' }).click();
  const add = page.getByRole('dialog', { name: 'Add User' });
  await add.getByRole('button', { name: 'Create User' }).click();
  await expect(add.getByTestId('form-error')).toHaveText('Please fill in all required fields');
  await add.getByLabel('First Name').fill('  Nadia ');
  await add.getByLabel('Last Name').fill('Okafor');
  await add.getByLabel('Email').fill(email);
  await add.getByLabel('Password').fill('12345');
  await add.getByRole('button', { name: 'Create User' }).click();
  await expect(add.getByTestId('form-error')).toHaveText('Password must be at least 6 characters long');
  await add.getByLabel('Password').fill('secret-pass');
  await add.getByLabel('Role').selectOption('teacher');
  await add.getByLabel('Subject').selectOption('history');
  await add.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('User created successfully!')).toBeVisible();
  await expect(add).toBeHidden();

  await page.getByLabel('Search by name or email').fill(email);
  const row = page.getByTestId(`user-row-${email}`);
  await expect(row).toContainText('Nadia Okafor');
  await expect(row).toContainText('Teacher');
  await expect(row).toContainText('History');

  await row.getByRole('button', { name: 'Edit Nadia Okafor' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await edit.getByLabel('Last Name').fill('Okafor-Reid');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('User updated successfully!')).toBeVisible();
  await expect(row).toContainText('Nadia Okafor-Reid');

  // The switch's input is visually hidden under its track (and a toast may sit above the row): click the input itself.
  await row.getByRole('switch', { name: 'Deactivate Nadia Okafor-Reid' }).dispatchEvent('click');
  await expect(page.getByText('User deactivated successfully')).toBeVisible();
  await expect(row).toContainText('Inactive');
  const login = await request.post('/api/auth/login', { data: { email, password: 'secret-pass' } });
  expect(login.status()).toBe(403);

  await row.getByRole('button', { name: 'Delete Nadia Okafor-Reid' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete user' });
  await expect(confirm).toContainText('Are you sure you want to delete this user? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('User deleted successfully')).toBeVisible();
  await expect(page.getByText('No users found matching your criteria')).toBeVisible();
});
