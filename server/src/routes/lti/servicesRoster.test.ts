import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildExam, buildUser } from '../../test/factories';
import { startFakeLms, type FakeLms } from '../../test/fakeLms';
import { addLmsServices, enrol, linkCourse, type LmsMember } from '../../test/fakeLms/services';
import { startTestServer, type TestServer } from '../../test/harness';
import { personOf } from '../../test/integrity';
import { syncRosterInBackground } from '../../services/lti/roster';

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

const LEARNER = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner';
const INSTRUCTOR = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';
const learner = (id: string, given: string, over: Partial<LmsMember> = {}): LmsMember => ({
  user_id: id,
  roles: [LEARNER],
  given_name: given,
  family_name: 'Course',
  name: `${given} Course`,
  email: `${given.toLowerCase()}-${id}@course.test`,
  ...over,
});

/** A teacher's exam linked from a course of the fake LMS whose roster answers two members a page. */
async function course(members: LmsMember[]) {
  const lms = await startFakeLms();
  started.push(lms);
  lms.toolJwksUrl = `${server.url}/api/lti/jwks`;
  const services = addLmsServices(lms, { members, pageSize: 2 });
  const teacher = await personOf(server, 'teacher');
  const exam = await buildExam(server.deps, teacher.user.id, { questions: 1 });
  const { platformId, linkId } = await linkCourse(server.deps.db, lms, services, exam.id);
  return { lms, services, teacher, examId: exam.id, platformId, linkId };
}
type Course = Awaited<ReturnType<typeof course>>;

const syncNow = (c: Course) => server.api('POST', `/lti/links/${c.linkId}/roster-sync`, undefined, { token: c.teacher.token });

/** The exam's students by first name, as its list holds them. */
async function examStudents(c: Course): Promise<string[]> {
  const rows = (await server.deps.db('exam_eligible_students as s').join('users as u', 'u.id', 's.student_id').where('s.exam_id', c.examId).orderBy('u.first_name').select('u.first_name')) as {
    first_name: string;
  }[];
  return rows.map((r) => r.first_name);
}

describe('the course roster becomes the exam’s students', () => {
  it('reads every page; the active Learners are listed, the instructor and an inactive member are not', async () => {
    const c = await course([
      learner('u1', 'Ada'),
      learner('u2', 'Bea'),
      { user_id: 'i1', roles: [INSTRUCTOR], given_name: 'Ines', family_name: 'Teacher' },
      learner('u3', 'Cal'),
      learner('u4', 'Dee', { status: 'Inactive' }),
    ]);
    const res = await syncNow(c);
    expect(res.status).toBe(200);
    expect(res.body.data.link).toMatchObject({ id: c.linkId, rosterSyncedAt: expect.any(String), rosterError: null });
    expect(c.services.rosterPages).toEqual(['/courses/1/memberships?page=1', '/courses/1/memberships?page=2', '/courses/1/memberships?page=3']);
    expect(await examStudents(c)).toEqual(['Ada', 'Bea', 'Cal']);
    // Each is a student account linked to their LMS identity, the one a launch signs them in to.
    const ada = (await server.deps.db('lti_users as lu').join('users as u', 'u.id', 'lu.user_id').where({ 'lu.platform_id': c.platformId, 'lu.sub': 'u1' }).first('u.role', 'u.last_name')) as {
      role: string;
      last_name: string;
    };
    expect(ada).toEqual({ role: 'student', last_name: 'Course' });
    const members = (await server.deps.db('lti_link_members').where({ link_id: c.linkId }).orderBy('sub').select('sub', 'role', 'status')) as unknown[];
    expect(members).toEqual([
      { sub: 'u1', role: 'Learner', status: 'Active' },
      { sub: 'u2', role: 'Learner', status: 'Active' },
      { sub: 'u3', role: 'Learner', status: 'Active' },
    ]);
  });

  it('a member gone from the course or made inactive leaves the exam; a student the teacher listed by hand stays', async () => {
    const c = await course([]);
    // Hana was listed by the teacher, and is in the course too (she launched before).
    const hana = await buildUser(server.deps, { role: 'student', firstName: 'Hana' });
    await server.deps.db('exam_eligible_students').insert({ exam_id: c.examId, student_id: hana.id });
    await enrol(server.deps.db, c.platformId, c.linkId, hana.id, 'u-hana');
    c.services.members = [learner('u1', 'Ada'), learner('u2', 'Bea'), learner('u3', 'Cal'), learner('u-hana', 'Hana')];
    await syncNow(c);
    expect(await examStudents(c)).toEqual(['Ada', 'Bea', 'Cal', 'Hana']);

    // Ada and Hana left the course; Bea is inactive in it.
    c.services.members = [learner('u2', 'Bea', { status: 'Inactive' }), learner('u3', 'Cal')];
    const res = await syncNow(c);
    expect(res.body.data.link.rosterError).toBeNull();
    expect(await examStudents(c)).toEqual(['Cal', 'Hana']);
    const statuses = (await server.deps.db('lti_link_members').where({ link_id: c.linkId }).orderBy('sub').select('sub', 'status')) as unknown[];
    expect(statuses).toEqual([
      { sub: 'u-hana', status: 'Inactive' },
      { sub: 'u1', status: 'Inactive' },
      { sub: 'u2', status: 'Inactive' },
      { sub: 'u3', status: 'Active' },
    ]);

    // Ada comes back: listed again, and by the roster (so she may leave again).
    c.services.members = [learner('u1', 'Ada'), learner('u3', 'Cal')];
    await syncNow(c);
    expect(await examStudents(c)).toEqual(['Ada', 'Cal', 'Hana']);
    c.services.members = [learner('u3', 'Cal')];
    await syncNow(c);
    expect(await examStudents(c)).toEqual(['Cal', 'Hana']);
  });

  it('a launch reads the roster at most once a minute, and never hears of its failure; the teacher sees it', async () => {
    const c = await course([learner('u1', 'Ada'), learner('u2', 'Bea'), learner('u3', 'Cal')]);
    await Promise.all([syncRosterInBackground(server.deps, c.linkId), syncRosterInBackground(server.deps, c.linkId)]);
    expect(c.services.rosterPages).toHaveLength(2); // one read of two pages
    await syncRosterInBackground(server.deps, c.linkId);
    expect(c.services.rosterPages).toHaveLength(2);
    expect(await examStudents(c)).toEqual(['Ada', 'Bea', 'Cal']);

    // The LMS stops answering the roster: the exam's students stay, the error is on the link.
    await server.deps
      .db('lti_links')
      .where({ id: c.linkId })
      .update({ memberships_url: `${c.lms.url}/courses/2/memberships`, roster_synced_at: new Date(Date.now() - 120_000) });
    await expect(syncRosterInBackground(server.deps, c.linkId)).resolves.toBeUndefined();
    expect(await examStudents(c)).toEqual(['Ada', 'Bea', 'Cal']);
    const links = (await server.api('GET', `/lti/exams/${c.examId}/links`, undefined, { token: c.teacher.token })).body.data.links;
    expect(links).toEqual([expect.objectContaining({ id: c.linkId, rosterSyncedAt: expect.any(String), rosterError: expect.stringContaining('Roster request: HTTP 404') })]);
  });

  it('a link whose LMS shares no roster cannot be synced, and an unknown link is not found', async () => {
    const c = await course([]);
    await server.deps.db('lti_links').where({ id: c.linkId }).update({ memberships_url: null });
    const res = await syncNow(c);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/does not share this course’s roster/);
    const missing = await server.api('POST', '/lti/links/00000000-0000-4000-8000-000000000000/roster-sync', undefined, { token: c.teacher.token });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('That course link was not found.');
  });
});
