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
