import { PARENT_MSG, type LinkRequest, type LinkStatus, type Relationship } from '@exam/shared';
import type { Deps } from '../deps';
import { Errors } from '../errors';
import type { UserRow } from '../db/userRow';
import { translate } from '../i18n/translator';
import { linkMail } from './mail';
import { notify } from './notifications';
import { consumeOrThrow } from './rateLimits';
import { languageOf } from './settings';
import { grantsFollowing, scopeLinksHeldBy, scopeRequestsFor } from '../policies/parentLinks';

/**
 * Asking for, answering and removing parent links; who may do which is policies/parentLinks.ts.
 */
export interface LinkRow {
  id: string;
  parent_id: string;
  child_id: string;
  relationship: Relationship;
  status: LinkStatus;
  created_at: Date;
  responded_at: Date | null;
  updated_at: Date;
}

/** A declined request can be asked again only after this long, so a student is not pestered. */
export const DECLINE_COOLDOWN_MS = 24 * 3600_000;
/** Where a student reviews their parent requests (the notification's and the e-mail's link). */
export const REQUESTS_PATH = '/parent-requests';

const recentlyDeclined = (link: LinkRow) =>
  link.status === 'declined' && link.responded_at !== null && Date.now() - new Date(link.responded_at).getTime() < DECLINE_COOLDOWN_MS;

const fullName = (u: Pick<UserRow, 'first_name' | 'last_name'>) => `${u.first_name} ${u.last_name}`;

export async function requestChildLink(deps: Deps, parent: UserRow, input: { childEmail: string; relationship: Relationship }): Promise<LinkRow> {
  await consumeOrThrow(deps.limiters.parentLinkRequests, parent.id);
  const child = (await deps.db('users').whereRaw('lower(email) = ?', [input.childEmail]).where({ role: 'student', is_active: true }).first()) as UserRow | undefined;
  if (!child) throw Errors.notFound(PARENT_MSG.noStudent);
  const existing = (await scopeLinksHeldBy(parent, deps.db('parent_children')).where({ child_id: child.id }).first()) as LinkRow | undefined;
  if (existing && grantsFollowing(existing)) throw Errors.conflict(PARENT_MSG.alreadyLinked, 'childEmail');
  if (existing?.status === 'pending') throw Errors.conflict(PARENT_MSG.alreadyRequested, 'childEmail');
  if (existing && recentlyDeclined(existing)) throw Errors.conflict(PARENT_MSG.declinedRecently, 'childEmail');
  const fields = { relationship: input.relationship, status: 'pending', responded_at: null, updated_at: deps.db.fn.now() };
  const [link] = (existing
    ? await deps.db('parent_children').where({ id: existing.id, status: 'declined' }).update({ ...fields, created_at: deps.db.fn.now() }).returning('*')
    : await deps.db('parent_children').insert({ parent_id: parent.id, child_id: child.id, ...fields }).returning('*')) as LinkRow[];
  if (!link) throw Errors.conflict(PARENT_MSG.alreadyRequested, 'childEmail');

  const who = `${fullName(parent)} (${parent.email})`;
  const relationship = { t: `notices:relationships.${input.relationship}` };
  await notify(deps, [child.id], {
    type: 'info',
    title: { key: 'linkRequested.title' },
    message: { key: 'linkRequested.message', values: { who, relationship } },
    actionUrl: REQUESTS_PATH,
    metadata: { linkId: link.id, parentId: parent.id },
  });
  const childLanguage = await languageOf(deps.db, child.id);
  deps.mailer.sendInBackground(
    linkMail({
      to: child.email,
      name: child.first_name,
      language: childLanguage,
      kind: 'linkRequest',
      values: { who, relationship: translate(childLanguage, relationship.t) },
      link: `${deps.config.publicUrl}${REQUESTS_PATH}`,
    }),
  );
  return link;
}

/** A student's requests still waiting for their answer, newest first. */
export async function pendingRequests(deps: Deps, student: UserRow): Promise<LinkRequest[]> {
  const rows = (await scopeRequestsFor(student, deps.db('parent_children as pc'), 'pc')
    .join('users as p', 'p.id', 'pc.parent_id')
    .orderBy('pc.created_at', 'desc')
    .select('pc.id', 'pc.relationship', 'pc.created_at', 'p.id as parent_id', 'p.first_name', 'p.last_name', 'p.email')) as (Pick<LinkRow, 'id' | 'relationship' | 'created_at' | 'parent_id'> & Pick<UserRow, 'first_name' | 'last_name' | 'email'>)[];
  return rows.map((r) => ({
    _id: r.id,
    // Not subject to the parent's showEmail: asking for access to a child's results discloses who
    // asks (a name alone is easy to borrow), as the request e-mail the student received already did.
    parent: { _id: r.parent_id, name: fullName(r), email: r.email },
    relationship: r.relationship,
    requestedAt: new Date(r.created_at).toISOString(),
  }));
}

/** The student's answer to a pending request; the parent is told either way. */
export async function respondToRequest(deps: Deps, student: UserRow, linkId: string, answer: 'accept' | 'decline'): Promise<LinkRow> {
  const status: LinkStatus = answer === 'accept' ? 'accepted' : 'declined';
  const [link] = (await scopeRequestsFor(student, deps.db('parent_children'))
    .where({ id: linkId })
    .update({ status, responded_at: deps.db.fn.now(), updated_at: deps.db.fn.now() })
    .returning('*')) as LinkRow[];
  if (!link) throw Errors.notFound(PARENT_MSG.requestNotFound);
  await notify(deps, [link.parent_id], {
    type: 'info',
    title: { key: answer === 'accept' ? 'linkAccepted.title' : 'linkDeclined.title', values: { name: student.first_name } },
    message: { key: answer === 'accept' ? 'linkAccepted.message' : 'linkDeclined.message', values: { fullName: fullName(student) } },
    actionUrl: '/parent/dashboard',
    metadata: { linkId: link.id, childId: student.id },
  });
  return link;
}

/** Ends a link (or withdraws a request) at once: the very next call or result notification leaves the parent out. */
export async function removeChildLink(deps: Deps, parent: UserRow, childId: string): Promise<void> {
  const link = (await scopeLinksHeldBy(parent, deps.db('parent_children')).where({ child_id: childId }).first()) as LinkRow | undefined;
  if (!link) throw Errors.notFound(PARENT_MSG.childNotFound);
  // A fresh refusal stays on record, or removing it would let the parent ask again at once.
  if (recentlyDeclined(link)) throw Errors.conflict(PARENT_MSG.declinedRecently);
  await deps.db('parent_children').where({ id: link.id }).delete();
}

/** An admin links a parent and a student directly: the link is accepted at once. */
export async function adminLink(deps: Deps, input: { parentId: string; studentId: string; relationship: Relationship }): Promise<LinkRow> {
  const parent = (await deps.db('users').where({ id: input.parentId, role: 'parent' }).first()) as UserRow | undefined;
  if (!parent) throw Errors.notFound(PARENT_MSG.notAParent);
  const student = (await deps.db('users').where({ id: input.studentId, role: 'student' }).first()) as UserRow | undefined;
  if (!student) throw Errors.notFound(PARENT_MSG.notAStudent);
  const [link] = (await deps
    .db('parent_children')
    .insert({ parent_id: parent.id, child_id: student.id, relationship: input.relationship, status: 'accepted', responded_at: deps.db.fn.now() })
    .onConflict(['parent_id', 'child_id'])
    .merge({ relationship: input.relationship, status: 'accepted', responded_at: deps.db.fn.now(), updated_at: deps.db.fn.now() })
    .returning('*')) as LinkRow[];
  await notify(deps, [parent.id], {
    type: 'info',
    title: { key: 'linkedBySchool.title', values: { name: student.first_name } },
    message: { key: 'linkedBySchool.message', values: { fullName: fullName(student) } },
    actionUrl: '/parent/dashboard',
    metadata: { linkId: link!.id, childId: student.id },
  });
  return link!;
}
