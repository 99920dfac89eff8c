import { createRemoteJWKSet } from 'jose';
import type { PlatformRow } from './platforms';

type RemoteKeys = ReturnType<typeof createRemoteJWKSet>;

/**
 * Each platform's public keys, fetched from its keyset URL and kept (jose caches the set for ten
 * minutes, and fetches it again at once, at most every 30 s, when a token names a `kid` it does
 * not hold: that is how a platform's key rotation reaches us). One set per platform and URL, so
 * an admin changing the URL takes effect at the next launch.
 */
const keysets = new Map<string, { url: string; keys: RemoteKeys }>();

export function platformKeys(platform: Pick<PlatformRow, 'id' | 'keyset_url'>): RemoteKeys {
  const known = keysets.get(platform.id);
  if (known?.url === platform.keyset_url) return known.keys;
  const keys = createRemoteJWKSet(new URL(platform.keyset_url), { timeoutDuration: 5000 });
  keysets.set(platform.id, { url: platform.keyset_url, keys });
  return keys;
}
