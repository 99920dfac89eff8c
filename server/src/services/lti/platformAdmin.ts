import { LTI_MSG, type LtiPlatform, type LtiPlatformInput } from '@exam/shared';
import type { Db } from '../../db';
import { Errors } from '../../errors';
import type { PlatformRow } from './platforms';
import { forgetFramingOrigins } from './framing';

/**
 * The admins' list of LMS platforms: add, change, deactivate and delete. A platform is its issuer
 * and client id together (Canvas Cloud gives every school the issuer https://canvas.instructure.com),
 * so a second registration of the same pair is refused with a 409 that says so. Deleting a platform
 * deletes what hangs on it (its people's LMS identities, its exam links and their grade posts);
 * deactivating keeps all that and refuses its launches.
 */
export function presentPlatform(row: PlatformRow): LtiPlatform {
  return {
    id: row.id,
    name: row.name,
    issuer: row.issuer,
    clientId: row.client_id,
    deploymentIds: row.deployment_ids,
    authLoginUrl: row.auth_login_url,
    authTokenUrl: row.auth_token_url,
    authTokenAudience: row.auth_token_audience,
    keysetUrl: row.keyset_url,
    active: row.active,
    registeredBy: row.registered_by,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function columns(input: LtiPlatformInput) {
  return {
    name: input.name,
    issuer: input.issuer,
    client_id: input.clientId,
    // jsonb: an array given as is would be sent as a PostgreSQL array.
    deployment_ids: JSON.stringify(input.deploymentIds),
    auth_login_url: input.authLoginUrl,
    auth_token_url: input.authTokenUrl,
    auth_token_audience: input.authTokenAudience,
    keyset_url: input.keysetUrl,
    active: input.active,
  };
}

/** The unique index on (issuer, client_id) decides, so two admins adding the same pair at once get one row. */
async function unlessDuplicate<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if ((err as { code?: unknown }).code === '23505') throw Errors.conflict(LTI_MSG.platformExists, 'clientId');
    throw err;
  }
}

export async function listPlatforms(db: Db): Promise<LtiPlatform[]> {
  const rows = (await db('lti_platforms').orderBy([{ column: 'name' }, { column: 'created_at' }])) as PlatformRow[];
  return rows.map(presentPlatform);
}

/**
 * Registers a platform. Dynamic Registration may store one whose deployment the LMS has not named
 * yet (an empty list); an admin adds it by editing the platform.
 */
export async function createPlatform(db: Db, input: LtiPlatformInput, registeredBy: PlatformRow['registered_by'] = 'manual'): Promise<LtiPlatform> {
  const [row] = (await unlessDuplicate(
    db('lti_platforms')
      .insert({ ...columns(input), registered_by: registeredBy })
      .returning('*'),
  )) as PlatformRow[];
  // Its course pages may frame the app at once on this node (others within FRAMING_CACHE_MS).
  forgetFramingOrigins(db);
  return presentPlatform(row!);
}

/** Changes every value an admin entered; how it was registered stays as it was. */
export async function updatePlatform(db: Db, id: string, input: LtiPlatformInput): Promise<LtiPlatform> {
  const [row] = (await unlessDuplicate(
    db('lti_platforms')
      .where({ id })
      .update({ ...columns(input), updated_at: db.fn.now() })
      .returning('*'),
  )) as PlatformRow[];
  if (!row) throw Errors.notFound(LTI_MSG.platformNotFound);
  forgetFramingOrigins(db);
  return presentPlatform(row);
}

export async function deletePlatform(db: Db, id: string): Promise<void> {
  if (!(await db('lti_platforms').where({ id }).delete())) throw Errors.notFound(LTI_MSG.platformNotFound);
  forgetFramingOrigins(db);
}
