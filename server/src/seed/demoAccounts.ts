import type { Deps } from '../deps';
import { DEMO_USERS } from './demo';

/** The seeded demo accounts still active, in the demo page's order. */
export async function activeDemoAccounts(deps: Deps): Promise<{ role: string; email: string }[]> {
  const emails = DEMO_USERS.map((u) => u.email);
  const rows = (await deps.db('users').whereIn('email', emails).where({ is_active: true }).select('email', 'role')) as { email: string; role: string }[];
  const order = new Map(emails.map((e, i) => [e, i]));
  rows.sort((a, b) => order.get(a.email)! - order.get(b.email)!);
  return rows.map((r) => ({ role: r.role, email: r.email }));
}
