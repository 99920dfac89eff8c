import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LTI_SCOPES } from '@exam/shared';
import { buildExam, buildQuestion, buildUser } from '../../test/factories';
import { startFakeLms, type FakeLms } from '../../test/fakeLms';
import { addPlatformRoutes, platformRow, resourceLinkClaims, runLaunch, type FakePlatform } from '../../test/fakeLms/platform';
import { addLmsServices, type FakeLmsServices } from '../../test/fakeLms/services';
import { startTestServer, type TestServer } from '../../test/harness';

/**
 * The whole path of issue 54, against a fake LMS on loopback with its own keys: a student opens the
 * exam from the course (OIDC login and launch), gets a session from the launch's ticket, sits the
 * exam with it; the launch brought the rest of the course in (its roster); the teacher, who came
 * from the LMS too, releases the results and the LMS's gradebook receives the score PendingManual
 * (an essay waits), then FullyGraded once the teacher marks it.
 */
let server: TestServer;
let lms: FakeLms;
let platform: FakePlatform;
let services: FakeLmsServices;

const LTI = 'https://purl.imsglobal.org/spec/lti/claim';
const LEARNER = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner';
const INSTRUCTOR = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';
const until = <T>(check: () => Promise<T> | T) => vi.waitFor(check, { timeout: 20_000, interval: 100 });

beforeAll(async () => {
  server = await startTestServer();
  // The tool's public address is where the LMS reaches it (target_link_uri must be on it).
  server.deps.config.publicUrl = server.url;
  lms = await startFakeLms();
  platform = addPlatformRoutes(lms, server.url);
  services = addLmsServices(lms, { pageSize: 1 });
  await server.deps.db('lti_platforms').insert(platformRow(lms));
});

afterAll(async () => {
  await lms?.stop();
  await server?.stop();
});

describe('from the LMS course to its gradebook', () => {
  it('launch → session → exam → release → PendingManual → essay marked → FullyGraded', async () => {
    // The exam's teacher added it to the course from the LMS before (their deep-linking launch linked them).
    const teacher = await buildUser(server.deps, { role: 'teacher', firstName: 'Grace' });
    const [{ id: platformId }] = (await server.deps.db('lti_platforms').where({ issuer: lms.issuer }).select('id')) as [{ id: string }];
    await server.deps.db('lti_users').insert({ platform_id: platformId, sub: 'teacher-grace', user_id: teacher.id });
    const exam = await buildExam(server.deps, teacher.id, { questions: 0, title: 'Forces and motion', settings: { showResultsImmediately: false } });
    const mc = await buildQuestion(server.deps, teacher.id, { points: 2 });
    const essay = await buildQuestion(server.deps, teacher.id, { type: 'essay', points: 5 });
    await server.deps.db('exam_questions').insert([
      { exam_id: exam.id, question_id: mc.id, position: 1 },
      { exam_id: exam.id, question_id: essay.id, position: 2 },
    ]);
    // The course: Ada, who launches, and Ben, who has not yet; its teacher.
    services.members = [
      { user_id: 'student-ada', roles: [LEARNER], name: 'Ada Lovelace', given_name: 'Ada', family_name: 'Lovelace' },
      { user_id: 'student-ben', roles: [LEARNER], name: 'Ben Franklin', given_name: 'Ben', family_name: 'Franklin' },
      { user_id: 'teacher-grace', roles: [INSTRUCTOR], name: 'Grace Hopper' },
    ];
    const activity = 'activity-forces';
    const launchAs = (sub: string, name: string, roles: string[]) => {
      const hint = `hint-${sub}`;
      platform.prepare(
        hint,
        platform.signed({
          ...resourceLinkClaims(lms, { sub, name, roles, examId: exam.id, resourceLinkId: activity }),
          // The activity's gradebook and roster services, as Moodle and Canvas put them in every launch.
          'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': { scope: [LTI_SCOPES.lineItem, LTI_SCOPES.score], lineitems: services.lineitemsUrl },
          'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': { context_memberships_url: services.membershipsUrl, service_versions: ['2.0'] },
          [`${LTI}/context`]: { id: 'course-1', label: 'PHY', title: 'Physics 10B' },
        }),
      );
      return runLaunch(server.url, platform, hint);
    };

    // Ada opens the activity: signed in, the exam opens.
    const launch = await launchAs('student-ada', 'Ada Lovelace', [LEARNER]);
    expect(launch.launch?.status).toBe(303);
    const session = await server.api('POST', '/lti/session', { ticket: launch.ticket });
    expect(session.status).toBe(200);
    expect(session.body.data.target).toEqual({ kind: 'exam', examId: exam.id });
    const ada = { token: session.body.data.accessToken as string };

    // The launch brought the course's roster in (its three pages): Ben is one of the exam's students too.
    await until(async () => expect(services.rosterPages).toHaveLength(3));
    await until(async () => {
      const link = (await server.deps.db('lti_links').where({ exam_id: exam.id }).first('roster_synced_at', 'roster_error')) as { roster_synced_at: Date | null; roster_error: string | null };
      expect(link.roster_error).toBeNull();
      const names = (await server.deps
        .db('lti_link_members as m')
        .join('users as u', 'u.id', 'm.user_id')
        .join('lti_links as l', 'l.id', 'm.link_id')
        .where({ 'l.exam_id': exam.id, 'm.role': 'Learner' })
        .orderBy('u.first_name')
        .select('u.first_name')) as { first_name: string }[];
      expect(names.map((n) => n.first_name)).toEqual(['Ada', 'Ben']);
    });

    // Ada sits the exam with the launch's session.
    const start = await server.api('POST', '/submissions/start', { examId: exam.id }, ada);
    expect(start.status).toBe(201);
    const attemptId = start.body.data.submission._id as string;
    expect((await server.api('POST', '/submissions/answer', { submissionId: attemptId, questionId: mc.id, answer: 'Four' }, ada)).status).toBe(200);
    expect((await server.api('POST', '/submissions/answer', { submissionId: attemptId, questionId: essay.id, answer: 'Forces balance at rest.' }, ada)).status).toBe(200);
    expect((await server.api('POST', '/submissions/submit', { submissionId: attemptId }, ada)).status).toBe(200);

    // The teacher comes from the LMS too, and releases the results.
    const teacherLaunch = await launchAs('teacher-grace', 'Grace Hopper', [INSTRUCTOR]);
    const grace = { token: (await server.api('POST', '/lti/session', { ticket: teacherLaunch.ticket })).body.data.accessToken as string };
    expect(services.scores).toEqual([]);
    expect((await server.api('PUT', `/exams/${exam.id}/release-results`, undefined, grace)).status).toBe(200);

    // The gradebook gets its column (the exam's title) and Ada's score, waiting for the essay's marks.
    await until(() => expect(services.scores).toHaveLength(1));
    expect(services.lineItems).toEqual([expect.objectContaining({ label: 'Forces and motion', scoreMaximum: 7, resourceId: exam.id, resourceLinkId: activity })]);
    expect(services.scores[0]!.score).toMatchObject({ userId: 'student-ada', activityProgress: 'Completed', gradingProgress: 'PendingManual', scoreMaximum: 7 });
    expect(services.scores[0]!.score).not.toHaveProperty('scoreGiven');

    // The teacher marks the essay: the gradebook gets the full score.
    expect((await server.api('POST', `/submissions/${attemptId}/grade`, { grades: [{ questionId: essay.id, marks: 4 }] }, grace)).status).toBe(200);
    await until(() => expect(services.scores).toHaveLength(2));
    expect(services.scores[1]!.score).toMatchObject({ userId: 'student-ada', gradingProgress: 'FullyGraded', scoreGiven: 6, scoreMaximum: 7 });
    await until(async () =>
      expect((await server.api('GET', `/lti/exams/${exam.id}/grade-posts`, undefined, grace)).body.data.posts).toEqual([
        expect.objectContaining({ studentName: 'Ada Lovelace', status: 'sent', gradingProgress: 'FullyGraded', scoreGiven: 6 }),
      ]),
    );
    // The teacher's launch came within the minute: the roster was not read again.
    expect(services.rosterPages).toHaveLength(3);
  });
});
