import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ConfigError, loadConfig } from '../server/src/config';
import { hasher, hashPassword } from '../server/src/auth/passwords';
import { createDb } from '../server/src/db';

/*
 * `npx tsx scripts/reset-password.ts <e-mail>`: gives an account a new random password and prints
 * it, signing out its sessions. For an admin locked behind a known (demo) password when the server
 * refuses to start; run it with the server's environment (DATABASE_URL, DATA_DIR), the server stopped
 * when embedded (PGlite's files have one user at a time).
 */
const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error('Usage: npx tsx scripts/reset-password.ts <e-mail>');
  process.exit(2);
}
let config;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
const db = await createDb({ databaseUrl: config.databaseUrl, pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite') });
try {
  const password = randomBytes(12).toString('base64url');
  const hash = await hashPassword(password);
  const updated = await db.transaction(async (trx) => {
    const n = await trx('users').whereRaw('lower(email) = ?', [email]).update({ password_hash: hash, password_changed_at: trx.fn.now(), updated_at: trx.fn.now() });
    if (n) {
      const user = (await trx('users').whereRaw('lower(email) = ?', [email]).first('id')) as { id: string };
      await trx('sessions').where({ user_id: user.id }).whereNull('revoked_at').update({ revoked_at: trx.fn.now(), revoked_reason: 'password-reset' });
    }
    return n;
  });
  if (!updated) {
    console.error(`No account has the e-mail ${email}.`);
    process.exitCode = 1;
  } else {
    console.log(`New password for ${email}: ${password}\nSign in with it and choose your own under Settings → Security.`);
  }
} finally {
  await db.destroy();
  hasher.stop();
}
