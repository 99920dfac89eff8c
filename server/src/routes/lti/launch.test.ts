import { generateKeyPair, SignJWT, UnsecuredJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LTI_MSG } from '@exam/shared';
import { buildExam, buildUser } from '../../test/factories';
import { startFakeLms, type FakeLms } from '../../test/fakeLms';
import { addPlatformRoutes, platformRow, resourceLinkClaims, runLaunch, type FakePlatform } from '../../test/fakeLms/platform';
import { startTestServer, type TestServer } from '../../test/harness';

/**
 * The OIDC login and the launch (docs/lti.md "Launch: signing in from the LMS"), against a fake
 * LMS on loopback with its own keys: a good launch signs the student in and opens the exam; every
 * launch the specification says to refuse gets its own message, a 4xx, and leaves no session, no
 * account and no ticket behind.
 */
let server: TestServer;
let lms: FakeLms;
let platform: FakePlatform;
let examId: string;
let hints = 0;

const LEARNER = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner';
const INSTRUCTOR = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';

beforeAll(async () => {
  server = await startTestServer();
  // The tool's public address is where the test reaches it (target_link_uri must be on it).
  server.deps.config.publicUrl = server.url;
  lms = await startFakeLms();
  platform = addPlatformRoutes(lms, server.url);
  const [row] = (await server.deps.db('lti_platforms').insert(platformRow(lms)).returning('id')) as { id: string }[];
  // The exam's teacher came from this LMS before (their deep-linking launch linked them).
  const teacher = await buildUser(server.deps, { role: 'teacher' });
  await server.deps.db('lti_users').insert({ platform_id: row!.id, sub: 'teacher-sub', user_id: teacher.id });
  const listed = await buildUser(server.deps, { role: 'student' });
  examId = (await buildExam(server.deps, teacher.id, { eligible: [listed.id] })).id;
});

afterAll(async () => {
  await lms?.stop();
  await server?.stop();
});

/** Prepares a launch under a fresh hint; `claims` on top of a student's launch of the exam. */
function prepare(claims: JWTPayload = {}, sign?: Parameters<FakeLms['sign']>[1]): string {
  const hint = `hint-${++hints}`;
  platform.prepare(hint, platform.signed({ ...resourceLinkClaims(lms, { examId }), ...claims }, sign));
  return hint;
}

/** What a refused launch must not leave: counts of users, sessions and tickets. */
async function footprint() {
  const count = async (table: string) => Number(((await server.deps.db(table).count({ n: '*' })) as { n: string }[])[0]!.n);
  return { users: await count('users'), sessions: await count('sessions'), tickets: await count('lti_launch_tickets') };
}

describe('a launch from the LMS', () => {
  it('signs a student in and opens the exam: a new account in the exam’s grade, on its students, linked to the course', async () => {
    const sub = 'student-ada';
    const hint = prepare({ sub, email: 'ada@lms.example', [`https://purl.imsglobal.org/spec/lti/claim/roles`]: [LEARNER] });
    const run = await runLaunch(server.url, platform, hint);
    expect(run.launch?.status).toBe(303);
    expect(run.ticket).toBeTruthy();
    // The platform was asked exactly as the specification says.
    const auth = platform.authRequests.at(-1)!;
    expect(Object.fromEntries(['scope', 'response_type', 'response_mode', 'prompt', 'client_id', 'redirect_uri', 'login_hint', 'lti_message_hint'].map((k) => [k, auth.get(k)]))).toEqual({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: lms.clientId,
      redirect_uri: `${server.url}/api/lti/launch`,
      login_hint: 'lms-user-1',
      lti_message_hint: hint,
    });

    const session = await server.api('POST', '/lti/session', { ticket: run.ticket });
    expect(session.status).toBe(200);
    expect(session.body.data.target).toEqual({ kind: 'exam', examId });
    expect(session.body.data.user).toMatchObject({ role: 'student', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@lms.example', grade: 10 });
    const token = session.body.data.accessToken as string;

    // The exam is theirs to sit: listed on its students, and it starts.
    const exam = await server.api('GET', `/exams/${examId}`, undefined, { token });
    expect(exam.status).toBe(200);
    const started = await server.api('POST', `/exams/${examId}/start`, undefined, { token });
    expect(started.status).toBe(201);

    const members = await server.deps.db('lti_link_members as m').join('lti_links as l', 'l.id', 'm.link_id').where({ 'l.exam_id': examId, 'm.sub': sub }).select('m.role', 'm.listed', 'l.context_title');
    expect(members).toEqual([{ role: 'Learner', listed: true, context_title: 'Physics 10B' }]);
  });

  it('makes an Instructor a teacher, who opens the exam’s page', async () => {
    const hint = prepare({ sub: 'instructor-grace', name: 'Grace Hopper', given_name: 'Grace', family_name: 'Hopper', [`https://purl.imsglobal.org/spec/lti/claim/roles`]: [INSTRUCTOR] });
    const run = await runLaunch(server.url, platform, hint);
    const session = await server.api('POST', '/lti/session', { ticket: run.ticket });
    expect(session.body.data.user).toMatchObject({ role: 'teacher', firstName: 'Grace', lastName: 'Hopper' });
    expect(session.body.data.target).toEqual({ kind: 'exam', examId });
  });

  it('signs the same person in to the same account next time, with the name the LMS gives now', async () => {
    const first = await runLaunch(server.url, platform, prepare({ sub: 'student-same', name: 'Sam Old', given_name: 'Sam', family_name: 'Old' }));
    const a = await server.api('POST', '/lti/session', { ticket: first.ticket });
    const second = await runLaunch(server.url, platform, prepare({ sub: 'student-same', name: 'Sam New', given_name: 'Sam', family_name: 'New' }));
    const b = await server.api('POST', '/lti/session', { ticket: second.ticket });
    expect(b.body.data.user._id).toBe(a.body.data.user._id);
    expect(b.body.data.user.lastName).toBe('New');
  });

  it('never takes over an account by the e-mail the LMS sends: the person gets their own account', async () => {
    const staff = await buildUser(server.deps, { role: 'teacher' });
    const run = await runLaunch(server.url, platform, prepare({ sub: 'impostor', email: staff.email, [`https://purl.imsglobal.org/spec/lti/claim/roles`]: [INSTRUCTOR] }));
    const session = await server.api('POST', '/lti/session', { ticket: run.ticket });
    expect(session.body.data.user._id).not.toBe(staff.id);
    expect(session.body.data.user.email).toMatch(/@lms\.invalid$/);
  });

  it('trades a ticket once', async () => {
    const run = await runLaunch(server.url, platform, prepare());
    expect((await server.api('POST', '/lti/session', { ticket: run.ticket })).status).toBe(200);
    const again = await server.api('POST', '/lti/session', { ticket: run.ticket });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(LTI_MSG.launchTicketInvalid);
  });
});

describe('a launch the specification says to refuse', () => {
  /** A fresh RSA key the LMS does not publish. */
  const otherKey = () => generateKeyPair('RS256').then((k) => k.privateKey);

  const refusals: [string, () => Promise<string>, number, string][] = [
    ['an unknown kid', async () => prepare({}, { kid: 'not-published' }), 401, LTI_MSG.launchUnknownKey],
    ['a token signed by another key under the LMS’s kid', async () => prepare({}, { key: await otherKey() }), 401, LTI_MSG.launchBadSignature],
    ['an expired token', async () => prepare({}, { expiresIn: Math.floor(Date.now() / 1000) - 600 }), 401, LTI_MSG.launchExpired],
    ['another audience', async () => prepare({ aud: 'another-tool' }), 401, LTI_MSG.launchWrongAudience],
    ['an audience list whose azp is another tool', async () => prepare({ aud: [lms.clientId, 'another-tool'], azp: 'another-tool' }), 401, LTI_MSG.launchWrongAzp],
    ['another issuer', async () => prepare({ iss: 'https://evil.example' }), 401, LTI_MSG.launchWrongIssuer],
    ['a deployment the platform does not list', async () => prepare({ 'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'deployment-9' }), 403, LTI_MSG.launchDeployment],
    ['LTI version 1.2.0', async () => prepare({ 'https://purl.imsglobal.org/spec/lti/claim/version': '1.2.0' }), 400, LTI_MSG.launchVersion],
    ['no resource link', async () => prepare({ 'https://purl.imsglobal.org/spec/lti/claim/resource_link': undefined }), 400, LTI_MSG.launchNoResourceLink],
    ['no roles', async () => prepare({ 'https://purl.imsglobal.org/spec/lti/claim/roles': undefined }), 400, LTI_MSG.launchNoRoles],
    ['another message type', async () => prepare({ 'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiSubmissionReviewRequest' }), 400, LTI_MSG.launchMessageType],
    [
      'HS256 (signed with a secret anyone could know)',
      async () => {
        const hint = `hint-${++hints}`;
        platform.prepare(hint, (auth) =>
          new SignJWT({ ...resourceLinkClaims(lms, { examId }), iss: lms.issuer, aud: lms.clientId, nonce: auth.get('nonce')! })
            .setProtectedHeader({ alg: 'HS256', kid: lms.kid })
            .setIssuedAt()
            .setExpirationTime('5m')
            .sign(new TextEncoder().encode(lms.clientId.padEnd(32, 'x'))),
        );
        return hint;
      },
      401,
      LTI_MSG.launchAlgorithm,
    ],
    [
      'alg none (no signature at all)',
      async () => {
        const hint = `hint-${++hints}`;
        platform.prepare(hint, (auth) =>
          new UnsecuredJWT({ ...resourceLinkClaims(lms, { examId }), iss: lms.issuer, aud: lms.clientId, nonce: auth.get('nonce')! }).setIssuedAt().setExpirationTime('5m').encode(),
        );
        return hint;
      },
      401,
      LTI_MSG.launchAlgorithm,
    ],
    ['an exam no teacher of this LMS offers', async () => prepare({ 'https://purl.imsglobal.org/spec/lti/claim/custom': { exam_id: (await buildExam(server.deps, (await buildUser(server.deps, { role: 'teacher' })).id)).id } }), 404, LTI_MSG.launchExamNotFound],
  ];

  it.each(refusals)('refuses %s with its own message, and leaves no session, account or ticket', async (_what, make, status, message) => {
    const hint = await make();
    const before = await footprint();
    const run = await runLaunch(server.url, platform, hint);
    expect(run.launch?.status).toBe(status);
    expect(run.launch?.text).toContain(message);
    expect(run.launch?.setCookies.some((c) => c.startsWith('refresh_token'))).toBe(false);
    expect(run.ticket).toBeUndefined();
    const after = await footprint();
    // The exam made for the last case counts its teacher: compare people launched, not factory rows.
    expect(after.sessions).toBe(before.sessions);
    expect(after.tickets).toBe(before.tickets);
    expect(after.users - before.users).toBe(0);
  });

  it('refuses a nonce seen before: a launch token replayed into a new login', async () => {
    let token = '';
    const hint = `hint-${++hints}`;
    platform.prepare(hint, async (auth) => (token = await platform.signed(resourceLinkClaims(lms, { examId }))(auth)));
    const first = await runLaunch(server.url, platform, hint);
    expect(first.launch?.status).toBe(303);
    const replay = `hint-${++hints}`;
    platform.prepare(replay, () => token);
    const before = await footprint();
    const run = await runLaunch(server.url, platform, replay);
    expect(run.launch?.status).toBe(401);
    expect(run.launch?.text).toContain(LTI_MSG.launchNonceReused);
    expect(await footprint()).toEqual(before);
  });

  it('refuses a state whose cookie belongs to another login (a launch posted into this browser), and spends it', async () => {
    const hint = prepare();
    const before = await footprint();
    const run = await runLaunch(server.url, platform, hint, { cookie: 'other' });
    expect(run.launch?.status).toBe(400);
    expect(run.launch?.text).toContain(LTI_MSG.launchStateMismatch);
    expect(await footprint()).toEqual(before);
    const spent = await server.deps.db('lti_login_states').whereNotNull('used_at').count({ n: '*' });
    expect(Number((spent as { n: string }[])[0]!.n)).toBeGreaterThan(0);
  });

  it('offers to open in a new window when the frame lost the state cookie: the same login, at top level', async () => {
    const hint = prepare();
    const before = await footprint();
    const run = await runLaunch(server.url, platform, hint, { cookie: 'drop' });
    expect(run.launch?.status).toBe(401);
    expect(run.launch?.text).toContain('Open in a new window');
    const href = /href="([^"]+)" target="_blank"/.exec(run.launch!.text)![1]!.replace(/&amp;/g, '&');
    expect(await footprint()).toEqual(before);
    // The link starts the login again with the platform's own parameters, and that launch succeeds.
    const again = await runLaunch(server.url, platform, hint, { loginUrl: href });
    expect(again.launch?.status).toBe(303);
    expect(new URL(href).searchParams.get('lti_message_hint')).toBe(hint);
  });

  it('answers a login without login_hint, or for an unknown platform, with a clear 400 page and no state', async () => {
    const states = async () => Number(((await server.deps.db('lti_login_states').count({ n: '*' })) as { n: string }[])[0]!.n);
    const before = await states();
    const noHint = new URL(platform.loginUrl('x'));
    noHint.searchParams.delete('login_hint');
    const a = await fetch(noHint, { redirect: 'manual' });
    expect(a.status).toBe(400);
    expect(a.headers.get('content-type')).toMatch(/text\/html/);
    expect(await a.text()).toContain(LTI_MSG.loginMissingHint);

    const unknown = new URL(platform.loginUrl('x'));
    unknown.searchParams.set('client_id', 'nobody');
    const b = await fetch(unknown, { redirect: 'manual' });
    expect(b.status).toBe(400);
    expect(await b.text()).toContain(LTI_MSG.loginUnknownPlatform);

    const elsewhere = new URL(platform.loginUrl('x'));
    elsewhere.searchParams.set('target_link_uri', 'https://evil.example/api/lti/launch');
    const c = await fetch(elsewhere, { redirect: 'manual' });
    expect(c.status).toBe(400);
    expect(await c.text()).toContain(LTI_MSG.loginWrongTarget);
    expect(await states()).toBe(before);
  });

  it('speaks the reader’s language on a refusal page', async () => {
    const noHint = new URL(platform.loginUrl('x'));
    noHint.searchParams.delete('login_hint');
    const res = await fetch(noHint, { redirect: 'manual', headers: { 'accept-language': 'es' } });
    const html = await res.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('falta login_hint');
  });
});

