import type { Knex } from 'knex';
import { newOpaqueToken, hashOpaqueToken } from '../auth/opaqueTokens';
import type { Db } from '../db';

export type OneTimePurpose = 'verify_email' | 'reset_password';

/**
 * Issues a single-use link token. Older unused tokens of the same purpose are retired, so only
 * the latest mail's link works.
 */
export async function issueOneTimeToken(db: Db | Knex.Transaction, userId: string, purpose: OneTimePurpose, ttlMs: number): Promise<string> {
  const { token, hash } = newOpaqueToken();
  await db('one_time_tokens').where({ user_id: userId, purpose }).whereNull('used_at').update({ used_at: db.fn.now() });
  await db('one_time_tokens').insert({
    user_id: userId,
    purpose,
    token_hash: hash,
    expires_at: new Date(Date.now() + ttlMs),
  });
  return token;
}

/**
 * Marks the token used and returns its user id, or undefined when it is unknown, used or
 * expired. The conditional UPDATE makes "single use" hold even for two concurrent clicks.
 */
export async function consumeOneTimeToken(trx: Knex.Transaction, token: string, purpose: OneTimePurpose): Promise<string | undefined> {
  const rows = (await trx('one_time_tokens')
    .where({ token_hash: hashOpaqueToken(token), purpose })
    .whereNull('used_at')
    .where('expires_at', '>', trx.fn.now())
    .update({ used_at: trx.fn.now() })
    .returning('user_id')) as { user_id: string }[];
  return rows[0]?.user_id;
}
