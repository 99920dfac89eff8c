import type { Knex } from 'knex';
import { LTI_MSG, type LtiLaunchTarget } from '@exam/shared';
import { hashOpaqueToken, newOpaqueToken } from '../../auth/opaqueTokens';
import type { Db } from '../../db';
import type { UserRow } from '../../db/userRow';
import type { Deps } from '../../deps';
import { startSession, type IssuedSession } from '../sessions';
import { LaunchRefusal } from './launchChecks';

/**
 * The one-use ticket that turns a launch into a session. The launch answers with a redirect to
 * /lti/start#<ticket>: a fragment never reaches a server log or a Referer, and the page trades it
 * at once (POST /api/lti/session) for the usual access token and refresh cookie. Only its hash is
 * stored, and it lasts two minutes.
 */
export const TICKET_TTL_MS = 2 * 60_000;

/** A deep-linking request as kept server-side, bound to the session its ticket opens (`sessionId`, set then). */
export interface DeepLinkingTarget {
  kind: 'deepLinking';
  platformId: string;
  deploymentId: string;
  returnUrl: string;
  acceptMultiple: boolean;
  data?: string;
  sessionId?: string;
  respondedAt?: string;
}

export type TicketTarget = { kind: 'exam'; examId: string } | DeepLinkingTarget;

export async function issueTicket(db: Db | Knex.Transaction, userId: string, target: TicketTarget): Promise<string> {
  const { token, hash } = newOpaqueToken();
  await db('lti_launch_tickets').insert({ token_hash: hash, user_id: userId, target: JSON.stringify(target), expires_at: new Date(Date.now() + TICKET_TTL_MS) });
  return token;
}

/** What the browser is told to open: the exam, or the picker (whose settings stay here). */
const publicTarget = (target: TicketTarget): LtiLaunchTarget => (target.kind === 'exam' ? { kind: 'exam', examId: target.examId } : { kind: 'deepLinking' });

/** Spends the ticket and starts the session of its user; refused when unknown, used, expired, or the account was deactivated since. */
export async function redeemTicket(
  deps: Deps,
  ticket: string,
  meta: { ip?: string; userAgent?: string },
): Promise<{ user: UserRow; session: IssuedSession; target: LtiLaunchTarget }> {
  return deps.db.transaction(async (trx) => {
    const [row] = (await trx('lti_launch_tickets')
      .where({ token_hash: hashOpaqueToken(ticket) })
      .whereNull('used_at')
      .where('expires_at', '>', trx.fn.now())
      .update({ used_at: trx.fn.now() })
      .returning(['token_hash', 'user_id', 'target'])) as { token_hash: string; user_id: string; target: TicketTarget }[];
    if (!row) throw new LaunchRefusal(400, LTI_MSG.launchTicketInvalid);
    const [user] = (await trx('users').where({ id: row.user_id }).update({ last_login: trx.fn.now() }).returning('*')) as UserRow[];
    if (!user?.is_active) throw new LaunchRefusal(403, LTI_MSG.launchAccountInactive);
    const session = await startSession(deps, trx, user, meta);
    if (row.target.kind === 'deepLinking') {
      await trx('lti_launch_tickets').where({ token_hash: row.token_hash }).update({ target: JSON.stringify({ ...row.target, sessionId: session.sessionId }) });
    }
    return { user, session, target: publicTarget(row.target) };
  });
}
