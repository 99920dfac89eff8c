import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PLATFORM_SETTINGS } from '@exam/shared';
import { buildAttempt, buildExam, buildUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { deleteExpiredEvidence, evidenceKey } from '../services/evidence';
import { deleteExpiredSaveLog } from '../services/integrity/saveLogRetention';
import { savePlatformSettings } from '../services/platformSettings';
import { startEvidenceRetention } from './evidenceRetention';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const DAY = 86_400_000;

/** An attempt of its own, and a way to keep a picture of it taken `ageDays` ago that expires in `expiresInDays`. */
async function attemptWithPictures() {
  const teacher = await buildUser(server.deps, { role: 'teacher' });
  const student = await buildUser(server.deps, { role: 'student' });
  const exam = await buildExam(server.deps, teacher.id);
  const attempt = await buildAttempt(server.deps, exam.id, student.id, 1, 'in_progress');
  const keep = async (ageDays: number, expiresInDays: number) => {
    const id = randomUUID();
    const key = evidenceKey(attempt.id, id);
    await server.deps.files.put(key, Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg');
    await server.deps.db('proctoring_evidence').insert({
      id,
      attempt_id: attempt.id,
      exam_id: exam.id,
      student_id: student.id,
      flag_id: randomUUID(),
      kind: 'face-missing',
      source: 'camera',
      file_key: key,
      size: 4,
      created_at: new Date(Date.now() - ageDays * DAY),
      expires_at: new Date(Date.now() + expiresInDays * DAY),
    });
    return { id, key };
  };
  return Object.assign(keep, { attemptId: attempt.id });
}

const kept = async (p: { id: string; key: string }) => ({
  row: !!(await server.deps.db('proctoring_evidence').where({ id: p.id }).first('id')),
  file: !!(await server.deps.files.get(p.key)),
});

describe('evidence retention', () => {
  it('deletes the row and the file of a picture past its retention and keeps a newer one', async () => {
    const picture = await attemptWithPictures();
    const expired = await picture(31, -1 / 1440);
    const fresh = await picture(1, 29);
    await deleteExpiredEvidence(server.deps);
    expect(await kept(expired)).toEqual({ row: false, file: false });
    expect(await kept(fresh)).toEqual({ row: true, file: true });
  });

  it('a retention the admin shortened since the upload applies to pictures already kept', async () => {
    const picture = await attemptWithPictures();
    const tenDaysOld = await picture(10, 20);
    const twoDaysOld = await picture(2, 28);
    const admin = await buildUser(server.deps, { role: 'admin' });
    await savePlatformSettings(server.deps, { ...DEFAULT_PLATFORM_SETTINGS, evidence: { retentionDays: 7 } }, admin.id);
    try {
      await deleteExpiredEvidence(server.deps);
      expect(await kept(tenDaysOld)).toEqual({ row: false, file: false });
      expect(await kept(twoDaysOld)).toEqual({ row: true, file: true });
    } finally {
      await savePlatformSettings(server.deps, DEFAULT_PLATFORM_SETTINGS, admin.id);
    }
  });

  it('a picture whose attempt was deleted (a removed account) still has its file deleted when it expires', async () => {
    const picture = await attemptWithPictures();
    const expired = await picture(31, -1 / 1440);
    await server.deps.db('attempts').where({ id: picture.attemptId }).del();
    expect(await kept(expired)).toEqual({ row: true, file: true });
    await deleteExpiredEvidence(server.deps);
    expect(await kept(expired)).toEqual({ row: false, file: false });
  });

  it('runs by itself on its interval', async () => {
    const picture = await attemptWithPictures();
    const expired = await picture(40, -1);
    const job = startEvidenceRetention(server.deps, 50);
    try {
      await vi.waitFor(async () => expect(await kept(expired)).toEqual({ row: false, file: false }), { timeout: 10_000, interval: 50 });
    } finally {
      await job.stop();
    }
  });
});

describe('the record of each save', () => {
  it('is forgotten after the school’s retention, oldest first, while newer saves and the answers stay', async () => {
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const student = await buildUser(server.deps, { role: 'student' });
    const exam = await buildExam(server.deps, teacher.id);
    const attempt = await buildAttempt(server.deps, exam.id, student.id, 1, 'submitted');
    const questionId = randomUUID();
    const saveAt = (ageDays: number, seq: number) => ({ attempt_id: attempt.id, question_id: questionId, seq, saved_at: new Date(Date.now() - ageDays * DAY) });
    await server.deps.db('answer_saves').insert([saveAt(40, 1), saveAt(31, 2), saveAt(2, 3)]);
    await deleteExpiredSaveLog(server.deps);
    const left = (await server.deps.db('answer_saves').where({ attempt_id: attempt.id }).orderBy('seq').pluck('seq')) as number[];
    // The school keeps 30 days unless it changes it: the 40- and 31-day-old records go.
    expect(DEFAULT_PLATFORM_SETTINGS.evidence.retentionDays).toBe(30);
    expect(left).toEqual([3]);
  });
});
