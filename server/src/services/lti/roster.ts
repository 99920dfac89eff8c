import { LTI_MSG, LTI_SCOPES, type LtiExamLink } from '@exam/shared';
import type { Deps } from '../../deps';
import { Errors } from '../../errors';
import type { Viewer } from '../../policies';
import { sitsExams } from '../../policies/people';
import { getExamFor } from '../exams';
import { linkViews } from './gradeSyncViews';
import { roleNames, teachesInLms, userForLtiPerson } from './identity';
import { platformById, type PlatformRow } from './platforms';
import { callLms, LmsError } from './serviceToken';

/**
 * The course's students become the exam's students (LTI Names and Role Provisioning Services).
 * A link's roster is read from the LMS, every page of it; each active Learner gets an account
 * linked to their LMS identity (the one a launch signs them in to), a place on the exam's list and
 * a membership of the link (whose scores go back through it). One who left the course, or is
 * inactive in it, leaves the exam's list again, but only if the tool put them there: a student a
 * teacher listed by hand stays. The link keeps when its roster was last read and what went wrong.
 */

const MEMBERSHIPS = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
/** A launch reads the roster again at most this often per link (every student's launch asks). */
export const ROSTER_MIN_INTERVAL_S = 60;
/** A roster is read at most this many pages: an LMS whose next link loops must not hold us for ever. */
const MAX_PAGES = 500;

/** One member of the course, as the LMS lists them (NRPS 2.0). */
export interface RosterMember {
  user_id: string;
  roles?: string[];
  /** Absent means Active. */
  status?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
}

interface RosterLink {
  id: string;
  platform_id: string;
  exam_id: string;
  memberships_url: string | null;
}

/** A student of the course: a Learner who does not also teach it (a teaching assistant listed as both). */
export const isLearner = (roles: string[] = []) => roleNames(roles).includes('Learner') && !teachesInLms(roles);

/** The `next` page of a Link header (RFC 8288), if any. */
export function nextPage(link: string | null, base: string): string | undefined {
  for (const part of (link ?? '').split(',')) {
    const m = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (m && /(^|;)\s*rel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?\s*(;|$)/i.test(m[2]!)) return new URL(m[1]!, base).toString();
  }
  return undefined;
}

/** Every member of the course, page after page. */
async function readRoster(deps: Deps, platform: PlatformRow, url: string): Promise<RosterMember[]> {
  const members: RosterMember[] = [];
  const seen = new Set<string>();
  for (let page: string | undefined = url; page && !seen.has(page) && seen.size < MAX_PAGES;) {
    seen.add(page);
    const res = await callLms(deps, platform, [LTI_SCOPES.memberships], page, { accept: MEMBERSHIPS, what: 'Roster request' });
    const body = (await res.json().catch(() => undefined)) as { members?: unknown } | undefined;
    if (!body || !Array.isArray(body.members)) throw new LmsError('Roster request: the LMS answered without a members list');
    for (const m of body.members as RosterMember[]) if (m && typeof m.user_id === 'string' && m.user_id) members.push(m);
    page = nextPage(res.headers.get('link'), page);
  }
  return members;
}

/**
 * Puts the course's active Learners on the exam (accounts made or found by their LMS identity) and
 * takes off those the roster put there who are gone. One transaction for the lists, so a failure
 * halfway leaves the exam's students as they were.
 */
async function applyRoster(deps: Deps, platform: PlatformRow, link: RosterLink, members: RosterMember[]): Promise<void> {
  const exam = (await deps.db('exams').where({ id: link.exam_id }).first('grade')) as { grade: number };
  const learners = new Map<string, string>();
  for (const m of members) {
    if ((m.status ?? 'Active') !== 'Active' || !isLearner(m.roles)) continue;
    const person = { sub: m.user_id, name: m.name, givenName: m.given_name, familyName: m.family_name, email: m.email, roles: m.roles ?? [] };
    const user = await userForLtiPerson(deps, platform, person, { grade: exam.grade });
    // An account here that is not a student's (linked to a teacher before) is never put on an exam's list.
    if (sitsExams(user.role)) learners.set(user.id, m.user_id);
  }
  await deps.db.transaction(async (trx) => {
    const ids = [...learners.keys()];
    const listed = ids.length
      ? ((await trx('exam_eligible_students')
          .insert(ids.map((student_id) => ({ exam_id: link.exam_id, student_id })))
          .onConflict(['exam_id', 'student_id'])
          .ignore()
          .returning('student_id')) as { student_id: string }[])
      : [];
    const newlyListed = new Set(listed.map((r) => r.student_id));
    if (learners.size) {
      await trx('lti_link_members')
        .insert([...learners].map(([user_id, sub]) => ({ link_id: link.id, user_id, sub, role: 'Learner', status: 'Active', listed: newlyListed.has(user_id) })))
        .onConflict(['link_id', 'user_id'])
        // Once the tool listed them it stays the one that did; a hand-listed student stays hand-listed.
        .merge({ sub: trx.raw('excluded.sub'), role: 'Learner', status: 'Active', listed: trx.raw('lti_link_members.listed or excluded.listed'), updated_at: trx.fn.now() });
    }
    const gone = trx('lti_link_members').where({ link_id: link.id, role: 'Learner' }).whereNotIn('user_id', ids);
    const unlist = ((await gone.clone().where({ listed: true }).select('user_id')) as { user_id: string }[]).map((g) => g.user_id);
    await gone.update({ status: 'Inactive', listed: false, updated_at: trx.fn.now() });
    if (!unlist.length) return;
    // Still in another course this exam is linked to: they stay, and that link now answers for them.
    const kept = (await trx('lti_link_members')
      .whereIn('link_id', trx('lti_links').where({ exam_id: link.exam_id }).whereNot({ id: link.id }).select('id'))
      .whereIn('user_id', unlist)
      .where({ status: 'Active', role: 'Learner' })
      .update({ listed: true })
      .returning('user_id')) as { user_id: string }[];
    const stay = new Set(kept.map((k) => k.user_id));
    const leave = unlist.filter((id) => !stay.has(id));
    if (leave.length) await trx('exam_eligible_students').where({ exam_id: link.exam_id }).whereIn('student_id', leave).delete();
  });
}

/**
 * Reads the link's roster and applies it, recording the outcome on the link (when, and what went
 * wrong if anything). An LMS's failure is recorded, not thrown: the exam's students stay as they were.
 */
export async function syncRoster(deps: Deps, linkId: string): Promise<void> {
  const link = (await deps.db('lti_links').where({ id: linkId }).first('id', 'platform_id', 'exam_id', 'memberships_url')) as RosterLink | undefined;
  if (!link) throw Errors.notFound(LTI_MSG.rosterLinkNotFound);
  if (!link.memberships_url) throw Errors.conflict(LTI_MSG.rosterNoService);
  let error: string | null = null;
  try {
    const platform = await platformById(deps.db, link.platform_id);
    if (!platform?.active) throw new LmsError('The LMS platform of this link is no longer active');
    await applyRoster(deps, platform, link, await readRoster(deps, platform, link.memberships_url));
  } catch (err) {
    if (!(err instanceof LmsError)) deps.log.error({ err, linkId }, 'roster sync failed');
    error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
  }
  await deps.db('lti_links').where({ id: linkId }).update({ roster_synced_at: deps.db.fn.now(), roster_error: error, updated_at: deps.db.fn.now() });
}

/** A link by its id, or as a launch names it: its platform, deployment and resource link. */
export type LinkKey = string | { platformId: string; deploymentId: string; resourceLinkId: string };

/**
 * What a launch calls: reads the link's roster unless it was read in the last minute (on any
 * node: the claim is a conditional update of the link), without the caller waiting for it or ever
 * hearing of its failure (kept on the link, and logged). Resolves when the sync is done.
 */
export function syncRosterInBackground(deps: Deps, link: LinkKey): Promise<void> {
  const where = typeof link === 'string' ? { id: link } : { platform_id: link.platformId, deployment_id: link.deploymentId, resource_link_id: link.resourceLinkId };
  return (async () => {
    const claimed = (await deps
      .db('lti_links')
      .where(where)
      .whereNotNull('memberships_url')
      .where((q) => q.whereNull('roster_synced_at').orWhereRaw('roster_synced_at < now() - make_interval(secs => ?)', [ROSTER_MIN_INTERVAL_S]))
      .update({ roster_synced_at: deps.db.fn.now() })
      .returning('id')) as { id: string }[];
    if (claimed[0]) await syncRoster(deps, claimed[0].id);
  })().catch((err: unknown) => {
    if (!deps.dbOutage.failed(err)) deps.log.error({ err, link }, 'roster sync failed');
  });
}

/** POST /lti/links/:linkId/roster-sync: the exam's owner (or an admin) reads the roster now, whenever it was last read. */
export async function syncRosterNow(deps: Deps, viewer: Viewer, linkId: string): Promise<LtiExamLink> {
  const link = (await deps.db('lti_links').where({ id: linkId }).first('exam_id')) as { exam_id: string } | undefined;
  if (!link) throw Errors.notFound(LTI_MSG.rosterLinkNotFound);
  await getExamFor(deps.db, viewer, link.exam_id, 'update');
  await syncRoster(deps, linkId);
  return (await linkViews(deps.db, { linkId }))[0]!;
}
