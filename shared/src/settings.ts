import { z } from 'zod';
import messages from './locales/en/messages.json' with { type: 'json' };
import { fillMessage } from './messages';
import { LANGUAGES, firstSupported, isLanguage, negotiateLanguage, type Language } from './i18n/languages';

/**
 * A user's settings, their choices and defaults (docs/account.md). One schema read by the server
 * (validation, defaults, what takes effect) and the web app (forms, formatting, theme).
 */
export const SETTING_CHOICES = {
  profileVisibility: ['public', 'private', 'friends'],
  // Only languages the app is really translated into: a choice that changes nothing is not offered.
  language: LANGUAGES,
  // The first four zones offered; any IANA name is a choice too (timezoneSettingSchema).
  timezone: ['UTC', 'EST', 'PST', 'GMT'],
  theme: ['light', 'dark', 'auto'],
  dateFormat: ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'],
  timeFormat: ['12h', '24h'],
} as const;

export type LegacyTimezone = (typeof SETTING_CHOICES.timezone)[number];
/** One of the four first names (LegacyTimezone) or an IANA zone name such as Europe/Berlin. */
export type TimezoneSetting = string;
export type DateFormatSetting = (typeof SETTING_CHOICES.dateFormat)[number];
export type TimeFormatSetting = (typeof SETTING_CHOICES.timeFormat)[number];
export type ThemeSetting = (typeof SETTING_CHOICES.theme)[number];

/** EST and PST are the names the settings offer; they follow the regions' clocks (daylight saving included). */
export const TIMEZONE_IANA: Readonly<Record<LegacyTimezone, string>> = {
  UTC: 'UTC',
  EST: 'America/New_York',
  PST: 'America/Los_Angeles',
  GMT: 'Etc/GMT',
};

const isLegacyTimezone = (value: string): value is LegacyTimezone => Object.hasOwn(TIMEZONE_IANA, value);

// Asking Intl once per name: settings are checked on every save and read for every formatted date.
const zoneValidity = new Map<string, boolean>();

/** Whether Intl knows the name as a time zone (Europe/Berlin yes, Mars/Olympus no). */
export function isIanaZone(zone: string): boolean {
  // Offsets ('+01:00') are accepted by Intl but follow no region's clock: not a zone to live in.
  if (!zone || zone.length > 64 || /^[+-]/.test(zone)) return false;
  let valid = zoneValidity.get(zone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      valid = true;
    } catch {
      valid = false;
    }
    zoneValidity.set(zone, valid);
  }
  return valid;
}

export const isTimezoneSetting = (value: unknown): value is TimezoneSetting => typeof value === 'string' && (isLegacyTimezone(value) || isIanaZone(value));

/** The IANA zone a setting names: the four first names mapped as always, an IANA name as itself, anything else UTC. */
export function ianaZoneOf(setting: string | null | undefined): string {
  if (!setting) return 'UTC';
  if (isLegacyTimezone(setting)) return TIMEZONE_IANA[setting];
  return isIanaZone(setting) ? setting : 'UTC';
}

/** A time zone choice: one of the four first names or any IANA name Intl knows. */
export const timezoneSettingSchema = z
  .string({ error: messages.exams.timezoneInvalid })
  .trim()
  .refine(isTimezoneSetting, messages.exams.timezoneInvalid);

const bool = z.boolean({ error: messages.validation.mustBeBoolean });
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: fillMessage(messages.validation.mustBeOneOf, { values: values.join(', ') }) });

export const notificationSettingsSchema = z.strictObject({
  emailNotifications: bool,
  pushNotifications: bool,
  examReminders: bool,
  resultNotifications: bool,
  systemUpdates: bool,
});
export const privacySettingsSchema = z.strictObject({
  profileVisibility: choice(SETTING_CHOICES.profileVisibility),
  showEmail: bool,
  showPhone: bool,
});
export const preferenceSettingsSchema = z.strictObject({
  language: choice(SETTING_CHOICES.language),
  timezone: timezoneSettingSchema,
  theme: choice(SETTING_CHOICES.theme),
  dateFormat: choice(SETTING_CHOICES.dateFormat),
  timeFormat: choice(SETTING_CHOICES.timeFormat),
});
export const examSettingsPrefsSchema = z.strictObject({
  autoSave: bool,
  confirmBeforeSubmit: bool,
  showTimer: bool,
  playSound: bool,
  enableKeyboardShortcuts: bool,
});

export const userSettingsSchema = z.strictObject({
  notifications: notificationSettingsSchema,
  privacy: privacySettingsSchema,
  preferences: preferenceSettingsSchema,
  exam: examSettingsPrefsSchema,
});
export type UserSettings = z.infer<typeof userSettingsSchema>;
export type SettingsCategory = keyof UserSettings;
export const SETTINGS_CATEGORIES = ['notifications', 'privacy', 'preferences', 'exam'] as const;

export const DEFAULT_SETTINGS: UserSettings = {
  notifications: { emailNotifications: true, pushNotifications: true, examReminders: true, resultNotifications: true, systemUpdates: false },
  privacy: { profileVisibility: 'public', showEmail: false, showPhone: false },
  preferences: { language: 'en', timezone: 'UTC', theme: 'light', dateFormat: 'MM/DD/YYYY', timeFormat: '12h' },
  exam: { autoSave: true, confirmBeforeSubmit: true, showTimer: true, playSound: false, enableKeyboardShortcuts: true },
};

const categorySchemas = {
  notifications: notificationSettingsSchema,
  privacy: privacySettingsSchema,
  preferences: preferenceSettingsSchema,
  exam: examSettingsPrefsSchema,
} as const;

/** PUT /users/settings: one value, checked against its own key's choices. */
export const updateSettingSchema = z
  .object({
    category: z.enum(SETTINGS_CATEGORIES, { error: fillMessage(messages.profile.categoryInvalid, { values: SETTINGS_CATEGORIES.join(', ') }) }),
    key: z.string({ error: messages.profile.keyRequired }).min(1, messages.profile.keyRequired),
    value: z.unknown(),
  })
  .superRefine((v, ctx) => {
    const shape = categorySchemas[v.category].shape as Record<string, z.ZodType>;
    const field = Object.hasOwn(shape, v.key) ? shape[v.key] : undefined;
    if (!field) {
      ctx.addIssue({ code: 'custom', path: ['key'], message: fillMessage(messages.profile.unknownSetting, { setting: `${v.category}.${v.key}` }) });
      return;
    }
    const parsed = field.safeParse(v.value);
    if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['value'], message: parsed.error.issues[0]?.message ?? messages.validation.invalidValue });
  });
export type UpdateSettingInput = z.infer<typeof updateSettingSchema>;

const bulkShape = z.strictObject({
  notifications: notificationSettingsSchema.partial().optional(),
  privacy: privacySettingsSchema.partial().optional(),
  preferences: preferenceSettingsSchema.partial().optional(),
  exam: examSettingsPrefsSchema.partial().optional(),
});
export type BulkSettingsInput = z.infer<typeof bulkShape>;

/**
 * PUT /users/settings/bulk: the whole object, or any part of it (missing keys keep their value);
 * the same object wrapped as `{ settings: {...} }` is accepted too.
 */
export const bulkSettingsSchema = z.preprocess(
  (v) => (v && typeof v === 'object' && 'settings' in v && Object.keys(v).length === 1 ? (v as { settings: unknown }).settings : v),
  bulkShape,
);

/**
 * Stored settings over the defaults. Anything stored that no longer parses (a retired choice such
 * as a language we stopped offering) falls back to its default rather than breaking the account.
 */
export function resolveSettings(stored: unknown): UserSettings {
  const out = structuredClone(DEFAULT_SETTINGS) as Record<string, Record<string, unknown>>;
  const src = (stored && typeof stored === 'object' ? stored : {}) as Record<string, Record<string, unknown> | undefined>;
  for (const cat of SETTINGS_CATEGORIES) {
    const shape = categorySchemas[cat].shape as Record<string, z.ZodType>;
    for (const key of Object.keys(shape)) {
      const value = src[cat]?.[key];
      if (value !== undefined && shape[key]!.safeParse(value).success) out[cat]![key] = value;
    }
  }
  return out as UserSettings;
}

/** Where a new account's language and zone start: what the browser told us, if any. */
export interface StartingPreferences {
  language?: Language;
  timezone?: string;
}

/**
 * What a browser says of its reader at registration: its zone (Intl's resolved zone) and its
 * preferred languages. A browser's odd value is never a reason to refuse the account: whatever
 * is not a zone or a language we speak is dropped, and the school's defaults apply instead.
 */
export const browserStartSchema = z
  .object({
    timezone: z.unknown().optional(),
    language: z.unknown().optional(),
    languages: z.unknown().optional(),
  })
  .transform((v): StartingPreferences => {
    const timezone = typeof v.timezone === 'string' && isTimezoneSetting(v.timezone.trim()) ? v.timezone.trim() : undefined;
    const tags = [v.language, ...(Array.isArray(v.languages) ? v.languages : [])].filter((t): t is string => typeof t === 'string').slice(0, 20);
    const language = firstSupported(tags);
    return { ...(language ? { language } : {}), ...(timezone ? { timezone } : {}) };
  });

/**
 * What a registering browser told us: the payload's zone and languages (the web app sends them),
 * else the Accept-Language header when it names a language we speak.
 */
export function browserStart(body: unknown, acceptLanguage?: string): StartingPreferences {
  const sent = browserStartSchema.safeParse(body && typeof body === 'object' ? body : {});
  const given = sent.success ? sent.data : {};
  if (given.language || !acceptLanguage) return given;
  // negotiateLanguage falls back to English for a header naming nothing we speak: that is no choice.
  const speaks = firstSupported(acceptLanguage.split(',').map((part) => part.split(';')[0] ?? ''));
  return speaks ? { ...given, language: negotiateLanguage(acceptLanguage) } : given;
}

/**
 * A new account's settings: the defaults, with the language and zone the browser gave, and the
 * school's default language and zone for whatever it did not.
 */
export function newAccountSettings(school: { language: Language; timezone: string }, given: StartingPreferences = {}): UserSettings {
  const language = isLanguage(given.language) ? given.language : school.language;
  const timezone = given.timezone && isTimezoneSetting(given.timezone) ? given.timezone : school.timezone;
  return { ...structuredClone(DEFAULT_SETTINGS), preferences: { ...DEFAULT_SETTINGS.preferences, language, timezone } };
}

/** Deep-merges a partial change into full settings. */
export function mergeSettings(base: UserSettings, change: BulkSettingsInput): UserSettings {
  return {
    notifications: { ...base.notifications, ...change.notifications },
    privacy: { ...base.privacy, ...change.privacy },
    preferences: { ...base.preferences, ...change.preferences },
    exam: { ...base.exam, ...change.exam },
  };
}

/** Which switch governs e-mail for a kind of notification (none: covered by emailNotifications alone). */
export function emailSwitchFor(type: string): keyof UserSettings['notifications'] | null {
  if (type === 'result') return 'resultNotifications';
  if (type === 'reminder' || type === 'exam') return 'examReminders';
  if (type === 'system') return 'systemUpdates';
  return null;
}

/** Whether a notification of this kind goes out by e-mail to a user with these settings. */
export function wantsEmail(settings: UserSettings, type: string): boolean {
  const sw = emailSwitchFor(type);
  return settings.notifications.emailNotifications && sw !== null && settings.notifications[sw];
}
