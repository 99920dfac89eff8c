import { verifyPassword } from '../auth/passwords';
import type { Deps } from '../deps';
import { createUser, type NewUser } from '../services/accounts';
import { seedDemoExams } from './demoExams';

export const DEMO_PASSWORD = 'password123';

export const DEMO_USERS: NewUser[] = [
  { email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', role: 'admin', password: DEMO_PASSWORD, isVerified: true },
  {
    email: 'teacher@example.com',
    firstName: 'Tom',
    lastName: 'Teacher',
    role: 'teacher',
    password: DEMO_PASSWORD,
    subject: 'mathematics',
    qualification: 'M.Sc. Mathematics, B.Ed.',
    isVerified: true,
  },
  {
    email: 'student@example.com',
    firstName: 'Sam',
    lastName: 'Student',
    role: 'student',
    password: DEMO_PASSWORD,
    grade: 10,
    section: 'A',
    isVerified: true,
  },
  { email: 'parent@example.com', firstName: 'Pat', lastName: 'Parent', role: 'parent', password: DEMO_PASSWORD, isVerified: true },
];

/**
 * Seeds the demo accounts once: a marker row records that the seed ran, so deleting a demo
 * account later does not bring it back on the next start.
 */
export async function seedDemo(deps: Deps): Promise<boolean> {
  return deps.db.transaction(async (trx) => {
    // One seeder at a time when several nodes start together.
    await trx.raw('select pg_advisory_xact_lock(?)', [424242]);
    const done = await trx('seed_runs').where({ name: 'demo' }).first();
    if (done) return false;
    const ids: Record<string, string> = {};
    for (const u of DEMO_USERS) ids[u.email] = (await createUser(trx, u)).id;
    await trx('parent_children').insert({
      parent_id: ids['parent@example.com'],
      child_id: ids['student@example.com'],
      relationship: 'parent',
      // The demo family is linked by the seed itself, not by a request the student has to answer.
      status: 'accepted',
    });
    await seedDemoExams(trx, ids['teacher@example.com']!);
    await trx('seed_runs').insert({ name: 'demo' });
    return true;
  });
}

/**
 * Why a production node must not start, or undefined: an active admin account whose password is
 * still the demo one, which is public (printed by `npm start`, the README and the demo page).
 * A production installation that asked for the demo (SEED_DEMO=true) is a public demo on purpose.
 */
export async function demoPasswordRefusal(deps: Deps): Promise<string | undefined> {
  if (deps.config.env !== 'production' || deps.config.seedDemo) return undefined;
  const admins = (await deps.db('users').where({ role: 'admin', is_active: true }).select('email', 'password_hash')) as {
    email: string;
    password_hash: string;
  }[];
  const exposed: string[] = [];
  for (const a of admins) if (await verifyPassword(a.password_hash, DEMO_PASSWORD)) exposed.push(a.email);
  if (!exposed.length) return undefined;
  return [
    `Refusing to start in production: the admin account${exposed.length > 1 ? 's' : ''} ${exposed.join(', ')} still ${exposed.length > 1 ? 'have' : 'has'} the public demo password.`,
    `Give ${exposed.length > 1 ? 'each' : 'it'} a new password with \`npx tsx scripts/reset-password.ts <e-mail>\` (it prints a new random one; run it where this server runs, with the same environment), then start again.`,
    'Only for a deliberately public demo installation, start with SEED_DEMO=true instead.',
  ].join('\n');
}
