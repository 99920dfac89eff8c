import { decodeProtectedHeader } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LTI_SCOPES } from '@exam/shared';
import { buildExam, buildQuestion } from '../../test/factories';
import { startFakeLms, type FakeLms } from '../../test/fakeLms';
import { addLmsServices, enrol, linkCourse } from '../../test/fakeLms/services';
import { startTestServer, type TestServer } from '../../test/harness';
import { flagAttempt, personOf } from '../../test/integrity';
import { MAX_TRIES } from '../../services/lti/gradeSync';
import { clientAssertionClaims } from '../../services/lti/serviceToken';
import type { PlatformRow } from '../../services/lti/platforms';

let server: TestServer;
const started: FakeLms[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((l) => l.stop()));
});
afterAll(async () => {
  await server?.stop();
});

/** The job sends every few seconds: each wait polls until the LMS (or the table) shows the outcome. */
const until = <T>(check: () => Promise<T> | T) => vi.waitFor(check, { timeout: 20_000, interval: 100 });

async function lmsWithServices() {
  const lms = await startFakeLms();
  started.push(lms);
  lms.toolJwksUrl = `${server.url}/api/lti/jwks`;
  return { lms, services: addLmsServices(lms) };
}

type Person = Awaited<ReturnType<typeof personOf>>;

/**
 * A teacher's exam linked from the fake LMS's course: a multiple-choice question (2 points, key
 * "Four") and, unless told otherwise, an essay (5 points); results held for release unless told.
 */
async function linkedExam(opts: { essay?: boolean; settings?: Record<string, unknown>; lineItem?: boolean } = {}) {
  const { lms, services } = await lmsWithServices();
  const teacher = await personOf(server, 'teacher');
  const exam = await buildExam(server.deps, teacher.user.id, { questions: 0, settings: { showResultsImmediately: false, ...opts.settings } });
  const mc = await buildQuestion(server.deps, teacher.user.id, { points: 2 });
  const questions = [mc.id];
  if (opts.essay !== false) questions.push((await buildQuestion(server.deps, teacher.user.id, { type: 'essay', points: 5 })).id);
  await server.deps.db('exam_questions').insert(questions.map((question_id, i) => ({ exam_id: exam.id, question_id, position: i + 1 })));
  const declared = opts.lineItem ? services.declareLineItem({ label: 'Declared column', scoreMaximum: 7 }) : undefined;
  const { platformId, linkId } = await linkCourse(server.deps.db, lms, services, exam.id, { lineItem: declared?.id });
  const title = ((await server.deps.db('exams').where({ id: exam.id }).first('title')) as { title: string }).title;
  return { lms, services, teacher, exam: { id: exam.id, title }, mc: mc.id, essay: questions[1], platformId, linkId, declared };
}

type Linked = Awaited<ReturnType<typeof linkedExam>>;

/** A student of the course sits the exam through the API: the multiple choice right, and an essay written. */
async function sit(c: Linked): Promise<{ student: Person; sub: string; attemptId: string }> {
  const student = await personOf(server, 'student', 'Nadia');
  const sub = await enrol(server.deps.db, c.platformId, c.linkId, student.user.id);
  const opts = { token: student.token };
  const start = await server.api('POST', '/submissions/start', { examId: c.exam.id }, opts);
  expect(start.status).toBe(201);
  const attemptId = start.body.data.submission._id as string;
  expect((await server.api('POST', '/submissions/answer', { submissionId: attemptId, questionId: c.mc, answer: 'Four' }, opts)).status).toBe(200);
  if (c.essay) expect((await server.api('POST', '/submissions/answer', { submissionId: attemptId, questionId: c.essay, answer: 'Forces balance.' }, opts)).status).toBe(200);
  expect((await server.api('POST', '/submissions/submit', { submissionId: attemptId }, opts)).status).toBe(200);
  return { student, sub, attemptId };
}

const release = (c: Linked) => server.api('PUT', `/exams/${c.exam.id}/release-results`, undefined, { token: c.teacher.token });
const markEssay = (c: Linked, attemptId: string, marks: number) => server.api('POST', `/submissions/${attemptId}/grade`, { grades: [{ questionId: c.essay, marks }] }, { token: c.teacher.token });
const gradePosts = async (c: Linked) => (await server.api('GET', `/lti/exams/${c.exam.id}/grade-posts`, undefined, { token: c.teacher.token })).body.data.posts;
const links = async (c: Linked) => (await server.api('GET', `/lti/exams/${c.exam.id}/links`, undefined, { token: c.teacher.token })).body.data.links;
/** Skips a post's back-off, as if its wait were over. */
const dueNow = (c: Linked) => server.deps.db('lti_grade_posts').where({ link_id: c.linkId }).update({ next_try_at: new Date() });

describe('scores to the LMS gradebook', () => {
  it('a release with an essay unmarked sends PendingManual without a score; marking it sends FullyGraded with the marks', async () => {
    const c = await linkedExam();
    const { sub, attemptId } = await sit(c);
    expect(await gradePosts(c)).toEqual([]); // results wait for the release

    expect((await release(c)).status).toBe(200);
    await until(() => expect(c.services.scores).toHaveLength(1));
    // No line item came with the activity: the tool made one for the exam.
    expect(c.services.lineItems).toEqual([expect.objectContaining({ label: c.exam.title, scoreMaximum: 7, resourceId: c.exam.id })]);
    const [pending] = c.services.scores;
    expect(pending!.contentType).toBe('application/vnd.ims.lis.v1.score+json');
    expect(pending!.lineItem).toBe(c.services.lineItems[0]!.id);
    expect(pending!.score).toEqual({ userId: sub, scoreMaximum: 7, activityProgress: 'Completed', gradingProgress: 'PendingManual', timestamp: expect.any(String) });
    await until(async () =>
      expect(await gradePosts(c)).toEqual([
        expect.objectContaining({
          attemptId,
          studentName: 'Nadia Student',
          platformName: 'Fake LMS',
          status: 'sent',
          gradingProgress: 'PendingManual',
          scoreGiven: null,
          scoreMaximum: 7,
          tries: 1,
          lastError: null,
          nextTryAt: null,
        }),
      ]),
    );

    expect((await markEssay(c, attemptId, 4)).status).toBe(200);
    await until(() => expect(c.services.scores).toHaveLength(2));
    const graded = c.services.scores[1]!.score;
    expect(graded).toEqual({ userId: sub, scoreGiven: 6, scoreMaximum: 7, activityProgress: 'Completed', gradingProgress: 'FullyGraded', timestamp: expect.any(String) });
    expect(Date.parse(graded.timestamp as string)).toBeGreaterThan(Date.parse(pending!.score.timestamp as string));
    expect(c.services.lineItems).toHaveLength(1);
    await until(async () => expect(await gradePosts(c)).toEqual([expect.objectContaining({ status: 'sent', gradingProgress: 'FullyGraded', scoreGiven: 6 })]));
    expect(await links(c)).toEqual([expect.objectContaining({ id: c.linkId, platformName: 'Fake LMS', contextTitle: 'Physics 10B', grades: { pending: 0, sent: 1, failed: 0 } })]);
  });

  it('an exam that shows results at once sends the score at submission, to the gradebook column the LMS declared', async () => {
    const c = await linkedExam({ essay: false, settings: { showResultsImmediately: true }, lineItem: true });
    const { sub } = await sit(c);
    await until(() => expect(c.services.scores).toHaveLength(1));
    expect(c.services.scores[0]).toMatchObject({ lineItem: c.declared!.id, score: { userId: sub, scoreGiven: 2, scoreMaximum: 2, gradingProgress: 'FullyGraded' } });
    expect(c.services.lineItems).toHaveLength(1); // the declared one: none made
  });

  it('a failed post waits and is tried again, is shown to the teacher, and after the last try waits for their retry: never lost', async () => {
    const c = await linkedExam();
    const { attemptId } = await sit(c);
    c.services.failNextScores(1, 503);
    await release(c);
    await until(async () =>
      expect(await gradePosts(c)).toEqual([expect.objectContaining({ status: 'pending', tries: 1, lastError: expect.stringContaining('HTTP 503'), nextTryAt: expect.any(String) })]),
    );
    expect(Date.parse((await gradePosts(c))[0].nextTryAt)).toBeGreaterThan(Date.now());
    expect((await links(c))[0].grades).toEqual({ pending: 1, sent: 0, failed: 0 });
    await dueNow(c);
    await until(() => expect(c.services.scores).toHaveLength(1));
    await until(async () => expect(await gradePosts(c)).toEqual([expect.objectContaining({ status: 'sent', tries: 2, lastError: null })]));

    // The LMS keeps refusing the marked score: on its last try the post is failed, and stays so.
    c.services.failNextScores(1000, 500);
    await markEssay(c, attemptId, 5);
    await until(async () => expect((await gradePosts(c))[0]).toMatchObject({ status: 'pending', gradingProgress: 'FullyGraded', tries: 1 }));
    await server.deps
      .db('lti_grade_posts')
      .where({ link_id: c.linkId })
      .update({ tries: MAX_TRIES - 1, next_try_at: new Date() });
    await until(async () =>
      expect(await gradePosts(c)).toEqual([expect.objectContaining({ status: 'failed', tries: MAX_TRIES, lastError: expect.stringContaining('HTTP 500'), nextTryAt: null, scoreGiven: 7 })]),
    );
    expect((await links(c))[0].grades).toEqual({ pending: 0, sent: 0, failed: 1 });
    await dueNow(c);
    const runs = server.deps.jobRuns.get('lti-grade-sync') ?? 0;
    await until(() => expect(server.deps.jobRuns.get('lti-grade-sync')).toBeGreaterThan(runs));
    expect((await gradePosts(c))[0]).toMatchObject({ status: 'failed', tries: MAX_TRIES });

    // The teacher retries once the LMS is back.
    c.services.failNextScores(0);
    const retry = await server.api('POST', `/lti/exams/${c.exam.id}/grade-posts/retry`, undefined, { token: c.teacher.token });
    expect(retry.body).toMatchObject({ success: true, data: { retried: 1 } });
    await until(() => expect(c.services.scores).toHaveLength(2));
    expect(c.services.scores[1]!.score).toMatchObject({ gradingProgress: 'FullyGraded', scoreGiven: 7 });
    await until(async () => expect((await gradePosts(c))[0]).toMatchObject({ status: 'sent', tries: 1, lastError: null }));
  });

  it('a course link without a gradebook fails its scores at once, and they go once the LMS offers one and the teacher retries', async () => {
    const c = await linkedExam({ essay: false });
    await server.deps.db('lti_links').where({ id: c.linkId }).update({ lineitems_url: null });
    await sit(c);
    await release(c);
    await until(async () =>
      expect(await gradePosts(c)).toEqual([expect.objectContaining({ status: 'failed', tries: 1, lastError: 'The LMS gave this course link no gradebook column and no way to create one' })]),
    );
    // The LMS's admin turns the gradebook service on; the next launch brings its address.
    await server.deps.db('lti_links').where({ id: c.linkId }).update({ lineitems_url: c.services.lineitemsUrl });
    await server.api('POST', `/lti/exams/${c.exam.id}/grade-posts/retry`, undefined, { token: c.teacher.token });
    await until(() => expect(c.services.scores).toHaveLength(1));
    expect(c.services.scores[0]!.score).toMatchObject({ gradingProgress: 'FullyGraded', scoreGiven: 2 });
  });

  it('an attempt a marked-only release left out is not posted, even once marked, until the next release', async () => {
    const c = await linkedExam();
    const { sub, attemptId } = await sit(c);
    expect((await server.api('PUT', `/exams/${c.exam.id}/release-results`, { only: 'marked' }, { token: c.teacher.token })).status).toBe(200);
    expect((await markEssay(c, attemptId, 4)).status).toBe(200);
    const runs = server.deps.jobRuns.get('lti-grade-sync') ?? 0;
    await until(() => expect(server.deps.jobRuns.get('lti-grade-sync')).toBeGreaterThan(runs));
    expect(c.services.scores).toEqual([]);
    expect(await gradePosts(c)).toEqual([]);

    expect((await release(c)).status).toBe(200);
    await until(() => expect(c.services.scores).toHaveLength(1));
    expect(c.services.scores[0]!.score).toMatchObject({ userId: sub, gradingProgress: 'FullyGraded', scoreGiven: 6, scoreMaximum: 7 });
  });

  it('a result the integrity review holds is not posted until its student may see it', async () => {
    const c = await linkedExam({ essay: false, settings: { resultsWaitForReview: true } });
    const { student, attemptId } = await sit(c);
    const flag = await flagAttempt(server.deps, attemptId, student.user.id);
    await release(c);
    const runs = server.deps.jobRuns.get('lti-grade-sync') ?? 0;
    await until(() => expect(server.deps.jobRuns.get('lti-grade-sync')).toBeGreaterThan(runs));
    expect(c.services.scores).toEqual([]);
    expect(await gradePosts(c)).toEqual([]);

    const decided = await server.api('POST', `/attempts/${attemptId}/flags/${flag}/decision`, { decision: 'dismiss' }, { token: c.teacher.token });
    expect(decided.status).toBe(200);
    await until(() => expect(c.services.scores).toHaveLength(1));
    expect(c.services.scores[0]!.score).toMatchObject({ gradingProgress: 'FullyGraded', scoreGiven: 2, scoreMaximum: 2 });
  });

  it('asks for a service token as the LTI security framework says, and uses it until shortly before it expires', async () => {
    const c = await linkedExam({ essay: false });
    await sit(c);
    await sit(c);
    await release(c);
    await until(() => expect(c.services.scores).toHaveLength(2));
    // One token for the line item and one for the scores: the second score reused its token.
    const scoreTokens = c.services.tokenRequests.filter((r) => r.form.get('scope') === LTI_SCOPES.score);
    expect(scoreTokens).toHaveLength(1);
    const [request] = scoreTokens;
    expect(request!.refused).toBeUndefined();
    expect(request!.form.get('grant_type')).toBe('client_credentials');
    expect(request!.form.get('client_assertion_type')).toBe('urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
    const claims = request!.assertion!;
    expect(claims).toMatchObject({ iss: c.lms.clientId, sub: c.lms.clientId, aud: `${c.lms.url}/token`, jti: expect.any(String) });
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(300);
    const header = decodeProtectedHeader(request!.form.get('client_assertion')!);
    const published = (await server.api('GET', '/lti/jwks')).body.keys.map((k: { kid: string }) => k.kid);
    expect(header.alg).toBe('RS256');
    expect(published).toContain(header.kid);
    expect(new Set(c.services.tokenRequests.map((r) => r.assertion!.jti)).size).toBe(c.services.tokenRequests.length);
  });

  it('puts the audience the platform asks for in the client assertion (Moodle), else the token URL', () => {
    const platform = { id: 'p', client_id: 'tool-1', auth_token_url: 'https://moodle.school/mod/lti/token.php', auth_token_audience: null } as PlatformRow;
    expect(clientAssertionClaims(platform)).toMatchObject({ iss: 'tool-1', sub: 'tool-1', aud: 'https://moodle.school/mod/lti/token.php' });
    expect(clientAssertionClaims({ ...platform, auth_token_audience: 'https://moodle.school' }).aud).toBe('https://moodle.school');
    expect(clientAssertionClaims(platform).jti).not.toBe(clientAssertionClaims(platform).jti);
  });
});

describe('who sees an exam’s gradebook', () => {
  it('its owner and admins; another teacher and a student are refused', async () => {
    const c = await linkedExam({ essay: false });
    const admin = await personOf(server, 'admin');
    const other = await personOf(server, 'teacher');
    const student = await personOf(server, 'student');
    const calls = [
      ['GET', `/lti/exams/${c.exam.id}/links`],
      ['GET', `/lti/exams/${c.exam.id}/grade-posts`],
      ['POST', `/lti/exams/${c.exam.id}/grade-posts/retry`],
    ] as const;
    for (const [method, path] of calls) {
      expect((await server.api(method, path, undefined, { token: admin.token })).status).toBe(200);
      expect((await server.api(method, path, undefined, { token: c.teacher.token })).status).toBe(200);
      expect((await server.api(method, path, undefined, { token: other.token })).status).toBe(403);
      expect((await server.api(method, path, undefined, { token: student.token })).status).toBe(403);
    }
    expect((await server.api('POST', `/lti/links/${c.linkId}/roster-sync`, undefined, { token: other.token })).status).toBe(403);
    expect((await server.api('POST', `/lti/links/${c.linkId}/roster-sync`, undefined, { token: student.token })).status).toBe(403);
  });
});
