import type { Knex } from 'knex';
import { DEFAULT_SETTINGS, type UserSettings } from '@exam/shared';
import type { Db } from '../db';
import { administers } from '../policies/people';
import type { ContactShown, Onlooker } from '../presenters/user';
import { settingsOf } from './settings';

type Trx = Db | Knex.Transaction;

/**
 * The privacy switches showEmail and showPhone, in one place. Another person's e-mail address and
 * phone number are shown only when they chose to show them; the person themself and admins always
 * see them. Every response that carries someone's contact details asks here: rows already loaded
 * through `contactShownTo`, SQL listings through `shownEmailSql`/`emailShownSql`, which also serve
 * search and sort so that a hidden address can be neither read, found by typing it, nor ordered.
 */
export function contactShown(onlooker: Onlooker, ownerId: string, privacy: UserSettings['privacy']): ContactShown {
  const always = onlooker.id === ownerId || administers(onlooker.role);
  return { email: always || privacy.showEmail, phone: always || privacy.showPhone };
}

/** What `onlooker` may see of each of these users' contact details (one settings query). */
export async function contactShownTo(db: Trx, onlooker: Onlooker, userIds: string[]): Promise<(userId: string) => ContactShown> {
  if (administers(onlooker.role)) return () => ({ email: true, phone: true });
  const settings = await settingsOf(db, userIds);
  return (userId) => contactShown(onlooker, userId, settings.get(userId)?.privacy ?? DEFAULT_SETTINGS.privacy);
}

/** SQL condition: `onlooker` may see the e-mail of the user aliased `alias` (the rule above, in SQL). */
export function emailShownSql(db: Trx, onlooker: Onlooker, alias: string): Knex.Raw {
  if (administers(onlooker.role)) return db.raw('true');
  return db.raw(
    `(??.id = ? or coalesce((select (s.settings->'privacy'->>'showEmail')::boolean from user_settings s where s.user_id = ??.id), ?))`,
    [alias, onlooker.id, alias, DEFAULT_SETTINGS.privacy.showEmail],
  );
}

/** SQL value: the e-mail of the user aliased `alias`, or null where `onlooker` may not see it. */
export function shownEmailSql(db: Trx, onlooker: Onlooker, alias: string): Knex.Raw {
  return db.raw('(case when ? then ??.email end)', [emailShownSql(db, onlooker, alias), alias]);
}
