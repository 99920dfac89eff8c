import { DEFAULT_SETTINGS, PROFILE_MSG, type UserSettings } from '@exam/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { ThemeProvider } from '../../lib/theme';
import { i18n, LANGUAGE_STORAGE_KEY } from '../../i18n';
import { SettingsEffects } from './SettingsEffects';
import { SettingsPage } from './SettingsPage';

function open(over: { saveFails?: boolean; withEffects?: boolean; stored?: UserSettings } = {}) {
  let stored: UserSettings = over.stored ?? structuredClone(DEFAULT_SETTINGS);
  const api = mockApi(buildUser({ role: 'parent' }), [
    ['GET', '/users/settings', () => ({ body: { success: true, data: { settings: stored } } })],
    [
      'PUT',
      '/users/settings',
      ({ body }) => {
        if (over.saveFails) return { status: 500, body: { success: false, message: 'boom' } };
        const b = body as { category: keyof UserSettings; key: string; value: unknown };
        stored = { ...stored, [b.category]: { ...stored[b.category], [b.key]: b.value } };
        return { body: { success: true, data: { settings: stored } } };
      },
    ],
    ['PUT', '/users/settings/bulk', ({ body }) => ((stored = body as UserSettings), { body: { success: true, data: { settings: stored } } })],
    ['POST', '/users/settings/reset', () => ((stored = structuredClone(DEFAULT_SETTINGS)), { body: { success: true, data: { settings: stored } } })],
  ]);
  // The layout puts the settings into effect on every page; the language test needs it too.
  const page = over.withEffects ? (
    <ThemeProvider>
      {() => (
        <>
          <SettingsEffects />
          <SettingsPage />
        </>
      )}
    </ThemeProvider>
  ) : (
    <SettingsPage />
  );
  renderApp('/settings', [{ path: '/settings', element: page }]);
  return api;
}

/** The zone picker once the settings have loaded (the field is re-rendered as they arrive). */
async function zonePicker(): Promise<HTMLInputElement> {
  const input = () => screen.getAllByLabelText('Time zone').find((el) => el.tagName === 'INPUT') as HTMLInputElement;
  await waitFor(() => expect(input().disabled).toBe(false), { timeout: 10_000 });
  return input();
}

const resultSwitch = () => screen.getByRole('switch', { name: /Result notifications/ }) as HTMLInputElement;

// Generous: these run on a shared, busy machine and each waits on a few renders.
describe('SettingsPage', { timeout: 20_000 }, () => {
  it('applies a change at once and saves that one key', async () => {
    const api = open();
    fireEvent.click(await screen.findByRole('tab', { name: 'Notifications' }));
    await waitFor(() => expect(resultSwitch().disabled).toBe(false));
    fireEvent.click(resultSwitch());
    await waitFor(() => expect(resultSwitch().checked).toBe(false));
    await waitFor(() => expect(api.callsTo('PUT', '/users/settings')).toHaveLength(1));
    expect(api.callsTo('PUT', '/users/settings')[0]!.body).toEqual({ category: 'notifications', key: 'resultNotifications', value: false });
  });

  it('when saving fails, says so and reloads the settings from the server', async () => {
    const api = open({ saveFails: true });
    fireEvent.click(await screen.findByRole('tab', { name: 'Notifications' }));
    await waitFor(() => expect(resultSwitch().disabled).toBe(false));
    fireEvent.click(resultSwitch());
    expect(await screen.findByText(PROFILE_MSG.settingsSaveFailed)).toBeTruthy();
    await waitFor(() => expect(resultSwitch().checked).toBe(true));
    expect(api.callsTo('GET', '/users/settings').length).toBeGreaterThanOrEqual(2);
  });

  it('saves everything with Save All and restores the defaults with Reset to Default', async () => {
    const api = open();
    const saveAll = await screen.findByRole('button', { name: 'Save All' });
    await waitFor(() => expect((saveAll as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(saveAll);
    expect(await screen.findByText(PROFILE_MSG.settingsSaved)).toBeTruthy();
    expect(api.callsTo('PUT', '/users/settings/bulk')[0]!.body).toEqual(DEFAULT_SETTINGS);
    fireEvent.click(screen.getByRole('button', { name: 'Reset to Default' }));
    expect(await screen.findByText(PROFILE_MSG.settingsReset)).toBeTruthy();
  });

  it('shows English as the language, and auto-save as always on', async () => {
    open();
    fireEvent.click(await screen.findByRole('tab', { name: 'Exam Settings' }));
    const autoSave = screen.getByRole('switch', { name: /Auto-save answers/ }) as HTMLInputElement;
    expect(autoSave.checked).toBe(true);
    expect(autoSave.disabled).toBe(true);
    fireEvent.click(screen.getByRole('tab', { name: 'General' }));
    const language = screen.getAllByLabelText('Language').find((el) => el.tagName === 'INPUT') as HTMLInputElement;
    expect(language.value).toBe('English');
  });

  it('switches the page to German at once when Deutsch is chosen, and keeps the choice', async () => {
    const api = open({ withEffects: true });
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    const language = screen.getAllByLabelText('Language').find((el) => el.tagName === 'INPUT') as HTMLInputElement;
    await waitFor(() => expect(language.disabled).toBe(false));
    fireEvent.click(language);
    fireEvent.click(await screen.findByRole('option', { name: 'Deutsch' }));

    // The same page, without a reload, now speaks German: title, buttons, tabs and labels.
    expect(await screen.findByRole('heading', { name: 'Einstellungen' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Alle speichern' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Allgemein' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Prüfungseinstellungen' })).toBeTruthy();
    expect(screen.getAllByLabelText('Zeitzone').length).toBeGreaterThan(0);
    expect(screen.queryByRole('heading', { name: 'Settings' })).toBeNull();
    expect(i18n.language).toBe('de');
    expect(document.documentElement.lang).toBe('de');

    // Saved for the account, and kept on this device for the sign-in page after signing out.
    await waitFor(() => expect(api.callsTo('PUT', '/users/settings')).toHaveLength(1));
    expect(api.callsTo('PUT', '/users/settings')[0]!.body).toEqual({ category: 'preferences', key: 'language', value: 'de' });
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
  });

  it('finds any IANA zone by typing its city, and saves it', async () => {
    const api = open();
    const zone = await zonePicker();
    // Mantine takes a change of an unfocused field for autofill, not typing.
    zone.focus();
    fireEvent.change(zone, { target: { value: 'berlin' } });
    const berlin = await screen.findByRole('option', { name: /^Europe\/Berlin \(GMT\+[12]\)$/ });
    expect(screen.queryByRole('option', { name: /Tokyo/ })).toBeNull();
    fireEvent.click(berlin);
    await waitFor(() => expect(api.callsTo('PUT', '/users/settings')).toHaveLength(1));
    expect(api.callsTo('PUT', '/users/settings')[0]!.body).toEqual({ category: 'preferences', key: 'timezone', value: 'Europe/Berlin' });
  });

  it('finds a city with a space in its name and says when nothing matches', async () => {
    open();
    const zone = await zonePicker();
    zone.focus();
    fireEvent.change(zone, { target: { value: 'new york' } });
    expect(await screen.findByRole('option', { name: /^America\/New York \(E[SD]T\)$/ })).toBeTruthy();
    fireEvent.change(zone, { target: { value: 'Atlantis' } });
    expect(await screen.findByText('No time zone matches')).toBeTruthy();
  });

  it('still reads an account’s earlier short zone name as it was offered', async () => {
    open({ stored: { ...structuredClone(DEFAULT_SETTINGS), preferences: { ...DEFAULT_SETTINGS.preferences, timezone: 'EST' } } });
    const zone = screen.getAllByLabelText('Time zone').find((el) => el.tagName === 'INPUT') as HTMLInputElement;
    await waitFor(() => expect(zone.value).toBe('Eastern Time (EST/EDT)'));
  });
});
