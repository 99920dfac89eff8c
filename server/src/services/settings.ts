import type { Knex } from 'knex';
import { DEFAULT_SETTINGS, SETTINGS_CATEGORIES, mergeSettings, newAccountSettings, resolveSettings, type BulkSettingsInput, type StartingPreferences, type UserSettings } from '@exam/shared';
import type { Db } from '../db';
import type { Deps } from '../deps';
import { getPlatformSettings } from './platformSettings';

type Trx = Db | Knex.Transaction;

/**
 * The one settings service: stored choices over DEFAULT_SETTINGS. Every part of the server
 * that behaves per user (mail, privacy, live pushes) reads settings through here.
 */
export async function getSettings(db: Trx, userId: string): Promise<UserSettings> {
  const row = (await db('user_settings').where({ user_id: userId }).first('settings')) as { settings: unknown } | undefined;
  return resolveSettings(row?.settings);
}

/**
 * A new account's settings: the language and zone its browser gave (registration), else the
 * school's defaults (admin settings), everything else the built-in defaults.
 */
export async function startingSettings(deps: Deps, given: StartingPreferences = {}): Promise<UserSettings> {
  return newAccountSettings(await getPlatformSettings(deps), given);
}

/**
 * The user_settings row of a new account. Only what differs from the built-in defaults is
 * stored, so an account nobody set up still reads as one that never chose (its sign-in answers
 * follow the browser, see chosenLanguage).
 */
export function newSettingsRow(userId: string, settings: UserSettings = DEFAULT_SETTINGS): { user_id: string; settings?: string } {
  const stored: Record<string, Record<string, unknown>> = {};
  for (const cat of SETTINGS_CATEGORIES) {
    const defaults = DEFAULT_SETTINGS[cat] as Record<string, unknown>;
    for (const [key, value] of Object.entries(settings[cat])) {
      if (value !== defaults[key]) (stored[cat] ??= {})[key] = value;
    }
  }
  return Object.keys(stored).length ? { user_id: userId, settings: JSON.stringify(stored) } : { user_id: userId };
}

/** The language a user reads in (their setting), for what is written to them: mail, notifications. */
export async function languageOf(db: Trx, userId: string): Promise<string> {
  return (await getSettings(db, userId)).preferences.language;
}

/**
 * The language a user chose, if they ever saved one (no default): what a request of theirs is
 * answered in when it is not behind `auth()` (the sign-in itself).
 */
export async function chosenLanguage(db: Trx, userId: string): Promise<string | undefined> {
  const row = (await db('user_settings').where({ user_id: userId }).first(db.raw("settings->'preferences'->>'language' as language"))) as
    | { language: string | null }
    | undefined;
  return row?.language ?? undefined;
}

/** Where a user is written to by e-mail: only an active account has one. */
export interface MailAddress {
  email: string;
  first_name: string;
}

/** Each user told something: their settings, and where to mail them if anywhere. */
export type Recipients = Map<string, { settings: UserSettings; address?: MailAddress }>;

/**
 * What telling users something needs of them, in ONE query: their settings (each resolved over the
 * defaults, as settingsOf) and, for active accounts, where to mail them. A graded submission tells
 * a student and their parents; on a busy node each round trip costs far more than its query.
 */
export async function recipientsOf(db: Trx, userIds: string[]): Promise<Recipients> {
  const ids = [...new Set(userIds)];
  const rows = ids.length
    ? ((await db('users as u')
        .leftJoin('user_settings as us', 'us.user_id', 'u.id')
        .whereIn('u.id', ids)
        .select('u.id', 'u.email', 'u.first_name', 'u.is_active', 'us.settings')) as RecipientRow[])
    : [];
  return recipientsFrom(ids, rows);
}

/** A user as `recipientsOf` reads them (also read with other things, in one query, by followUpFacts). */
export interface RecipientRow {
  id: string;
  email: string;
  first_name: string;
  is_active: boolean;
  settings: unknown;
}

/** Recipients of `ids` from their rows: settings resolved over the defaults, an address for active accounts. */
export function recipientsFrom(ids: Iterable<string>, rows: RecipientRow[]): Recipients {
  const found = new Map(rows.map((r) => [r.id, r]));
  return new Map(
    [...ids].map((id) => {
      const r = found.get(id);
      return [id, { settings: resolveSettings(r?.settings), address: r?.is_active ? { email: r.email, first_name: r.first_name } : undefined }];
    }),
  );
}

/** Settings of many users at once (one query), each resolved over the defaults. */
export async function settingsOf(db: Trx, userIds: string[]): Promise<Map<string, UserSettings>> {
  const ids = [...new Set(userIds)];
  const rows = ids.length ? ((await db('user_settings').whereIn('user_id', ids).select('user_id', 'settings')) as { user_id: string; settings: unknown }[]) : [];
  const stored = new Map(rows.map((r) => [r.user_id, r.settings]));
  return new Map(ids.map((id) => [id, resolveSettings(stored.get(id))]));
}

async function write(db: Trx, userId: string, settings: UserSettings): Promise<UserSettings> {
  await db('user_settings')
    .insert({ user_id: userId, settings: JSON.stringify(settings), updated_at: db.fn.now() })
    .onConflict('user_id')
    .merge(['settings', 'updated_at']);
  return settings;
}

/** Applies a partial change under a row lock, so two tabs saving different keys both win. */
export async function changeSettings(db: Db, userId: string, change: BulkSettingsInput): Promise<UserSettings> {
  return db.transaction(async (trx) => {
    await trx('user_settings').insert({ user_id: userId }).onConflict('user_id').ignore();
    const row = (await trx('user_settings').where({ user_id: userId }).forUpdate().first('settings')) as { settings: unknown };
    return write(trx, userId, mergeSettings(resolveSettings(row.settings), change));
  });
}

/** Back to where a new account starts: the built-in defaults, in the school's language and time zone. */
export async function resetSettings(deps: Deps, userId: string): Promise<UserSettings> {
  return write(deps.db, userId, await startingSettings(deps));
}
