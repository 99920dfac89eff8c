import { SignJWT, exportJWK, generateKeyPair, importJWK, type JWK, type JWTPayload } from 'jose';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db';

/**
 * Our own RS256 keys, with which we sign what we send a platform (deep-linking answers, the client
 * assertion of a service token). The newest unretired key signs; every key not yet removed is
 * published at /api/lti/jwks, so a platform that cached yesterday's keyset still checks what was
 * signed before a rotation, and one that fetches afresh finds the new key.
 */
export const LTI_ALG = 'RS256';

interface KeyRow {
  kid: string;
  public_jwk: JWK;
  private_jwk: JWK;
  created_at: Date;
  retired_at: Date | null;
}

async function newKey(db: Db): Promise<KeyRow> {
  const { publicKey, privateKey } = await generateKeyPair(LTI_ALG, { extractable: true, modulusLength: 2048 });
  const kid = randomUUID();
  const row = {
    kid,
    public_jwk: { ...(await exportJWK(publicKey)), kid, alg: LTI_ALG, use: 'sig' },
    private_jwk: { ...(await exportJWK(privateKey)), kid, alg: LTI_ALG },
  };
  await db('lti_keys').insert({ ...row, public_jwk: JSON.stringify(row.public_jwk), private_jwk: JSON.stringify(row.private_jwk) });
  return { ...row, created_at: new Date(), retired_at: null };
}

/** The key that signs now, made on first use (two nodes racing both insert; the newest wins afterwards). */
export async function signingKey(db: Db): Promise<KeyRow> {
  const row = (await db('lti_keys').whereNull('retired_at').orderBy('created_at', 'desc').first()) as KeyRow | undefined;
  return row ?? newKey(db);
}

/** Every published public key: the signing one and those rotated out but not yet removed. */
export async function publishedKeys(db: Db): Promise<{ keys: JWK[] }> {
  await signingKey(db);
  const rows = (await db('lti_keys').orderBy('created_at', 'desc').select('public_jwk')) as Pick<KeyRow, 'public_jwk'>[];
  return { keys: rows.map((r) => r.public_jwk) };
}

/** A new signing key; the previous one stays published (retired) until `removeRetiredKeys`. */
export async function rotateKey(db: Db): Promise<string> {
  await db('lti_keys').whereNull('retired_at').update({ retired_at: db.fn.now() });
  return (await newKey(db)).kid;
}

/** Drops keys retired before `before` (platforms cache keysets for hours, so keep them a while). */
export async function removeRetiredKeys(db: Db, before: Date): Promise<number> {
  return db('lti_keys').whereNotNull('retired_at').where('retired_at', '<', before).delete();
}

/** Signs `payload` with the current key (RS256, `kid` in the header). */
export async function signAsTool(db: Db, payload: JWTPayload, opts: { typ?: string; expiresIn?: string } = {}): Promise<string> {
  const key = await signingKey(db);
  const privateKey = await importJWK(key.private_jwk, LTI_ALG);
  return new SignJWT(payload)
    .setProtectedHeader({ alg: LTI_ALG, kid: key.kid, ...(opts.typ ? { typ: opts.typ } : {}) })
    .setIssuedAt()
    .setExpirationTime(opts.expiresIn ?? '5m')
    .sign(privateKey);
}
