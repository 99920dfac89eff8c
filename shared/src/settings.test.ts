import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  SETTING_CHOICES,
  browserStartSchema,
  ianaZoneOf,
  mergeSettings,
  newAccountSettings,
  preferenceSettingsSchema,
  resolveSettings,
  updateSettingSchema,
  userSettingsSchema,
  wantsEmail,
  type UserSettings,
} from './settings';

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

describe('the time zone a user lives in', () => {
  const zone = (timezone: unknown) => preferenceSettingsSchema.shape.timezone.safeParse(timezone);

  it('takes any IANA zone Intl knows, such as Europe/Berlin', () => {
    expect(zone('Europe/Berlin').success).toBe(true);
    expect(zone('Asia/Kolkata').success).toBe(true);
    expect(ianaZoneOf('Europe/Berlin')).toBe('Europe/Berlin');
  });

  it('keeps the four first names valid, read as the same clocks as before', () => {
    for (const old of SETTING_CHOICES.timezone) expect(zone(old).success).toBe(true);
    expect(ianaZoneOf('EST')).toBe('America/New_York');
    expect(ianaZoneOf('PST')).toBe('America/Los_Angeles');
    expect(ianaZoneOf('GMT')).toBe('Etc/GMT');
    expect(ianaZoneOf('UTC')).toBe('UTC');
  });

  it('refuses nonsense with the catalogue text', () => {
    for (const bad of ['Mars/Olympus', 'constructor', '+01:00', '', 42, null]) {
      const parsed = zone(bad);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('Unknown time zone');
    }
    const put = updateSettingSchema.safeParse({ category: 'preferences', key: 'timezone', value: 'Nowhere/Land' });
    expect(put.error?.issues[0]?.message).toBe('Unknown time zone');
    expect(updateSettingSchema.safeParse({ category: 'preferences', key: 'timezone', value: 'America/Sao_Paulo' }).success).toBe(true);
  });

  it('reads a stored zone that no longer parses as UTC rather than breaking the account', () => {
    expect(resolveSettings({ preferences: { timezone: 'Mars/Olympus' } }).preferences.timezone).toBe('UTC');
    expect(resolveSettings({ preferences: { timezone: 'Europe/Berlin' } }).preferences.timezone).toBe('Europe/Berlin');
  });
});

describe('where a new account starts', () => {
  const school = { language: 'de', timezone: 'Europe/Berlin' } as const;

  it('takes the browser’s zone and first language the app speaks', () => {
    const given = browserStartSchema.parse({ timezone: 'America/Sao_Paulo', languages: ['pt-BR', 'fr-CA', 'en'] });
    expect(given).toEqual({ timezone: 'America/Sao_Paulo', language: 'fr' });
    const settings = newAccountSettings(school, given);
    expect(settings.preferences).toMatchObject({ timezone: 'America/Sao_Paulo', language: 'fr' });
  });

  it('falls back to the school’s defaults when the browser said nothing usable', () => {
    expect(newAccountSettings(school).preferences).toMatchObject({ timezone: 'Europe/Berlin', language: 'de' });
    const odd = browserStartSchema.parse({ timezone: 'Mars/Olympus', languages: ['ja', 7], language: { no: 1 } });
    expect(odd).toEqual({});
    expect(newAccountSettings(school, odd).preferences).toMatchObject({ timezone: 'Europe/Berlin', language: 'de' });
  });

  it('keeps every other setting at its default', () => {
    const s = newAccountSettings(school, { timezone: 'Asia/Tokyo' });
    expect(s.notifications).toEqual(DEFAULT_SETTINGS.notifications);
    expect(s.preferences.theme).toBe(DEFAULT_SETTINGS.preferences.theme);
    expect(userSettingsSchema.safeParse(s).success).toBe(true);
  });
});
