import { createHash } from 'node:crypto';
import {
  EXAM_SETTINGS_DEFAULTS,
  PROCTORING_MSG,
  SESSION_MSG,
  canonicalJson,
  consentSummary,
  examSettingsSchema,
  needsConsent,
  type ConsentStatus,
  type ConsentSummary,
  type ExamSettings,
} from '@exam/shared';
import type { Deps } from '../deps';
import type { Db } from '../db';
import { Errors } from '../errors';
import type { Viewer } from '../policies';
import { sitsExams } from '../policies/people';
import { getExamFor } from './exams';
import { getPlatformSettings } from './platformSettings';
import { waiversOf } from './waivers';

/**
 * The student's acceptance of what an exam's proctoring checks and keeps (issue 58). The version
 * accepted is the hash of the summary they read, so any change to what is checked, what is kept
 * or for how long asks them again, and a change elsewhere in the exam does not.
 */

/** An exam's proctoring with every field, stored before issue 58 or after. */
export function proctoringOf(settings: unknown): ExamSettings['proctoring'] {
  const parsed = examSettingsSchema.safeParse(settings);
  return parsed.success ? parsed.data.proctoring : examSettingsSchema.parse(EXAM_SETTINGS_DEFAULTS).proctoring;
}

export const summaryHash = (summary: ConsentSummary): string => createHash('sha256').update(canonicalJson(summary)).digest('hex');

interface ConsentTerms {
  required: boolean;
  summary: ConsentSummary;
  profileHash: string;
  proctoring: ExamSettings['proctoring'];
}

async function termsOf(deps: Deps, settings: unknown): Promise<ConsentTerms> {
  const proctoring = proctoringOf(settings);
  const { evidence } = await getPlatformSettings(deps);
  const summary = consentSummary(proctoring, evidence.retentionDays);
  return { required: needsConsent(proctoring), summary, profileHash: summaryHash(summary), proctoring };
}

const accepted = async (db: Db, examId: string, studentId: string, profileHash: string) =>
  !!(await db('proctoring_consents').where({ exam_id: examId, student_id: studentId, profile_hash: profileHash }).first('id'));

async function studentExam(deps: Deps, viewer: Viewer, examId: string) {
  if (!sitsExams(viewer.user.role)) throw Errors.forbidden(SESSION_MSG.onlyStudents);
  return getExamFor(deps.db, viewer, examId, 'read');
}

/** GET /exams/:id/consent: what the student is asked to accept, whether they have, and their waivers. */
export async function consentStatus(deps: Deps, viewer: Viewer, examId: string): Promise<ConsentStatus> {
  const exam = await studentExam(deps, viewer, examId);
  const terms = await termsOf(deps, exam.settings);
  const { faceChecks, voiceCheck, screenShare, secondMonitorCheck, evidencePictures, countedFlags } = terms.proctoring;
  return {
    required: terms.required,
    accepted: terms.required ? await accepted(deps.db, examId, viewer.user.id, terms.profileHash) : true,
    profileHash: terms.profileHash,
    summary: terms.summary,
    profile: { faceChecks, voiceCheck, screenShare, secondMonitorCheck, evidencePictures, countedFlags },
    waivers: await waiversOf(deps, examId, viewer.user.id),
  };
}

/** POST /exams/:id/consent: stores the acceptance of the current version; an older one is refused. */
export async function giveConsent(deps: Deps, viewer: Viewer, examId: string, profileHash: string): Promise<void> {
  const exam = await studentExam(deps, viewer, examId);
  const terms = await termsOf(deps, exam.settings);
  if (profileHash !== terms.profileHash) throw Errors.conflict(PROCTORING_MSG.consentOutdated, 'profileHash');
  await deps.db('proctoring_consents')
    .insert({ exam_id: examId, student_id: viewer.user.id, profile_hash: profileHash, summary: JSON.stringify(terms.summary) })
    .onConflict(['exam_id', 'student_id', 'profile_hash'])
    .ignore();
}

/** Refuses a new attempt of an exam that asks for consent the student has not given to the current version. */
export async function assertConsented(deps: Deps, examId: string, studentId: string, settings: unknown): Promise<void> {
  const terms = await termsOf(deps, settings);
  if (terms.required && !(await accepted(deps.db, examId, studentId, terms.profileHash))) throw Errors.conflict(PROCTORING_MSG.consentRequired);
}
