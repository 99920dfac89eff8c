import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEFAULT_PLATFORM_SETTINGS, SETTINGS_MSG } from '@exam/shared';
import { apiToken, bearer, DEMO, signIn } from './support';

/** The school's settings are shared by every journey: each test here puts the defaults back. */
async function restoreDefaults(request: APIRequestContext) {
  const token = await apiToken(request, DEMO.admin);
  const res = await request.put('/api/platform-settings', { headers: bearer(token), data: DEFAULT_PLATFORM_SETTINGS });
  expect(res.ok(), await res.text()).toBe(true);
}

test.afterEach(async ({ request }) => restoreDefaults(request));

test("an admin changes the exam defaults, and a teacher's new exam starts from them", async ({ page, browser }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/admin/settings');
  await page.getByLabel('Duration (minutes)').fill('45');
  await page.getByLabel('Passing marks (%)').fill('70');
  const tabSwitches = page.getByLabel('Tab switches allowed before auto-submit');
  await tabSwitches.fill('25');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Tab switches allowed must be a whole number from 0 to 20')).toBeVisible();
  await tabSwitches.fill('1');
  await page.getByLabel('Fullscreen exits allowed before auto-submit').fill('0');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText(SETTINGS_MSG.saved)).toBeVisible();

  const teacher = await browser.newPage();
  await signIn(teacher, DEMO.teacher);
  await teacher.goto('/create-exam');
  await expect(teacher.getByLabel(/^Duration/)).toHaveValue('45');
  await expect(teacher.getByLabel(/^Passing Marks/)).toHaveValue('70');
  await teacher.getByLabel('Enable proctoring').check();
  await expect(teacher.getByLabel('Tab switches allowed before auto-submit')).toHaveValue('1');
  await expect(teacher.getByLabel('Fullscreen exits allowed before auto-submit')).toHaveValue('0');
  await teacher.close();
});

test('the register page offers only the open roles, and says so when registration is closed', async ({ page, request }) => {
  const token = await apiToken(request, DEMO.admin);
  const save = async (registration: typeof DEFAULT_PLATFORM_SETTINGS.registration) => {
    const res = await request.put('/api/platform-settings', { headers: bearer(token), data: { ...DEFAULT_PLATFORM_SETTINGS, registration } });
    expect(res.ok(), await res.text()).toBe(true);
  };

  await save({ open: true, roles: ['student'], allowedDomains: [] });
  await page.goto('/register');
  await expect(page.getByText('Join as a student.')).toBeVisible();
  await expect(page.getByLabel('Role').locator('option')).toHaveText(['Student']);

  await save({ open: false, roles: ['student'], allowedDomains: [] });
  await page.goto('/register');
  await expect(page.getByText(SETTINGS_MSG.registrationClosed)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Account' })).toHaveCount(0);
});
