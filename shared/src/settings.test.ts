import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, mergeSettings, wantsEmail, type UserSettings } from './settings';

const withNotifications = (change: Partial<UserSettings['notifications']>) => mergeSettings(DEFAULT_SETTINGS, { notifications: change });

describe('which notifications go out by e-mail', () => {
  it('follows each kind’s switch: results, exam reminders and system updates (off by default)', () => {
    expect(wantsEmail(DEFAULT_SETTINGS, 'result')).toBe(true);
    expect(wantsEmail(DEFAULT_SETTINGS, 'reminder')).toBe(true);
    expect(wantsEmail(DEFAULT_SETTINGS, 'exam')).toBe(true);
    expect(wantsEmail(DEFAULT_SETTINGS, 'system')).toBe(false);
    expect(wantsEmail(withNotifications({ resultNotifications: false }), 'result')).toBe(false);
    expect(wantsEmail(withNotifications({ examReminders: false }), 'reminder')).toBe(false);
    expect(wantsEmail(withNotifications({ examReminders: false }), 'exam')).toBe(false);
    expect(wantsEmail(withNotifications({ systemUpdates: true }), 'system')).toBe(true);
  });

  it('sends nothing with emailNotifications off, and never mails kinds without an e-mail switch', () => {
    const off = withNotifications({ emailNotifications: false, systemUpdates: true });
    for (const kind of ['result', 'reminder', 'exam', 'system']) expect(wantsEmail(off, kind)).toBe(false);
    expect(wantsEmail(DEFAULT_SETTINGS, 'achievement')).toBe(false);
  });
});
