import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { LTI_MSG, type LtiDeepLinkExam, type LtiDeepLinkingAnswer, type LtiDeepLinkingContext } from '@exam/shared';
import type { Db } from '../../db';
import type { Deps } from '../../deps';
import { Errors } from '../../errors';
import { scopeExams } from '../../policies/exams';
import type { ExamRow } from '../../presenters/exam';
import type { UserRow } from '../../db/userRow';
import { teachesSubject } from '../../policies/people';
import { login } from '../accounts';
import { endSessions, type Authenticated, type IssuedSession } from '../sessions';
import { selectExams } from '../examCatalogue';
import { getExamFor } from '../exams';
import { loadViewer } from '../viewer';
import { signAsTool } from './keys';
import { CLAIM, DEEP_LINKING_RESPONSE, LTI_VERSION } from './launchClaims';
import { platformById } from './platforms';
import { toolUrls } from './registrationConfig';
import type { DeepLinkingTarget } from './tickets';

/**
 * Deep Linking (1EdTech LTI Deep Linking 2.0): a teacher adding an activity in the LMS is signed in
 * like any launch and picks one of their exams; the answer is a JWT signed with our key, which
 * the page posts back to the LMS. The request's settings never leave the server: they are kept on
 * the launch's ticket, bound to the session that ticket opened, and answered once.
 */

/** How long after signing in the teacher may pick (an LMS's picker window is left open a while). */
export const DEEP_LINKING_TTL_MS = 60 * 60_000;

/** The session's deep-linking request still waiting for its answer. */
async function pendingRequest(db: Db | Knex.Transaction, authed: Authenticated, lock = false): Promise<{ token_hash: string; target: DeepLinkingTarget }> {
  const q = db('lti_launch_tickets')
    .where({ user_id: authed.user.id })
    .whereRaw("target->>'kind' = 'deepLinking' and target->>'sessionId' = ? and target->>'respondedAt' is null", [authed.sessionId])
    .where('used_at', '>', new Date(Date.now() - DEEP_LINKING_TTL_MS))
    .orderBy('used_at', 'desc')
    .first('token_hash', 'target');
  if (lock) q.forUpdate();
  const row = (await q) as { token_hash: string; target: DeepLinkingTarget } | undefined;
  if (!row) throw Errors.notFound(LTI_MSG.deepLinkingExpired);
  return row;
}

const presentChoice = (row: ExamRow): LtiDeepLinkExam => ({
  id: row.id,
  title: row.title,
  subject: row.subject,
  grade: row.grade,
  totalMarks: row.total_marks,
  startAt: new Date(row.start_at).toISOString(),
  isPublished: row.is_published,
});

/** The picker: which LMS asks, and the exams the teacher owns or shares (newest first). */
export async function deepLinkingContext(deps: Deps, authed: Authenticated): Promise<LtiDeepLinkingContext> {
  const { target } = await pendingRequest(deps.db, authed);
  const platform = await platformById(deps.db, target.platformId);
  if (!platform?.active) throw Errors.notFound(LTI_MSG.platformNotFound);
  const viewer = await loadViewer(deps, authed.user);
  const rows = (await scopeExams(selectExams(deps.db, viewer), viewer, { staffed: true })
    .whereNull('e.archived_at')
    .orderBy('e.start_at', 'desc')
    .limit(500)) as ExamRow[];
  return { platformName: platform.name, exams: rows.map(presentChoice) };
}

/**
 * The LtiDeepLinkingResponse for the chosen exam: one resource link to our launch URL carrying
 * the exam's id (custom `exam_id`, which later launches of the activity open) and a gradebook
 * column of the exam's total marks. Answers the request once.
 */
export async function answerDeepLinking(deps: Deps, authed: Authenticated, examId: string): Promise<LtiDeepLinkingAnswer> {
  const viewer = await loadViewer(deps, authed.user);
  const exam = await getExamFor(deps.db, viewer, examId, 'read');
  return deps.db.transaction(async (trx) => {
    const { token_hash, target } = await pendingRequest(trx, authed, true);
    const platform = await platformById(trx, target.platformId);
    if (!platform?.active) throw Errors.notFound(LTI_MSG.platformNotFound);
    const item = {
      type: 'ltiResourceLink',
      title: exam.title,
      url: toolUrls(deps.config.publicUrl).launch,
      custom: { exam_id: exam.id },
      ...(exam.total_marks > 0 ? { lineItem: { scoreMaximum: exam.total_marks, label: exam.title, resourceId: exam.id } } : {}),
    };
    const jwt = await signAsTool(
      trx,
      {
        iss: platform.client_id,
        aud: platform.issuer,
        nonce: randomBytes(16).toString('base64url'),
        [CLAIM.deploymentId]: target.deploymentId,
        [CLAIM.messageType]: DEEP_LINKING_RESPONSE,
        [CLAIM.version]: LTI_VERSION,
        ...(target.data !== undefined ? { [CLAIM.deepLinkingData]: target.data } : {}),
        [CLAIM.contentItems]: [item],
      },
      { typ: 'JWT' },
    );
    await trx('lti_launch_tickets').where({ token_hash }).update({ target: JSON.stringify({ ...target, respondedAt: new Date().toISOString() }) });
    return { returnUrl: target.returnUrl, jwt };
  });
}

/**
 * A teacher whose exams live in the account they sign in to with a password links it, once, to
 * their LMS identity from the picker: the password is checked as a sign-in is (with its limits),
 * the LMS identity then opens that account (this launch and every later one), the picker's request
 * moves to the new session, and the launch's session ends. Only a teacher's account: whoever holds
 * the LMS identity (its admins too) reaches the linked account, which must not be an admin's. The
 * account the launch made stays, unused.
 */
export async function linkExistingAccount(
  deps: Deps,
  authed: Authenticated,
  credentials: { email: string; password: string; ip: string; userAgent?: string },
): Promise<{ user: UserRow; session: IssuedSession }> {
  const { target } = await pendingRequest(deps.db, authed);
  const signedIn = await login(deps, credentials);
  if (!teachesSubject(signedIn.user.role)) {
    await endSessions(deps, { sessionId: signedIn.session.sessionId }, 'logout');
    throw Errors.forbidden(LTI_MSG.deepLinkingLinkTeachersOnly);
  }
  await relink(deps, authed, target, signedIn).catch(async (err: unknown) => {
    // Nothing moved: the sign-in this started serves nobody.
    await endSessions(deps, { sessionId: signedIn.session.sessionId }, 'logout');
    throw err;
  });
  return signedIn;
}

async function relink(deps: Deps, authed: Authenticated, target: DeepLinkingTarget, signedIn: { user: UserRow; session: IssuedSession }): Promise<void> {
  await deps.db.transaction(async (trx) => {
    const request = await pendingRequest(trx, authed, true);
    const identity = (await trx('lti_users').where({ platform_id: target.platformId, user_id: authed.user.id }).first('sub')) as { sub: string } | undefined;
    if (!identity) throw Errors.notFound(LTI_MSG.deepLinkingExpired);
    await trx('lti_users').where({ platform_id: target.platformId, sub: identity.sub }).update({ user_id: signedIn.user.id, last_launch_at: trx.fn.now() });
    // The courses the launch's account was a member of are the teacher's.
    await trx.raw(
      `insert into lti_link_members (link_id, user_id, sub, role, status, listed, updated_at)
       select link_id, ?, sub, role, status, listed, now() from lti_link_members where user_id = ? and sub = ?
       on conflict (link_id, user_id) do nothing`,
      [signedIn.user.id, authed.user.id, identity.sub],
    );
    await trx('lti_link_members').where({ user_id: authed.user.id, sub: identity.sub }).delete();
    await trx('lti_launch_tickets')
      .where({ token_hash: request.token_hash })
      .update({ user_id: signedIn.user.id, target: JSON.stringify({ ...request.target, sessionId: signedIn.session.sessionId }) });
    await endSessions(deps, { sessionId: authed.sessionId }, 'lti-linked', trx);
  });
}
