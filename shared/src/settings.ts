import { z } from 'zod';
import messages from './locales/en/messages.json' with { type: 'json' };
import { fillMessage } from './messages';
import { LANGUAGES } from './i18n/languages';

/**
 * A user's settings, their choices and defaults (docs/account.md). One schema read by the server
 * (validation, defaults, what takes effect) and the web app (forms, formatting, theme).
 */
export const SETTING_CHOICES = {
  profileVisibility: ['public', 'private', 'friends'],
  // Only languages the app is really translated into: a choice that changes nothing is not offered.
  language: LANGUAGES,
  timezone: ['UTC', 'EST', 'PST', 'GMT'],
  theme: ['light', 'dark', 'auto'],
  dateFormat: ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'],
  timeFormat: ['12h', '24h'],
} as const;

export type TimezoneSetting = (typeof SETTING_CHOICES.timezone)[number];
export type DateFormatSetting = (typeof SETTING_CHOICES.dateFormat)[number];
export type TimeFormatSetting = (typeof SETTING_CHOICES.timeFormat)[number];
export type ThemeSetting = (typeof SETTING_CHOICES.theme)[number];

/** EST and PST are the names the settings offer; they follow the regions' clocks (daylight saving included). */
export const TIMEZONE_IANA: Record<TimezoneSetting, string> = {
  UTC: 'UTC',
  EST: 'America/New_York',
  PST: 'America/Los_Angeles',
  GMT: 'Etc/GMT',
};

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
  timezone: choice(SETTING_CHOICES.timezone),
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
