import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import {
  EVIDENCE_GAP_MS,
  MAX_EVIDENCE_PER_ATTEMPT,
  PROCTORING_MSG,
  SESSION_MSG,
  type EvidenceItem,
  type EvidenceUpload,
  type ExamSettings,
} from '@exam/shared';
import type { Deps } from '../deps';
import { AppError, Errors } from '../errors';
import type { Viewer } from '../policies';
import { mayReadEvidence } from '../policies/evidence';
import type { StoredFile } from '../ports/fileStore';
import { getPlatformSettings } from './platformSettings';

interface EvidenceRow {
  id: string;
  attempt_id: string;
  exam_id: string;
  student_id: string;
  flag_id: string;
  kind: EvidenceItem['kind'];
  source: EvidenceItem['source'];
  file_key: string;
  size: number;
  created_at: Date | string;
  expires_at: Date | string;
}

const notFound = () => Errors.notFound(PROCTORING_MSG.evidenceNotFound);
const tooFrequent = (retryAfterMs: number) =>
  new AppError(429, 'too-many-requests', PROCTORING_MSG.evidenceTooFrequent, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });

export const evidenceKey = (attemptId: string, id: string) => `evidence/${attemptId}/${id}.jpg`;

function present(r: EvidenceRow): EvidenceItem {
  return {
    id: r.id,
    attemptId: r.attempt_id,
    flagId: r.flag_id,
    kind: r.kind,
    source: r.source,
    size: r.size,
    createdAt: new Date(r.created_at).toISOString(),
    expiresAt: new Date(r.expires_at).toISOString(),
  };
}

/** Whether the viewer was added to the exam's hall (`e` is the exams alias): the evidence rule admits its staff. */
const viewerOnStaff = (deps: Deps, viewer: Viewer) =>
  deps.db.raw('exists (select 1 from exam_staff st where st.exam_id = e.id and st.user_id = ?) as viewer_on_staff', [viewer.user.id]);

/** The attempt with what the upload and the access rule need of its exam. */
async function attemptWithExam(deps: Deps, viewer: Viewer, attemptId: string) {
  return (await deps
    .db('attempts as a')
    .join('exams as e', 'e.id', 'a.exam_id')
    .where('a.id', attemptId)
    .first('a.id', 'a.exam_id', 'a.student_id', 'a.status', 'e.owner_id as exam_owner_id', 'e.settings', viewerOnStaff(deps, viewer))) as
    | {
        id: string;
        exam_id: string;
        student_id: string;
        status: string;
        exam_owner_id: string;
        viewer_on_staff: boolean;
        settings: { proctoring?: Partial<ExamSettings['proctoring']> };
      }
    | undefined;
}

/** Refuses a burst: one picture of a source per gap, and a ceiling per attempt (a device in a loop, or a script). */
async function assertWithinLimits(deps: Deps, attemptId: string, source: EvidenceItem['source']): Promise<void> {
  const row = (await deps
    .db('proctoring_evidence')
    .where({ attempt_id: attemptId })
    .first(
      deps.db.raw('count(*)::int as n'),
      deps.db.raw(`(extract(epoch from now() - max(created_at) filter (where source = ?)) * 1000)::float8 as since_ms`, [source]),
    )) as { n: number; since_ms: number | null };
  if (row.n >= MAX_EVIDENCE_PER_ATTEMPT) throw tooFrequent(60_000);
  if (row.since_ms !== null && row.since_ms < EVIDENCE_GAP_MS) throw tooFrequent(EVIDENCE_GAP_MS - row.since_ms);
}

/**
 * Keeps the one picture a flag's device sent, for the student's own attempt in progress on an exam
 * that keeps evidence. The type is judged by the bytes, never by the name or the header the browser
 * sent. The file is written before the row that points at it, and removed if the row is refused.
 */
export async function storeEvidence(deps: Deps, viewer: Viewer, attemptId: string, input: EvidenceUpload, tempPath: string | undefined): Promise<EvidenceItem> {
  const attempt = await attemptWithExam(deps, viewer, attemptId);
  // Another student's attempt reads as none at all.
  if (!attempt || attempt.student_id !== viewer.user.id) throw Errors.notFound(SESSION_MSG.attemptNotFound);
  const p = attempt.settings.proctoring;
  if (!(p?.enabled && p.evidencePictures)) throw Errors.conflict(PROCTORING_MSG.evidenceOff);
  if (attempt.status !== 'in_progress') throw Errors.conflict(SESSION_MSG.attemptClosed);
  if (!tempPath) throw Errors.badRequest(PROCTORING_MSG.evidenceNotJpeg, 'picture');
  const bytes = await readFile(tempPath);
  const type = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (type?.mime !== 'image/jpeg') throw Errors.badRequest(PROCTORING_MSG.evidenceNotJpeg, 'picture');
  await assertWithinLimits(deps, attemptId, input.source);

  const { retentionDays } = (await getPlatformSettings(deps)).evidence;
  const id = randomUUID();
  const key = evidenceKey(attemptId, id);
  await deps.files.put(key, bytes, 'image/jpeg');
  try {
    const [row] = (await deps
      .db('proctoring_evidence')
      .insert({
        id,
        attempt_id: attemptId,
        exam_id: attempt.exam_id,
        student_id: attempt.student_id,
        flag_id: input.flagId,
        kind: input.kind,
        source: input.source,
        file_key: key,
        size: bytes.length,
        expires_at: deps.db.raw('now() + make_interval(days => ?)', [retentionDays]),
      })
      .returning('*')) as EvidenceRow[];
    return present(row!);
  } catch (err) {
    await deps.files.delete(key).catch(() => undefined);
    throw err;
  }
}

/** One picture's bytes, for those the evidence rule admits; anyone else is told it does not exist. */
export async function openEvidence(deps: Deps, viewer: Viewer, id: string): Promise<StoredFile> {
  const row = (await deps
    .db('proctoring_evidence as v')
    .join('exams as e', 'e.id', 'v.exam_id')
    .where('v.id', id)
    .first('v.file_key', 'v.student_id', 'e.owner_id as exam_owner_id', viewerOnStaff(deps, viewer))) as
    | { file_key: string; student_id: string; exam_owner_id: string; viewer_on_staff: boolean }
    | undefined;
  if (!row || !mayReadEvidence(viewer, row)) throw notFound();
  const file = await deps.files.get(row.file_key);
  if (!file) throw notFound();
  return file;
}

/** The pictures kept of one attempt, oldest first, for those the evidence rule admits. */
export async function listEvidence(deps: Deps, viewer: Viewer, attemptId: string): Promise<EvidenceItem[]> {
  const attempt = await attemptWithExam(deps, viewer, attemptId);
  if (!attempt || !mayReadEvidence(viewer, attempt)) throw Errors.notFound(SESSION_MSG.attemptNotFound);
  const rows = (await deps.db('proctoring_evidence').where({ attempt_id: attemptId }).orderBy('created_at').select('*')) as EvidenceRow[];
  return rows.map(present);
}

const EXPIRED_BATCH = 500;
const MAX_BATCHES_PER_RUN = 20;

/**
 * Deletes pictures past their retention: the time fixed at upload, or the school's current setting
 * when an admin has since shortened it. Rows go first, locked with SKIP LOCKED so nodes running
 * the job at once share the work; then their files. A crash between the two leaves files no row
 * names (harmless, never served); deleting a file already gone is no error.
 */
export async function deleteExpiredEvidence(deps: Deps): Promise<number> {
  const { retentionDays } = (await getPlatformSettings(deps)).evidence;
  let deleted = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
    const result = (await deps.db.raw(
      `delete from proctoring_evidence where id in (
         select id from proctoring_evidence
          where expires_at < now() or created_at < now() - make_interval(days => ?)
          order by expires_at limit ? for update skip locked)
       returning file_key`,
      [retentionDays, EXPIRED_BATCH],
    )) as { rows: { file_key: string }[] };
    for (const { file_key } of result.rows) await deps.files.delete(file_key);
    deleted += result.rows.length;
    if (result.rows.length < EXPIRED_BATCH) break;
  }
  return deleted;
}
