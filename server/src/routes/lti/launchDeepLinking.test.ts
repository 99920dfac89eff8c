import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LTI_MSG } from '@exam/shared';
import { buildExam, buildUser } from '../../test/factories';
import { startFakeLms, type FakeLms } from '../../test/fakeLms';
import { addPlatformRoutes, deepLinkingClaims, platformRow, resourceLinkClaims, runLaunch, type FakePlatform } from '../../test/fakeLms/platform';
import { startTestServer, type TestServer } from '../../test/harness';
import type { UserRow } from '../../db/userRow';
import { startSession } from '../../services/sessions';

/**
 * Deep Linking (docs/lti.md "Adding an exam to a course"): an instructor adding an activity signs
 * in like any launch, picks one of their exams, and the LMS receives a JWT signed with our key
 * holding a resource link to that exam; launches of the new activity then open it.
 */
let server: TestServer;
let lms: FakeLms;
let platform: FakePlatform;
let hints = 0;

beforeAll(async () => {
  server = await startTestServer();
  server.deps.config.publicUrl = server.url;
  lms = await startFakeLms();
  platform = addPlatformRoutes(lms, server.url);
  await server.deps.db('lti_platforms').insert(platformRow(lms));
});

afterAll(async () => {
  await lms?.stop();
  await server?.stop();
});

/** An instructor's deep-linking launch, traded for a session: their token and account. */
async function pickerSession(over: Parameters<typeof deepLinkingClaims>[2] = {}) {
  const hint = `dl-${++hints}`;
  platform.prepare(hint, platform.signed(deepLinkingClaims(lms, platform, over)));
  const run = await runLaunch(server.url, platform, hint);
  return { run, session: run.ticket ? await server.api('POST', '/lti/session', { ticket: run.ticket }) : undefined };
}

describe('adding an exam to a course', () => {
  it('lets the instructor pick one of their exams and returns it to the LMS, signed; the new activity then opens it', async () => {
    const { session } = await pickerSession({ sub: 'grace', data: 'csrf-token-from-lms' });
    expect(session?.body.data.target).toEqual({ kind: 'deepLinking' });
    const teacher = session!.body.data.user as { _id: string; role: string };
    expect(teacher.role).toBe('teacher');
    const token = session!.body.data.accessToken as string;
    const mine = await buildExam(server.deps, teacher._id, { title: 'Forces and motion', questions: 3 });
    const others = await buildExam(server.deps, (await buildUser(server.deps, { role: 'teacher' })).id);

    const context = await server.api('GET', '/lti/deep-linking', undefined, { token });
    expect(context.status).toBe(200);
    expect(context.body.data.platformName).toBe('Fake LMS');
    expect(context.body.data.exams.map((e: { id: string }) => e.id)).toEqual([mine.id]);
    expect(context.body.data.exams[0]).toMatchObject({ title: 'Forces and motion', totalMarks: 6 });

    // Someone else's exam is not theirs to offer.
    expect((await server.api('POST', '/lti/deep-linking/response', { examId: others.id }, { token })).status).toBe(403);

    const answer = await server.api('POST', '/lti/deep-linking/response', { examId: mine.id }, { token });
    expect(answer.status).toBe(200);
    expect(answer.body.data.returnUrl).toBe(platform.returnUrl);

    // The page posts the JWT to the LMS, which checks it against our published keys.
    const posted = await fetch(answer.body.data.returnUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ JWT: answer.body.data.jwt }) });
    expect(posted.status).toBe(200);
    const { payload, items } = platform.deepLinkReturns.at(-1)!;
    expect(payload).toMatchObject({
      iss: lms.clientId,
      aud: lms.issuer,
      'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingResponse',
      'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
      'https://purl.imsglobal.org/spec/lti/claim/deployment_id': lms.deploymentId,
      'https://purl.imsglobal.org/spec/lti-dl/claim/data': 'csrf-token-from-lms',
    });
    expect(typeof payload.nonce).toBe('string');
    expect(items).toEqual([
      {
        type: 'ltiResourceLink',
        title: 'Forces and motion',
        url: `${server.url}/api/lti/launch`,
        custom: { exam_id: mine.id },
        lineItem: { scoreMaximum: 6, label: 'Forces and motion', resourceId: mine.id },
      },
    ]);

    // The request is answered once.
    const again = await server.api('POST', '/lti/deep-linking/response', { examId: mine.id }, { token });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(LTI_MSG.deepLinkingExpired);

    // A student launching the new activity (the LMS sends back our custom exam_id) lands on that exam.
    const hint = `rl-${++hints}`;
    platform.prepare(hint, platform.signed(resourceLinkClaims(lms, { examId: (items[0]!.custom as { exam_id: string }).exam_id })));
    const launch = await runLaunch(server.url, platform, hint);
    const student = await server.api('POST', '/lti/session', { ticket: launch.ticket });
    expect(student.body.data.target).toEqual({ kind: 'exam', examId: mine.id });
  });

  it('answers the picker only to the session the deep-linking launch opened', async () => {
    const { session } = await pickerSession();
    const teacher = (await server.deps.db('users').where({ id: session!.body.data.user._id }).first()) as UserRow;
    const mine = await buildExam(server.deps, teacher.id);
    // The same teacher in another session (another browser, another sign-in) has no request to answer.
    const elsewhere = await startSession(server.deps, server.deps.db, teacher, {});
    const token = elsewhere.accessToken;
    const context = await server.api('GET', '/lti/deep-linking', undefined, { token });
    expect(context.status).toBe(404);
    expect(context.body.message).toBe(LTI_MSG.deepLinkingExpired);
    expect((await server.api('POST', '/lti/deep-linking/response', { examId: mine.id }, { token })).status).toBe(404);
    // The launch's own session still may.
    expect((await server.api('GET', '/lti/deep-linking', undefined, { token: session!.body.data.accessToken })).status).toBe(200);
  });

  it('lets a teacher use their existing account: the LMS identity opens it from then on, with its exams', async () => {
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const theirs = await buildExam(server.deps, teacher.id, { title: 'Optics' });
    const { session } = await pickerSession({ sub: 'grace-existing' });
    const launchToken = session!.body.data.accessToken as string;
    expect((await server.api('GET', '/lti/deep-linking', undefined, { token: launchToken })).body.data.exams).toEqual([]);

    const wrong = await server.api('POST', '/lti/deep-linking/account', { email: teacher.email, password: 'not-the-password' }, { token: launchToken });
    expect(wrong.status).toBe(401);
    const linked = await server.api('POST', '/lti/deep-linking/account', { email: teacher.email, password: teacher.password }, { token: launchToken });
    expect(linked.status).toBe(200);
    expect(linked.body.data.user._id).toBe(teacher.id);
    expect(linked.refreshCookie).toBeUndefined();
    expect(linked.headers.getSetCookie().some((c) => c.startsWith('refresh_token_framed=') && /partitioned/i.test(c))).toBe(true);
    // The launch's session is over; the picker goes on in the teacher's own.
    expect((await server.api('GET', '/auth/me', undefined, { token: launchToken })).status).toBe(401);
    const token = linked.body.data.accessToken as string;
    const context = await server.api('GET', '/lti/deep-linking', undefined, { token });
    expect(context.body.data.exams.map((e: { title: string }) => e.title)).toEqual(['Optics']);
    expect((await server.api('POST', '/lti/deep-linking/response', { examId: theirs.id }, { token })).status).toBe(200);

    // The next launch of that LMS identity signs in to the teacher's account directly.
    const next = await pickerSession({ sub: 'grace-existing' });
    expect(next.session!.body.data.user._id).toBe(teacher.id);
  });

  it('links only a teacher’s account to an LMS identity', async () => {
    const student = await buildUser(server.deps, { role: 'student' });
    const { session } = await pickerSession({ sub: 'grace-student' });
    const token = session!.body.data.accessToken as string;
    const refused = await server.api('POST', '/lti/deep-linking/account', { email: student.email, password: student.password }, { token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(LTI_MSG.deepLinkingLinkTeachersOnly);
    // Nothing moved: the launch's session and account go on.
    expect((await server.api('GET', '/lti/deep-linking', undefined, { token })).status).toBe(200);
    const next = await pickerSession({ sub: 'grace-student' });
    expect(next.session!.body.data.user._id).toBe(session!.body.data.user._id);
  });

  it('refuses a deep-linking request from a learner', async () => {
    const { run } = await pickerSession({ roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'] });
    expect(run.launch?.status).toBe(403);
    expect(run.launch?.text).toContain(LTI_MSG.deepLinkingInstructorsOnly);
    expect(run.ticket).toBeUndefined();
  });
});
