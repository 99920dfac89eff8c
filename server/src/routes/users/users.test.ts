import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, USER_MSG } from '@exam/shared';
import { buildAttempt, buildExam, buildUser, TEST_PASSWORD } from '../../test/factories';
import { lastMailedToken, outbox, startTestServer, type TestServer } from '../../test/harness';
import { statementDeadline } from '../../db/deadlines';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const api = (...args: Parameters<TestServer['api']>) => server.api(...args);
let n = 0;
const uniqueEmail = (p = 'person') => `${p}-${Date.now()}-${++n}@school.test`;

async function signIn(email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await api('POST', '/auth/login', { email, password });
  expect(res.status).toBe(200);
  return res.body.data.accessToken as string;
}

async function signedIn(role: 'admin' | 'teacher' | 'student' | 'parent', props: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(server.deps, { role, ...props });
  return { user, token: await signIn(user.email) };
}

describe('GET /users', () => {
  it('pages people ten at a time, filters by role and searches names and e-mails by prefix', async () => {
    const { token } = await signedIn('admin');
    const tag = `zq${Date.now().toString(36)}`;
    for (let i = 0; i < 12; i++) await buildUser(server.deps, { role: i % 3 === 0 ? 'teacher' : 'student', firstName: `${tag}${String(i).padStart(2, '0')}` });

    const first = await api('GET', `/users?page=1&limit=10&search=${tag.toUpperCase()}`, undefined, { token });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ total: 12, totalPages: 2, currentPage: 1 });
    expect(first.body.data.users).toHaveLength(10);
    expect(first.body.data.users[0]).not.toHaveProperty('password_hash');
    const second = await api('GET', `/users?page=2&search=${tag}`, undefined, { token });
    expect(second.body.data.users).toHaveLength(2);

    const teachers = await api('GET', `/users?role=teacher&search=${tag}`, undefined, { token });
    expect(teachers.body.data.total).toBe(4);
    expect(teachers.body.data.users.every((u: { role: string }) => u.role === 'teacher')).toBe(true);

    const fullName = await api('GET', `/users?search=${encodeURIComponent(`${tag}03 tea`)}`, undefined, { token });
    expect(fullName.body.data.users.map((u: { firstName: string }) => u.firstName)).toEqual([`${tag}03`]);
    const byEmail = await api('GET', `/users?search=${encodeURIComponent(first.body.data.users[0].email.slice(0, 12).toUpperCase())}`, undefined, { token });
    expect(byEmail.body.data.users.map((u: { _id: string }) => u._id)).toContain(first.body.data.users[0]._id);
    const wildcard = await api('GET', `/users?search=${encodeURIComponent('%')}`, undefined, { token });
    expect(wildcard.body.data.total).toBe(0);
  });

  it('sorts by each field in both directions, in both of the forms clients send', async () => {
    const { token } = await signedIn('admin');
    const tag = `srt${Date.now().toString(36)}`;
    for (const name of ['b', 'c', 'a']) await buildUser(server.deps, { firstName: `${tag}${name}` });
    const names = async (q: string) =>
      ((await api('GET', `/users?search=${tag}&${q}`, undefined, { token })).body.data.users as { firstName: string }[]).map((u) => u.firstName.slice(-1));
    expect(await names('sort=firstName')).toEqual(['a', 'b', 'c']);
    expect(await names('sort=-firstName')).toEqual(['c', 'b', 'a']);
    expect(await names('sort=firstName&order=desc')).toEqual(['c', 'b', 'a']);
    expect(await names('sort=firstName:desc')).toEqual(['c', 'b', 'a']);
    expect(await names('sort=-createdAt')).toEqual(['a', 'c', 'b']);
    expect(await names('')).toEqual(['a', 'c', 'b']);
    for (const field of ['lastName', 'email', 'role', 'createdAt']) {
      expect((await api('GET', `/users?sort=${field}&order=asc`, undefined, { token })).status).toBe(200);
    }
  });

  it('answers bad paging, sorting and role filters with a 400', async () => {
    const { token } = await signedIn('admin');
    const sort = await api('GET', '/users?sort=password', undefined, { token });
    expect(sort.status).toBe(400);
    expect(sort.body.message).toBe(USER_MSG.sortInvalid);
    expect((await api('GET', '/users?role=janitor', undefined, { token })).body.message).toBe(USER_MSG.roleInvalid);
    expect((await api('GET', '/users?page=0', undefined, { token })).status).toBe(400);
    expect((await api('GET', '/users?limit=1000', undefined, { token })).status).toBe(400);
  });

  it('is for admins only', async () => {
    for (const role of ['teacher', 'student', 'parent'] as const) {
      const { token } = await signedIn(role);
      expect((await api('GET', '/users', undefined, { token })).status).toBe(403);
    }
    expect((await api('GET', '/users')).status).toBe(401);
  });
});

describe('creating a user as an admin', () => {
  const payload = (over: Record<string, unknown> = {}) => ({
    firstName: '  Ada ',
    lastName: 'Byron',
    email: uniqueEmail('made'),
    password: 'secret1',
    ...over,
  });

  it('creates any role through POST /auth/register with the admin token, verified and without a verification mail', async () => {
    const { token } = await signedIn('admin');
    for (const role of ['admin', 'teacher', 'parent'] as const) {
      const body = payload({ role, subject: 'physics', phone: ' 555 0100 ', dateOfBirth: '1990-04-02' });
      const res = await api('POST', '/auth/register', body, { token });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe(USER_MSG.created);
      expect(res.body.data.user).toMatchObject({ role, firstName: 'Ada', isVerified: true, phone: '555 0100', dateOfBirth: '1990-04-02' });
      expect(res.body.data.user.subject).toBe(role === 'teacher' ? 'physics' : null);
      expect((await api('POST', '/auth/login', { email: body.email, password: 'secret1' })).status).toBe(200);
      await server.deps.mailer.idle();
      expect(outbox(server.dataDir, body.email as string)).toHaveLength(0);
    }
  });

  it('defaults the role to student and takes grade and section in the same call', async () => {
    const { token } = await signedIn('admin');
    const res = await api('POST', '/users', payload({ grade: '4', section: 'b' }), { token });
    expect(res.status).toBe(201);
    expect(res.body.data.user).toMatchObject({ role: 'student', grade: 4, section: 'B', isVerified: true });
    expect(res.body.data.user.studentId).toMatch(/^STU-/);
  });

  it.each([
    [{ firstName: '' }, USER_MSG.requiredFields],
    [{ lastName: '   ' }, USER_MSG.requiredFields],
    [{ email: '' }, USER_MSG.requiredFields],
    [{ password: '' }, USER_MSG.requiredFields],
    [{ password: '12345' }, MSG.passwordTooShort],
    [{ email: 'not-an-email' }, MSG.emailInvalid],
    [{ role: 'janitor' }, USER_MSG.roleInvalid],
    [{ grade: 13, section: 'A' }, USER_MSG.gradeInvalid],
    [{ dateOfBirth: 'yesterday' }, USER_MSG.dateInvalid],
  ])('refuses %o with its message', async (over, message) => {
    const { token } = await signedIn('admin');
    for (const path of ['/auth/register', '/users']) {
      const res = await api('POST', path, payload(over), { token });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('refuses an e-mail that already has an account with a 409', async () => {
    const { token } = await signedIn('admin');
    const existing = await buildUser(server.deps);
    const res = await api('POST', '/auth/register', payload({ email: existing.email.toUpperCase() }), { token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MSG.emailTaken);
  });

  it('treats any other signed-in role as a visitor, and refuses an invalid token', async () => {
    const { token } = await signedIn('teacher');
    const asTeacher = await api('POST', '/auth/register', payload({ role: 'admin' }), { token });
    expect(asTeacher.status).toBe(400);
    expect(asTeacher.body.message).toBe(MSG.roleInvalid);
    expect((await api('POST', '/users', payload(), { token })).status).toBe(403);
    expect((await api('POST', '/auth/register', payload(), { token: 'not-a-token' })).status).toBe(401);
  });
});

describe('PUT /users/{id}', () => {
  it('edits names, e-mail, role, phone and date of birth', async () => {
    const { token } = await signedIn('admin');
    const target = await buildUser(server.deps, { role: 'student' });
    const email = uniqueEmail('edited');
    const res = await api('PUT', `/users/${target.id}`, { firstName: ' New ', lastName: 'Name', email, role: 'teacher', phone: '123', dateOfBirth: '2001-02-03', subject: 'history' }, { token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(USER_MSG.updated);
    expect(res.body.data.user).toMatchObject({ firstName: 'New', email, role: 'teacher', phone: '123', dateOfBirth: '2001-02-03', subject: 'history', grade: null });
  });

  it('needs names and e-mail, and a free e-mail', async () => {
    const { token } = await signedIn('admin');
    const target = await buildUser(server.deps);
    const other = await buildUser(server.deps);
    const base = { firstName: 'A', lastName: 'B', email: target.email };
    for (const field of ['firstName', 'lastName', 'email']) {
      const res = await api('PUT', `/users/${target.id}`, { ...base, [field]: ' ' }, { token });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(USER_MSG.requiredFields);
    }
    const taken = await api('PUT', `/users/${target.id}`, { ...base, email: other.email }, { token });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(MSG.emailTaken);
  });

  it('never lets an admin change their own role or deactivate themselves', async () => {
    const { user, token } = await signedIn('admin');
    const base = { firstName: 'Me', lastName: 'Admin', email: user.email };
    const role = await api('PUT', `/users/${user.id}`, { ...base, role: 'teacher' }, { token });
    expect(role.status).toBe(403);
    expect(role.body.message).toBe(USER_MSG.ownRole);
    const off = await api('PUT', `/users/${user.id}`, { ...base, isActive: false }, { token });
    expect(off.status).toBe(403);
    expect(off.body.message).toBe(USER_MSG.ownDeactivate);
    expect((await api('PUT', `/users/${user.id}/status`, { isActive: false }, { token })).body.message).toBe(USER_MSG.ownDeactivate);
    expect((await api('PUT', `/users/${user.id}`, { ...base, firstName: 'Still me' }, { token })).status).toBe(200);
  });

  it('refuses teachers and answers an unknown user with a 404', async () => {
    const target = await buildUser(server.deps);
    const { token } = await signedIn('teacher');
    expect((await api('PUT', `/users/${target.id}`, { firstName: 'X', lastName: 'Y', email: target.email }, { token })).status).toBe(403);
    expect((await api('PUT', `/users/${target.id}/status`, { isActive: false }, { token })).status).toBe(403);
    expect((await api('DELETE', `/users/${target.id}`, undefined, { token })).status).toBe(403);
    expect((await api('POST', '/users/import/preview', { csv: 'firstName,lastName,email,role\nA,B,a@b.test,student' }, { token })).status).toBe(403);
    const admin = await signedIn('admin');
    const missing = await api('PUT', '/users/00000000-0000-4000-8000-000000000000', { firstName: 'X', lastName: 'Y', email: 'x@y.test' }, { token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(USER_MSG.userNotFound);
  });
});

describe('activating and deactivating', () => {
  it('ends every session of a deactivated user at once, and lets them back in once activated', async () => {
    const { token } = await signedIn('admin');
    const target = await buildUser(server.deps);
    const theirs = await api('POST', '/auth/login', { email: target.email, password: TEST_PASSWORD });
    const off = await api('PUT', `/users/${target.id}/status`, { isActive: false }, { token });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ message: USER_MSG.deactivated, data: { user: { isActive: false } } });
    expect((await api('GET', '/auth/me', undefined, { token: theirs.body.data.accessToken })).status).toBe(401);
    expect((await api('POST', '/auth/refresh-token', undefined, { refreshCookie: theirs.refreshCookie })).status).toBe(401);
    const login = await api('POST', '/auth/login', { email: target.email, password: TEST_PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe(MSG.accountDeactivated);

    const on = await api('PUT', `/users/${target.id}/status`, { isActive: true }, { token });
    expect(on.body.message).toBe(USER_MSG.activated);
    expect((await api('POST', '/auth/login', { email: target.email, password: TEST_PASSWORD })).status).toBe(200);
    expect((await api('PUT', `/users/${target.id}/status`, { isActive: 'no' }, { token })).status).toBe(400);
  });
});

describe('DELETE /users/{id}', () => {
  it('keeps exam records, shows the person as "Deleted user", erases their data and frees the e-mail', async () => {
    const { token } = await signedIn('admin');
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const student = await buildUser(server.deps, { role: 'student' });
    await server.deps.db('users').where({ id: student.id }).update({ phone: '555', avatar: 'a.png', date_of_birth: '2010-01-01' });
    const exam = await buildExam(server.deps, teacher.id, { title: `Kept ${Date.now()}` });
    const attempt = await buildAttempt(server.deps, exam.id, student.id);
    const studentToken = await signIn(student.email);

    for (const id of [student.id, teacher.id]) {
      const res = await api('DELETE', `/users/${id}`, undefined, { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: USER_MSG.deleted });
    }

    expect(await server.deps.db('attempts').where({ id: attempt.id }).first()).toBeTruthy();
    const row = await server.deps.db('users').where({ id: student.id }).first();
    expect(row).toMatchObject({ first_name: 'Deleted', last_name: 'user', phone: null, avatar: null, date_of_birth: null, is_active: false });
    expect(row.email).not.toBe(student.email);
    const exams = await api('GET', `/exams?search=${encodeURIComponent(`Kept`)}&limit=100`, undefined, { token });
    const shown = exams.body.data.exams.find((e: { _id: string }) => e._id === exam.id);
    expect(`${shown.createdBy.firstName} ${shown.createdBy.lastName}`).toBe('Deleted user');

    expect((await api('GET', '/auth/me', undefined, { token: studentToken })).status).toBe(401);
    expect((await api('POST', '/auth/login', { email: student.email, password: TEST_PASSWORD })).status).toBe(401);
    const listed = await api('GET', `/users?search=deleted&limit=100`, undefined, { token });
    expect(listed.body.data.users.map((u: { _id: string }) => u._id)).not.toContain(student.id);
    const again = await api('POST', '/auth/register', { firstName: 'Back', lastName: 'Again', email: student.email, password: 'secret1', role: 'parent' });
    expect(again.status).toBe(201);
    expect((await api('DELETE', `/users/${student.id}`, undefined, { token })).status).toBe(404);
  });

  it('never lets an admin delete themselves', async () => {
    const { user, token } = await signedIn('admin');
    const res = await api('DELETE', `/users/${user.id}`, undefined, { token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(USER_MSG.ownDelete);
  });

  it('leaves unrelated paths under /users to their own routes', async () => {
    const { token } = await signedIn('admin');
    expect((await api('DELETE', '/users/not-an-id', undefined, { token })).body.message).toBe(MSG.notFound);
  });
});

describe('the last active admin', () => {
  it('can never be deactivated, demoted or deleted, even by two admins acting at once', async () => {
    // The admins earlier tests made step aside, so the two made here are the only active ones.
    const own = server;
    await own.deps.db('users').where({ role: 'admin' }).update({ is_active: false });
    {
      const a = await buildUser(own.deps, { role: 'admin' });
      const b = await buildUser(own.deps, { role: 'admin' });
      const tokenOf = async (email: string) => (await own.api('POST', '/auth/login', { email, password: TEST_PASSWORD })).body.data.accessToken as string;
      const [ta, tb] = [await tokenOf(a.email), await tokenOf(b.email)];
      const results = await Promise.all([
        own.api('PUT', `/users/${b.id}/status`, { isActive: false }, { token: ta }),
        own.api('PUT', `/users/${a.id}/status`, { isActive: false }, { token: tb }),
      ]);
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      const active = await own.deps.db('users').where({ role: 'admin', is_active: true });
      expect(active).toHaveLength(1);

      // Whoever is left is the last one: a stale admin row acting on it is refused by the service.
      const { setUserActive, updateUserByAdmin, deleteUserByAdmin } = await import('../../services/userAdmin');
      const last = active[0];
      const stranger = { ...b, id: '00000000-0000-4000-8000-000000000001' };
      await expect(setUserActive(own.deps, stranger, last.id, false)).rejects.toMatchObject({ status: 409, message: USER_MSG.lastAdmin });
      await expect(
        updateUserByAdmin(own.deps, stranger, last.id, { firstName: 'X', lastName: 'Y', email: last.email, role: 'teacher' }),
      ).rejects.toMatchObject({ status: 409, message: USER_MSG.lastAdmin });
      await expect(deleteUserByAdmin(own.deps, stranger, last.id)).rejects.toMatchObject({ status: 409, message: USER_MSG.lastAdmin });
    }
  });
});

describe('GET /users/students/list', () => {
  it('lists students for teachers with grade, section, status and search filters, sorting and paging', async () => {
    const { token } = await signedIn('teacher');
    const tag = `stu${Date.now().toString(36)}`;
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await buildUser(server.deps, { role: 'student', firstName: `${tag}${i}` }));
    await server.deps.db('users').where({ id: made[0]!.id }).update({ grade: 3, section: 'A' });
    await server.deps.db('users').where({ id: made[1]!.id }).update({ is_active: false });

    const all = await api('GET', `/users/students/list?search=${tag}&sort=name&order=asc`, undefined, { token });
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ total: 3, totalPages: 1, stats: { total: 3, active: 2, inactive: 1, grades: 2 } });
    // A teacher sees no e-mail unless the student shows it (privacy: showEmail, off by default).
    expect(all.body.data.students[0]).toMatchObject({ _id: made[0]!.id, email: null, grade: 3, section: 'A', status: 'active' });
    const grade = await api('GET', `/users/students/list?search=${tag}&grade=3`, undefined, { token });
    expect(grade.body.data.students.map((s: { _id: string }) => s._id)).toEqual([made[0]!.id]);
    const inactive = await api('GET', `/users/students/list?search=${tag}&status=inactive`, undefined, { token });
    expect(inactive.body.data.students.map((s: { status: string }) => s.status)).toEqual(['inactive']);
    const section = await api('GET', `/users/students/list?search=${tag}&section=B&sort=-createdAt`, undefined, { token });
    expect(section.body.data.students.map((s: { _id: string }) => s._id)).toEqual([made[2]!.id, made[1]!.id]);
    const paged = await api('GET', `/users/students/list?search=${tag}&limit=2&page=2&sort=grade&order=desc`, undefined, { token });
    expect(paged.body.data).toMatchObject({ totalPages: 2, currentPage: 2 });
    expect(paged.body.data.students.map((s: { _id: string }) => s._id)).toEqual([made[0]!.id]);
  });

  it('answers bad filters with a 400 and refuses students and parents', async () => {
    const admin = await signedIn('admin');
    expect((await api('GET', '/users/students/list?grade=13', undefined, { token: admin.token })).body.message).toBe(USER_MSG.gradeInvalid);
    expect((await api('GET', '/users/students/list?sort=password', undefined, { token: admin.token })).body.message).toBe(USER_MSG.studentSortInvalid);
    expect((await api('GET', '/users/students/list?status=asleep', undefined, { token: admin.token })).status).toBe(400);
    for (const role of ['student', 'parent'] as const) {
      const { token } = await signedIn(role);
      expect((await api('GET', '/users/students/list', undefined, { token })).status).toBe(403);
    }
  });
});

describe('bulk import', () => {
  const header = 'firstName,lastName,email,role,grade,section,subject,parentEmail';

  // An import writes thousands of rows in one transaction: under load a statement of it may take
  // longer than a request's deadline (5 s), and one cut there failed the import and was taken
  // for a database outage. It runs under the long deadline, as the results export does.
  it('writes the accounts under the long statement deadline, not a request’s', async () => {
    const { token } = await signedIn('admin');
    const seen: (number | undefined)[] = [];
    const listen = (q: { sql?: string }) => {
      if (/^insert into "users"/i.test(q.sql ?? '')) seen.push(statementDeadline());
    };
    server.deps.db.on('query', listen);
    try {
      const res = await api('POST', '/users/import/confirm', { csv: [header, `Deb,Line,${uniqueEmail('dl')},student,7,B,,`].join('\r\n') }, { token });
      expect(res.status).toBe(201);
    } finally {
      server.deps.db.removeListener('query', listen);
    }
    expect(seen).toEqual([server.deps.config.deadlines.dbLongStatementMs]);
  });

  it('previews each row with its problems and writes nothing', async () => {
    const { token } = await signedIn('admin');
    const existing = await buildUser(server.deps);
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const [ok, dup] = [uniqueEmail('ok'), uniqueEmail('dup')];
    const csv = [
      header,
      `Ok,Student,${ok},student,5,A,,`,
      `Bad,Mail,not-an-email,student,5,A,,`,
      `Dup,One,${dup},teacher,,,math,`,
      `Dup,Two,${dup},teacher,,,math,`,
      `Old,Account,${existing.email.toUpperCase()},parent,,,,`,
      `Odd,Role,${uniqueEmail()},janitor,,,,`,
      `,Nameless,${uniqueEmail()},parent,,,,`,
      `No,Grade,${uniqueEmail()},student,,,,`,
      `Wrong,Parent,${uniqueEmail()},student,5,A,,${teacher.email}`,
    ].join('\n');
    const res = await api('POST', '/users/import/preview', { csv }, { token });
    expect(res.status).toBe(200);
    const problems = (res.body.data.rows as { line: number; problems: string[] }[]).map((r) => [r.line, r.problems]);
    expect(problems).toEqual([
      [2, []],
      [3, [MSG.emailInvalid]],
      [4, []],
      [5, ['Duplicate e-mail: also on line 4']],
      [6, [MSG.emailTaken]],
      [7, ['Unknown role "janitor" (use admin, teacher, student, parent)']],
      [8, ['First name is missing']],
      [9, [MSG.studentFieldsRequired]],
      [10, ['Parent e-mail belongs to a teacher account']],
    ]);
    expect(res.body.data).toMatchObject({ validRows: 2, invalidRows: 7 });
    expect(await server.deps.db('users').where({ email: ok }).first()).toBeUndefined();
  });

  it('creates the valid rows, their parents and accepted links, and invites everyone to set a password', async () => {
    const { token } = await signedIn('admin');
    const knownParent = await buildUser(server.deps, { role: 'parent' });
    const [s1, s2, s3, newParent, listedParent] = ['s1', 's2', 's3', 'np', 'lp'].map((p) => uniqueEmail(p)) as [string, string, string, string, string];
    const csv = [
      header,
      `Sam,One,${s1},student,7,B,,${newParent}`,
      `Sue,Two,${s2},student,8,C,,${newParent}`,
      `Sid,Three,${s3},student,9,D,,${knownParent.email}`,
      `Lee,Parent,${listedParent},parent,,,,`,
      `Bad,Row,nope,student,7,B,,`,
      `Tia,Four,${uniqueEmail('s4')},student,10,A,,${listedParent}`,
    ].join('\r\n');
    const preview = await api('POST', '/users/import/preview', { csv }, { token });
    expect(preview.body.data).toMatchObject({ validRows: 5, invalidRows: 1, newParents: 1 });

    const res = await api('POST', '/users/import/confirm', { csv }, { token });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ created: 5, skipped: 1, parentsCreated: 1, linked: 4, invited: 6 });
    expect(res.body.data.rows.map((r: { line: number }) => r.line)).toEqual([6]);

    const parent = await server.deps.db('users').where({ email: newParent }).first();
    expect(parent).toMatchObject({ role: 'parent', first_name: 'Parent' });
    const children = await server.deps.db('parent_children as pc').join('users as u', 'u.id', 'pc.child_id').where('pc.parent_id', parent.id).pluck('u.email');
    expect(children.sort()).toEqual([s1, s2].sort());
    const known = await server.deps.db('parent_children as pc').join('users as u', 'u.id', 'pc.child_id').where('pc.parent_id', knownParent.id).pluck('u.email');
    expect(known).toEqual([s3]);
    // With the parent link-request flow's status column, import links are accepted ones.
    if (await server.deps.db.schema.hasColumn('parent_children', 'status')) {
      expect(await server.deps.db('parent_children').where({ parent_id: parent.id }).pluck('status')).toEqual(['accepted', 'accepted']);
    }

    // The invitation is the reset-password link: it sets the first password once.
    expect((await api('POST', '/auth/login', { email: s1, password: 'anything' })).status).toBe(401);
    const invite = await lastMailedToken(server, s1);
    expect(outbox(server.dataDir, s1).at(-1)?.link).toMatch(/\/reset-password\?token=/);
    expect((await api('POST', '/auth/reset-password', { token: invite, password: 'first-pass' })).status).toBe(200);
    const login = await api('POST', '/auth/login', { email: s1, password: 'first-pass' });
    expect(login.status).toBe(200);
    expect(login.body.data.user).toMatchObject({ role: 'student', grade: 7, section: 'B', isVerified: true });
    expect((await api('POST', '/auth/reset-password', { token: invite, password: 'again-pass' })).status).toBe(400);
    expect(await lastMailedToken(server, newParent)).toBeTruthy();

    // Importing the same file again creates nobody: every address now has an account.
    const again = await api('POST', '/users/import/confirm', { csv }, { token });
    expect(again.body.data).toMatchObject({ created: 0, parentsCreated: 0 });
  });

  it('refuses a file without the required columns, an empty file, and text that is not CSV', async () => {
    const { token } = await signedIn('admin');
    const columns = await api('POST', '/users/import/preview', { csv: 'name,mail\nA,a@b.test' }, { token });
    expect(columns.status).toBe(400);
    expect(columns.body.message).toMatch(/missing: firstName, lastName, email, role/);
    expect((await api('POST', '/users/import/preview', { csv: '  ' }, { token })).body.message).toBe(USER_MSG.csvRequired);
    expect((await api('POST', '/users/import/preview', {}, { token })).body.message).toBe(USER_MSG.csvRequired);
    expect((await api('POST', '/users/import/preview', { csv: `${header}\n` }, { token })).body.message).toBe(USER_MSG.csvRequired);
    const broken = await api('POST', '/users/import/preview', { csv: `${header}\n"unclosed,quote,x@y.test,student` }, { token });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/could not be read/);
  });
});
