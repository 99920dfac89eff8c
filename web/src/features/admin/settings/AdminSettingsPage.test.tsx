import { DEFAULT_PLATFORM_SETTINGS, EXAM_MSG, PROCTORING_MSG, SETTINGS_MSG } from '@exam/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/buildUser';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { AdminSettingsPage } from './AdminSettingsPage';

const admin = buildUser({ role: 'admin', grade: null, section: null });
const TAB_SWITCHES = 'Tab switches allowed before auto-submit';
const FULLSCREEN_EXITS = 'Fullscreen exits allowed before auto-submit';
const FACE_CHECKS = 'Face checks (camera required)';
const MISSING_SECONDS = 'Flag a missing face after';
const SCREEN_SHARE = 'Screen share required (the whole screen)';

const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

// The whole settings form renders for every test: under a loaded CI machine jsdom needs more than 30 s for the first.
describe('AdminSettingsPage', { timeout: 60_000 }, () => {
  it('edits the proctoring allowances new exams start with, refusing numbers out of range', async () => {
    const api = mockApi(admin, [
      ['GET', '/platform-settings/admin', () => ({ body: { success: true, data: { settings: DEFAULT_PLATFORM_SETTINGS, mail: { mode: 'dev-outbox' } } } })],
      ['PUT', '/platform-settings', ({ body }) => ({ body: { success: true, message: SETTINGS_MSG.saved, data: { settings: body } } })],
    ]);
    renderApp('/admin/settings', [{ path: '/admin/settings', element: <AdminSettingsPage /> }]);

    expect(((await screen.findByLabelText(TAB_SWITCHES)) as HTMLInputElement).value).toBe('3');
    expect((screen.getByLabelText(FULLSCREEN_EXITS) as HTMLInputElement).value).toBe('2');

    change(TAB_SWITCHES, '25');
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(EXAM_MSG.tabSwitchesAllowedRange)).toBeTruthy();
    expect(api.callsTo('PUT', '/platform-settings')).toHaveLength(0);

    change(TAB_SWITCHES, '5');
    change(FULLSCREEN_EXITS, '0');
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(api.callsTo('PUT', '/platform-settings')).toHaveLength(1));
    expect(api.callsTo('PUT', '/platform-settings')[0]!.body).toMatchObject({
      examDefaults: { duration: 60, passingMarks: 60, proctoring: { tabSwitchesAllowed: 5, fullscreenExitsAllowed: 0 } },
    });
    expect(await screen.findByText(SETTINGS_MSG.saved)).toBeTruthy();
  });

  it('keeps evidence pictures 30 days unless the admin chooses another number of days, from 1 to 365', async () => {
    const api = mockApi(admin, [
      ['GET', '/platform-settings/admin', () => ({ body: { success: true, data: { settings: DEFAULT_PLATFORM_SETTINGS, mail: { mode: 'dev-outbox' } } } })],
      ['PUT', '/platform-settings', ({ body }) => ({ body: { success: true, message: SETTINGS_MSG.saved, data: { settings: body } } })],
    ]);
    renderApp('/admin/settings', [{ path: '/admin/settings', element: <AdminSettingsPage /> }]);
    const RETENTION = 'Days evidence pictures are kept';

    expect(((await screen.findByLabelText(RETENTION)) as HTMLInputElement).value).toBe('30');
    change(RETENTION, '0');
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(PROCTORING_MSG.retentionDaysRange)).toBeTruthy();
    expect(api.callsTo('PUT', '/platform-settings')).toHaveLength(0);

    change(RETENTION, '14');
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(api.callsTo('PUT', '/platform-settings')).toHaveLength(1));
    expect(api.callsTo('PUT', '/platform-settings')[0]!.body).toMatchObject({ evidence: { retentionDays: 14 } });
  });

  it('sets the device checks a new exam starts with: face checks with their seconds and a required screen share', async () => {
    const api = mockApi(admin, [
      ['GET', '/platform-settings/admin', () => ({ body: { success: true, data: { settings: DEFAULT_PLATFORM_SETTINGS, mail: { mode: 'dev-outbox' } } } })],
      ['PUT', '/platform-settings', ({ body }) => ({ body: { success: true, message: SETTINGS_MSG.saved, data: { settings: body } } })],
    ]);
    renderApp('/admin/settings', [{ path: '/admin/settings', element: <AdminSettingsPage /> }]);
    const defaults = within(await screen.findByTestId('proctoring-profile'));
    fireEvent.click(defaults.getByLabelText(FACE_CHECKS));
    fireEvent.change(await defaults.findByLabelText(MISSING_SECONDS), { target: { value: '10' } });
    fireEvent.click(defaults.getByLabelText(SCREEN_SHARE));
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(api.callsTo('PUT', '/platform-settings')).toHaveLength(1));
    expect(api.callsTo('PUT', '/platform-settings')[0]!.body).toMatchObject({
      examDefaults: { proctoring: { profile: { faceChecks: { enabled: true, missingSeconds: 10 }, screenShare: { required: true }, voiceCheck: { enabled: false } } } },
    });
  });

  it('chooses what a confirmed breach does to a result: withheld until the admin picks another outcome', async () => {
    const api = mockApi(admin, [
      ['GET', '/platform-settings/admin', () => ({ body: { success: true, data: { settings: DEFAULT_PLATFORM_SETTINGS, mail: { mode: 'dev-outbox' } } } })],
      ['PUT', '/platform-settings', ({ body }) => ({ body: { success: true, message: SETTINGS_MSG.saved, data: { settings: body } } })],
    ]);
    renderApp('/admin/settings', [{ path: '/admin/settings', element: <AdminSettingsPage /> }]);
    const group = await screen.findByRole('radiogroup', { name: /A confirmed breach/ });
    expect((within(group).getByRole('radio', { name: 'Withhold the result' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(group).getByRole('radio', { name: 'Set the result to zero' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(api.callsTo('PUT', '/platform-settings')).toHaveLength(1));
    expect(api.callsTo('PUT', '/platform-settings')[0]!.body).toMatchObject({ integrity: { confirmedOutcome: 'zero' } });
  });

  it('sets the school’s time zone and language, found by typing, and refuses a zone the server does not know', async () => {
    const { timezone: _zone, language: _language, ...older } = DEFAULT_PLATFORM_SETTINGS;
    let refuse = true;
    const api = mockApi(admin, [
      // Settings saved before the school had a zone and language.
      ['GET', '/platform-settings/admin', () => ({ body: { success: true, data: { settings: older, mail: { mode: 'dev-outbox' } } } })],
      [
        'PUT',
        '/platform-settings',
        ({ body }) =>
          refuse
            ? { status: 400, body: { success: false, message: 'Validation failed', errors: [{ field: 'timezone', msg: EXAM_MSG.timezoneInvalid }] } }
            : { body: { success: true, message: SETTINGS_MSG.saved, data: { settings: body } } },
      ],
    ]);
    renderApp('/admin/settings', [{ path: '/admin/settings', element: <AdminSettingsPage /> }]);
    const zone = (await screen.findByRole('combobox', { name: 'School time zone' })) as HTMLInputElement;
    expect(zone.value).toBe('UTC');
    expect((screen.getByRole('combobox', { name: 'School language' }) as HTMLInputElement).value).toBe('English');

    // Mantine takes a change of an unfocused field for autofill, not typing.
    zone.focus();
    fireEvent.change(zone, { target: { value: 'berlin' } });
    fireEvent.click(await screen.findByRole('option', { name: /^Europe\/Berlin/ }));
    fireEvent.click(screen.getByRole('combobox', { name: 'School language' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Deutsch' }));

    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(EXAM_MSG.timezoneInvalid)).toBeTruthy();
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(api.callsTo('PUT', '/platform-settings')).toHaveLength(2));
    expect(api.callsTo('PUT', '/platform-settings')[1]!.body).toMatchObject({ timezone: 'Europe/Berlin', language: 'de' });
  });
});
