import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAttempt, buildExam, buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { followUpFacts } from '../services/followUpFacts';
import { INTEGRITY_OUTCOMES, INTEGRITY_STATES } from '@exam/shared';
import { resultHold, resultHoldSql, resultsVisible, resultsVisibleSql, type ResultsVisibilityFacts } from './results';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const token = async (email: string) => (await server.api('POST', '/auth/login', { email, password: TEST_PASSWORD })).body.data.accessToken as string;

/** A graded attempt (scored `percentage`) of its own student on an exam whose stored settings are then rewritten by `settingsSql`. */
async function gradedOn(settingsSql: string, percentage: number) {
  const teacher = await buildUser(server.deps, { role: 'teacher' });
  const student = await buildUser(server.deps, { role: 'student' });
  const exam = await buildExam(server.deps, teacher.id, { state: 'completed' });
  await server.deps.db.raw(`update exams set settings = ${settingsSql} where id = ?`, [exam.id]);
  const attempt = await buildAttempt(server.deps, exam.id, student.id);
  await server.deps.db('attempts').where({ id: attempt.id }).update({ status: 'graded', percentage, score: percentage / 10, max_score: 10, passed: percentage >= 60, graded_at: new Date() });
  return { student, exam, percentage, token: await token(student.email) };
}

/** Whether each reader of the rule shows the student their one score. */
async function readings({ student, exam, percentage, token }: Awaited<ReturnType<typeof gradedOn>>) {
  const { db } = server.deps;
  const stored = (await db('exams').where({ id: exam.id }).first('settings', 'results_released_at')) as ResultsVisibilityFacts;
  const list = (await server.api('GET', '/submissions', undefined, { token })).body.data.submissions as { percentage: number | null }[];
  const dashboard = (await server.api('GET', '/dashboard/student', undefined, { token })).body.data;
  const stats = (await server.api('GET', '/users/stats', undefined, { token })).body.data.stats;
  const facts = await followUpFacts(db, [{ exam_id: exam.id, student_id: student.id, status: 'graded' }]);
  return {
    predicate: resultsVisible(stored),
    list: list[0]?.percentage === percentage,
    dashboard: dashboard.stats.averageScore === percentage,
    stats: stats.averageScore === percentage,
    followUp: facts.results.get(student.id)?.length === 1,
  };
}

describe('whether a student or parent may see a score yet', () => {
  const released = new Date();
  const table: [string, ResultsVisibilityFacts, boolean][] = [
    ['an exam that shows results at once', { settings: { showResultsImmediately: true }, results_released_at: null }, true],
    ['an exam that holds them, not yet released', { settings: { showResultsImmediately: false }, results_released_at: null }, false],
    ['an exam that holds them, released', { settings: { showResultsImmediately: false }, results_released_at: released }, true],
    ['an exam whose settings lack the key (the default: at once)', { settings: {}, results_released_at: null }, true],
  ];
  it.each(table)('%s: %s', (_what, exam, visible) => {
    expect(resultsVisible(exam)).toBe(visible);
  });

  it('an exam whose stored settings lack the key shows its scores in the list, the dashboard, the statistics and the follow-up alike', async () => {
    const c = await gradedOn(`settings - 'showResultsImmediately'`, 87);
    expect(await readings(c)).toEqual({ predicate: true, list: true, dashboard: true, stats: true, followUp: true });
  });

  it('an exam that holds its results back until release hides the score from every reader alike', async () => {
    const c = await gradedOn(`jsonb_set(settings, '{showResultsImmediately}', 'false')`, 73);
    expect(await readings(c)).toEqual({ predicate: false, list: false, dashboard: false, stats: false, followUp: false });
  });

  it('releasing the results shows them to every reader alike', async () => {
    const c = await gradedOn(`jsonb_set(settings, '{showResultsImmediately}', 'false')`, 64);
    await server.deps.db('exams').where({ id: c.exam.id }).update({ results_released_at: new Date() });
    expect(await readings(c)).toEqual({ predicate: true, list: true, dashboard: true, stats: true, followUp: true });
  });
});

describe('an attempt a release of the marked results only left out', () => {
  it('the SQL twin says what the rule says, for every exam setting, release and mark', async () => {
    const cases = [];
    for (const immediately of [true, false, undefined]) for (const released of [true, false]) for (const held of [true, false, null]) cases.push({ immediately, released, held });
    const settings = (immediately: boolean | undefined) => JSON.stringify(immediately === undefined ? {} : { showResultsImmediately: immediately });
    const { rows } = (await server.deps.db.raw(
      `select ${resultsVisibleSql('e', 'a')} as visible
         from unnest(?::jsonb[], ?::timestamptz[], ?::boolean[]) with ordinality as c(settings, results_released_at, release_held, n),
              lateral (select c.settings, c.results_released_at) e, lateral (select c.release_held) a
        order by c.n`,
      [cases.map((c) => settings(c.immediately)), cases.map((c) => (c.released ? new Date().toISOString() : null)), cases.map((c) => c.held)] as unknown as readonly string[],
    )) as { rows: { visible: boolean }[] };
    const expected = cases.map((c) => resultsVisible({ settings: JSON.parse(settings(c.immediately)) as { showResultsImmediately?: boolean }, results_released_at: c.released ? new Date() : null }, { release_held: c.held }));
    expect(rows.map((r) => r.visible)).toEqual(expected);
    // The case that matters: released, yet this attempt is left out.
    expect(resultsVisible({ settings: { showResultsImmediately: false }, results_released_at: new Date() }, { release_held: true })).toBe(false);
  });

  it('hides the score from every reader alike until the teacher releases again', async () => {
    const c = await gradedOn(`jsonb_set(settings, '{showResultsImmediately}', 'false')`, 58);
    const { db } = server.deps;
    await db('exams').where({ id: c.exam.id }).update({ results_released_at: new Date() });
    await db('attempts').where({ student_id: c.student.id }).update({ release_held: true });
    const held = await readings(c);
    expect({ ...held, predicate: undefined }).toEqual({ predicate: undefined, list: false, dashboard: false, stats: false, followUp: false });
    await db('attempts').where({ student_id: c.student.id }).update({ release_held: false });
    expect(await readings(c)).toEqual({ predicate: true, list: true, dashboard: true, stats: true, followUp: true });
  });
});

describe('a result the integrity review holds', () => {
  it('the SQL twin of the hold says what the rule says, for every exam setting, ending, state and outcome', async () => {
    const cases = [];
    for (const wait of [true, false, undefined])
      for (const reason of ['student', 'violations', null])
        for (const state of INTEGRITY_STATES)
          for (const outcome of [...INTEGRITY_OUTCOMES, null]) cases.push({ wait, reason, state, outcome });
    const settings = (wait: boolean | undefined) => JSON.stringify(wait === undefined ? {} : { resultsWaitForReview: wait });
    const { rows } = (await server.deps.db.raw(
      `select ${resultHoldSql('e', 'a')} as hold
         from unnest(?::jsonb[], ?::text[], ?::text[], ?::text[]) with ordinality as c(settings, submit_reason, integrity_state, integrity_outcome, n),
              lateral (select c.settings) e, lateral (select c.submit_reason, c.integrity_state, c.integrity_outcome) a
        order by c.n`,
      [cases.map((c) => settings(c.wait)), cases.map((c) => c.reason), cases.map((c) => c.state), cases.map((c) => c.outcome)] as unknown as readonly string[],
    )) as { rows: { hold: string | null }[] };
    expect(rows.map((r) => r.hold)).toEqual(
      cases.map((c) => resultHold({ settings: JSON.parse(settings(c.wait)) as { resultsWaitForReview?: boolean } }, { submit_reason: c.reason, integrity_state: c.state, integrity_outcome: c.outcome })),
    );
  });

  it('hides the score from every reader alike until the review lets it out, though the exam shows results at once', async () => {
    const c = await gradedOn(`jsonb_set(settings, '{resultsWaitForReview}', 'true')`, 91);
    const { db } = server.deps;
    const attempt = (await db('attempts').where({ student_id: c.student.id }).first('id')) as { id: string };
    await db('attempts').where({ id: attempt.id }).update({ integrity_state: 'needs_review' });
    expect(await readings(c)).toEqual({ predicate: true, list: false, dashboard: false, stats: false, followUp: false });
    const held = (await server.api('GET', '/submissions', undefined, { token: c.token })).body.data.submissions[0];
    expect(held).toMatchObject({ integrityHold: 'under_review', integrityState: null, score: null, percentage: null, grade: null });
    await db('attempts').where({ id: attempt.id }).update({ integrity_state: 'clear' });
    expect(await readings(c)).toEqual({ predicate: true, list: true, dashboard: true, stats: true, followUp: true });
  });
});
