import { randomBytes } from 'node:crypto';
import type { JWTPayload } from 'jose';
import type { Knex } from 'knex';
import { LTI_SCOPES } from '@exam/shared';
import type { FakeLms, FakeRequest, FakeResponse } from './index';
import { platformRow } from './platform';

/**
 * The fake LMS's LTI Advantage services, as a course in it offers them to the tool: the token
 * endpoint (client credentials with the tool's signed assertion), the course's roster (Names and
 * Role Provisioning) in pages, and its gradebook (Assignment and Grade Services: line items and
 * scores). It records what the tool sent, and can be told to refuse the next score posts.
 */

export interface LmsMember {
  user_id: string;
  roles: string[];
  /** Absent means Active, as the specification says. */
  status?: 'Active' | 'Inactive' | 'Deleted';
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
}

export interface LmsLineItem {
  id: string;
  label: string;
  scoreMaximum: number;
  resourceId?: string;
  resourceLinkId?: string;
}

export interface ReceivedScore {
  lineItem: string;
  contentType: string | undefined;
  score: Record<string, unknown>;
}

export interface TokenRequest {
  form: URLSearchParams;
  /** The verified client assertion, or why it was refused. */
  assertion?: JWTPayload;
  refused?: string;
}

export interface FakeLmsServices {
  /** The course's roster, as the next request reads it. */
  members: LmsMember[];
  pageSize: number;
  membershipsUrl: string;
  lineitemsUrl: string;
  lineItems: LmsLineItem[];
  scores: ReceivedScore[];
  tokenRequests: TokenRequest[];
  /** Each page of the roster asked for, by its URL. */
  rosterPages: string[];
  /** The next `n` score posts are answered with `status` (and recorded nowhere). */
  failNextScores(n: number, status?: number): void;
  /** A line item the LMS made itself (the declarative model: the activity came with a gradebook column). */
  declareLineItem(item: Omit<LmsLineItem, 'id'>): LmsLineItem;
}

const MEDIA = {
  members: 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
  lineItem: 'application/vnd.ims.lis.v2.lineitem+json',
  lineItems: 'application/vnd.ims.lis.v2.lineitemcontainer+json',
  score: 'application/vnd.ims.lis.v1.score+json',
};

const COURSE = '/courses/1';

export function addLmsServices(lms: FakeLms, opts: { members?: LmsMember[]; pageSize?: number } = {}): FakeLmsServices {
  const tokens = new Map<string, string[]>();
  const usedJti = new Set<string>();
  let failing = { n: 0, status: 503 };

  const bearer = (req: FakeRequest, scope: string): FakeResponse | undefined => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const scopes = token ? tokens.get(token) : undefined;
    if (!scopes) return { status: 401, body: { error: 'invalid_token' } };
    if (!scopes.includes(scope)) return { status: 403, body: { error: 'insufficient_scope' } };
    return undefined;
  };

  const services: FakeLmsServices = {
    members: opts.members ?? [],
    pageSize: opts.pageSize ?? 2,
    membershipsUrl: `${lms.url}${COURSE}/memberships`,
    lineitemsUrl: `${lms.url}${COURSE}/lineitems`,
    lineItems: [],
    scores: [],
    tokenRequests: [],
    rosterPages: [],
    failNextScores(n, status = 503) {
      failing = { n, status };
    },
    declareLineItem(item) {
      const n = services.lineItems.length + 1;
      // Moodle's line item URLs carry a query string: the tool must put /scores in the path, before it.
      const path = `${COURSE}/lineitems/${n}/lineitem`;
      const created = { ...item, id: `${lms.url}${path}?type_id=1` };
      services.lineItems.push(created);
      lms.route('POST', `${path}/scores`, (req) => {
        const refused = bearer(req, LTI_SCOPES.score);
        if (refused) return refused;
        if (failing.n > 0) {
          failing.n--;
          return { status: failing.status, body: { error: 'gradebook unavailable' } };
        }
        services.scores.push({ lineItem: created.id, contentType: req.headers['content-type'], score: JSON.parse(req.text) as Record<string, unknown> });
        return { status: 204 };
      });
      return created;
    },
  };

  // The client credentials grant with a JWT client assertion (LTI Security Framework, 4.1).
  lms.route('POST', '/token', async (req) => {
    const record: TokenRequest = { form: req.form };
    services.tokenRequests.push(record);
    const refuse = (why: string): FakeResponse => {
      record.refused = why;
      return { status: 401, body: { error: 'invalid_client', error_description: why } };
    };
    if (req.form.get('grant_type') !== 'client_credentials') return refuse('grant_type');
    if (req.form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer') return refuse('client_assertion_type');
    try {
      record.assertion = await lms.verifyFromTool(req.form.get('client_assertion') ?? '', `${lms.url}/token`);
    } catch (err) {
      return refuse(String(err));
    }
    const { iss, sub, jti } = record.assertion;
    if (iss !== lms.clientId || sub !== lms.clientId) return refuse('iss and sub must be the client id');
    if (!jti || usedJti.has(jti)) return refuse('jti missing or reused');
    usedJti.add(jti);
    const scopes = (req.form.get('scope') ?? '').split(' ').filter(Boolean);
    const token = randomBytes(16).toString('hex');
    tokens.set(token, scopes);
    return { body: { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: scopes.join(' ') } };
  });

  lms.route('GET', `${COURSE}/memberships`, (req) => {
    const refused = bearer(req, LTI_SCOPES.memberships);
    if (refused) return refused;
    if (req.headers.accept !== MEDIA.members) return { status: 406, body: { error: 'not acceptable' } };
    const page = Number(req.query.get('page') ?? '1');
    services.rosterPages.push(`${req.path}?page=${page}`);
    const from = (page - 1) * services.pageSize;
    const members = services.members.slice(from, from + services.pageSize);
    const more = from + services.pageSize < services.members.length;
    return {
      headers: { 'content-type': MEDIA.members, ...(more ? { link: `<${services.membershipsUrl}?page=${page + 1}>; rel="next"` } : {}) },
      body: { id: `${services.membershipsUrl}?page=${page}`, context: { id: 'course-1', label: 'PHY', title: 'Physics 10B' }, members },
    };
  });

  lms.route('GET', `${COURSE}/lineitems`, (req) => {
    const refused = bearer(req, LTI_SCOPES.lineItem);
    if (refused) return refused;
    const resourceId = req.query.get('resource_id');
    const resourceLinkId = req.query.get('resource_link_id');
    const found = services.lineItems.filter((i) => (!resourceId || i.resourceId === resourceId) && (!resourceLinkId || i.resourceLinkId === resourceLinkId));
    return { headers: { 'content-type': MEDIA.lineItems }, body: found };
  });

  lms.route('POST', `${COURSE}/lineitems`, (req) => {
    const refused = bearer(req, LTI_SCOPES.lineItem);
    if (refused) return refused;
    if (req.headers['content-type'] !== MEDIA.lineItem) return { status: 415, body: { error: 'unsupported media type' } };
    const item = JSON.parse(req.text) as Omit<LmsLineItem, 'id'>;
    return { status: 201, headers: { 'content-type': MEDIA.lineItem }, body: services.declareLineItem(item) };
  });

  return services;
}

/**
 * A course link as a launch leaves it (lti_links): the fake LMS registered as a platform, and one
 * of its course's activities opening `examId`, with the course's roster and gradebook services.
 * `lineItem`: the gradebook column the LMS declared with the activity; without, the tool makes one.
 */
export async function linkCourse(
  db: Knex,
  lms: FakeLms,
  services: FakeLmsServices,
  examId: string,
  opts: { lineItem?: string } = {},
): Promise<{ platformId: string; linkId: string }> {
  const [{ id: platformId }] = (await db('lti_platforms').insert(platformRow(lms)).returning('id')) as [{ id: string }];
  const [link] = (await db('lti_links')
    .insert({
      platform_id: platformId,
      deployment_id: lms.deploymentId,
      resource_link_id: `activity-${randomBytes(4).toString('hex')}`,
      context_id: 'course-1',
      context_title: 'Physics 10B',
      exam_id: examId,
      lineitem_url: opts.lineItem ?? null,
      lineitems_url: services.lineitemsUrl,
      ags_scopes: JSON.stringify([LTI_SCOPES.lineItem, LTI_SCOPES.score, LTI_SCOPES.resultReadonly]),
      memberships_url: services.membershipsUrl,
    })
    .returning('id')) as { id: string }[];
  return { platformId, linkId: link!.id };
}

/** A student of the course, as a launch leaves them: linked to their LMS identity and a member of the link. */
export async function enrol(db: Knex, platformId: string, linkId: string, userId: string, sub = `lms-user-${randomBytes(4).toString('hex')}`): Promise<string> {
  await db('lti_users').insert({ platform_id: platformId, sub, user_id: userId }).onConflict(['platform_id', 'sub']).ignore();
  await db('lti_link_members').insert({ link_id: linkId, user_id: userId, sub, role: 'Learner', status: 'Active' });
  return sub;
}
