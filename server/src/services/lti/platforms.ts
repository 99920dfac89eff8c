import type { Db } from '../../db';

/** One registered LMS, as stored (lti_platforms). */
export interface PlatformRow {
  id: string;
  name: string;
  issuer: string;
  client_id: string;
  deployment_ids: string[];
  auth_login_url: string;
  auth_token_url: string;
  auth_token_audience: string | null;
  keyset_url: string;
  registered_by: 'manual' | 'dynamic';
  active: boolean;
  created_at: Date;
  updated_at: Date;
}

/**
 * The active platform of an issuer and client id. Without a client id (an OIDC login may omit it)
 * the issuer must name exactly one platform, else the login is ambiguous and refused by the caller.
 */
export async function findPlatform(db: Db, issuer: string, clientId: string | undefined): Promise<PlatformRow | undefined> {
  const q = db('lti_platforms').where({ issuer, active: true });
  if (clientId !== undefined) return (await q.andWhere({ client_id: clientId }).first()) as PlatformRow | undefined;
  const rows = (await q.limit(2)) as PlatformRow[];
  return rows.length === 1 ? rows[0] : undefined;
}

export async function platformById(db: Db, id: string): Promise<PlatformRow | undefined> {
  return (await db('lti_platforms').where({ id }).first()) as PlatformRow | undefined;
}
