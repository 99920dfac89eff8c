import type { Knex } from 'knex';
import { LTI_MSG } from '@exam/shared';
import type { UserRow } from '../../db/userRow';
import type { Deps } from '../../deps';
import { can, type Viewer } from '../../policies';
import { isStaff, sitsExams } from '../../policies/people';
import type { ExamRow } from '../../presenters/exam';
import { isUuid } from '../../uuid';
import { findExam } from '../examCatalogue';
import { teachesInLms, userForLtiPerson } from './identity';
import { checkIdToken, checkStateCookie, LaunchRefusal, spendLoginState, type LaunchMessage } from './launchChecks';
import { DEEP_LINKING_REQUEST } from './launchClaims';
import { relaunchUrl } from './login';
import { platformById, type PlatformRow } from './platforms';
import { syncRosterInBackground } from './roster';
import { issueTicket, type TicketTarget } from './tickets';

type Trx = Knex.Transaction;

/**
 * The exam a resource link opens, if a teacher of this LMS offers it: the exam our deep-linking
 * answer put in the link's custom claim (`exam_id`), else the one stored for the link at an
 * earlier launch. "Offers" is the exam policy's `read` for a teacher linked to this platform (its
 * owner, or one added to its hall): an LMS admin who writes another school's exam id into an
 * activity gets nothing.
 */
async function offeredExam(trx: Trx, platform: PlatformRow, message: LaunchMessage): Promise<ExamRow> {
  const custom = message.custom.exam_id;
  let examId = isUuid(custom) ? custom.toLowerCase() : undefined;
  if (!examId) {
    const stored = (await trx('lti_links')
      .where({ platform_id: platform.id, deployment_id: message.deploymentId, resource_link_id: message.resourceLink!.id })
      .first('exam_id')) as { exam_id: string } | undefined;
    examId = stored?.exam_id;
  }
  const exam = examId ? ((await trx('exams').where({ id: examId }).whereNull('archived_at').first('id', 'owner_id')) as { id: string; owner_id: string } | undefined) : undefined;
  if (exam) {
    const teachers = (await trx('lti_users as lu')
      .join('users as u', 'u.id', 'lu.user_id')
      .where({ 'lu.platform_id': platform.id, 'u.is_active': true })
      .where((w) => w.where('u.id', exam.owner_id).orWhereIn('u.id', trx('exam_staff').where({ exam_id: exam.id }).select('user_id')))
      .select('u.id', 'u.role', 'u.grade')) as Viewer['user'][];
    for (const user of teachers) {
      const viewer: Viewer = { user, children: [] };
      const row = await findExam(trx, viewer, exam.id);
      if (row && can(viewer, 'read', 'exam', { ...row, eligibleIds: row.eligible_ids, viewerStaff: row.viewer_staff })) return row;
    }
  }
  throw new LaunchRefusal(404, LTI_MSG.launchExamNotFound);
}

/**
 * Records the resource link (its course, gradebook and roster endpoints, for grades and the
 * roster), the launcher as a member of its course, and a launching student on the exam's
 * students when the exam lists its students (an exam for a whole grade needs no list: a new
 * student account is made in the exam's grade).
 */
async function recordLink(trx: Trx, platform: PlatformRow, message: LaunchMessage, exam: ExamRow, user: UserRow): Promise<void> {
  const ags = message.ags;
  const [link] = (await trx('lti_links')
    .insert({
      platform_id: platform.id,
      deployment_id: message.deploymentId,
      resource_link_id: message.resourceLink!.id,
      context_id: message.context?.id ?? null,
      context_title: message.context?.title ?? null,
      exam_id: exam.id,
      lineitem_url: ags?.lineitem ?? null,
      lineitems_url: ags?.lineitems ?? null,
      ags_scopes: JSON.stringify(ags?.scopes ?? []),
      memberships_url: message.membershipsUrl ?? null,
    })
    .onConflict(['platform_id', 'deployment_id', 'resource_link_id'])
    .merge({
      exam_id: exam.id,
      // What this launch did not say is kept from an earlier one.
      context_id: trx.raw('coalesce(excluded.context_id, lti_links.context_id)'),
      context_title: trx.raw('coalesce(excluded.context_title, lti_links.context_title)'),
      lineitem_url: trx.raw('coalesce(excluded.lineitem_url, lti_links.lineitem_url)'),
      lineitems_url: trx.raw('coalesce(excluded.lineitems_url, lti_links.lineitems_url)'),
      ags_scopes: ags ? trx.raw('excluded.ags_scopes') : trx.raw('lti_links.ags_scopes'),
      memberships_url: trx.raw('coalesce(excluded.memberships_url, lti_links.memberships_url)'),
      updated_at: trx.fn.now(),
    })
    .returning('id')) as { id: string }[];

  const student = sitsExams(user.role);
  let listedNow = false;
  if (student && exam.eligible_ids.length && !exam.eligible_ids.includes(user.id)) {
    const added = await trx('exam_eligible_students').insert({ exam_id: exam.id, student_id: user.id }).onConflict(['exam_id', 'student_id']).ignore().returning('student_id');
    listedNow = added.length > 0;
  }
  await trx('lti_link_members')
    .insert({ link_id: link!.id, user_id: user.id, sub: message.person.sub, role: student ? 'Learner' : 'Instructor', status: 'Active', listed: listedNow })
    .onConflict(['link_id', 'user_id'])
    .merge({
      sub: message.person.sub,
      role: student ? 'Learner' : 'Instructor',
      status: 'Active',
      // Once the tool listed them it keeps saying so; a student a teacher listed by hand stays theirs.
      listed: trx.raw('lti_link_members.listed or excluded.listed'),
      updated_at: trx.fn.now(),
    });
}

/** Who launched, what they open, and the ticket that signs them in: all or nothing. */
async function admit(deps: Deps, platform: PlatformRow, message: LaunchMessage): Promise<string> {
  const deepLinking = message.messageType === DEEP_LINKING_REQUEST;
  if (deepLinking && !teachesInLms(message.person.roles)) throw new LaunchRefusal(403, LTI_MSG.deepLinkingInstructorsOnly);
  return deps.db.transaction(async (trx) => {
    const exam = deepLinking ? undefined : await offeredExam(trx, platform, message);
    const user = await userForLtiPerson({ db: trx }, platform, message.person, { grade: exam?.grade });
    if (!user.is_active) throw new LaunchRefusal(403, LTI_MSG.launchAccountInactive);
    let target: TicketTarget;
    if (exam) {
      await recordLink(trx, platform, message, exam, user);
      target = { kind: 'exam', examId: exam.id };
    } else {
      // An Instructor whose account here sits exams (made at a Learner launch) picks nothing.
      if (!isStaff(user.role)) throw new LaunchRefusal(403, LTI_MSG.deepLinkingInstructorsOnly);
      const dl = message.deepLinking!;
      target = { kind: 'deepLinking', platformId: platform.id, deploymentId: message.deploymentId, returnUrl: dl.returnUrl, acceptMultiple: dl.acceptMultiple, ...(dl.data ? { data: dl.data } : {}) };
    }
    return issueTicket(trx, user.id, target);
  });
}

export interface LaunchInput {
  idToken?: string;
  state?: string;
  /** The browser's cookie for this login's state, and whether it carries cookies of other logins. */
  stateCookie: { value?: string; otherLogins: boolean };
}

/**
 * Step two of a launch (the platform's form post to /api/lti/launch): every check of
 * launchChecks.ts, then the person's account, the link and a one-use ticket. Resolves to the
 * ticket; a refusal is a LaunchRefusal and leaves no session, user or ticket behind.
 */
export async function completeLaunch(deps: Deps, input: LaunchInput): Promise<{ ticket: string }> {
  const login = await spendLoginState(deps.db, input.state);
  const platform = await platformById(deps.db, login.platform_id);
  if (!platform?.active) throw new LaunchRefusal(400, LTI_MSG.loginUnknownPlatform);
  checkStateCookie(input.state!, input.stateCookie, relaunchUrl(deps.config.publicUrl, login.login_params));
  const message = await checkIdToken(deps.db, platform, input.idToken, login.nonce);
  const ticket = await admit(deps, platform, message);
  // The course's students follow the LMS: its roster is read again (at most once a minute), the launch not waiting.
  if (message.messageType !== DEEP_LINKING_REQUEST) void syncRosterInBackground(deps, { platformId: platform.id, deploymentId: message.deploymentId, resourceLinkId: message.resourceLink!.id });
  return { ticket };
}
