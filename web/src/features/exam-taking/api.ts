import { msg } from '../../i18n/messages';
import { SUBMIT_REASONS, sebRefusalSchema, type Submission } from '@exam/shared';
import { z } from 'zod';
import { ApiError, http, messageFromServer } from '../../api/http';
import type { SubmitInput } from './examTakingMachine';
import { TAKING_MSG } from './messages';
import { TakingError, examDetailSchema, startResponseSchema, type LoadedExam, type StartedAttempt, type SubmitOutcome } from './types';

/**
 * The REST calls of the taking screen, each turning failures into the texts the
 * screen shows, so the machine only has to show them.
 */

const examPath = (id: string) => `/exams/${encodeURIComponent(id)}`;

/** Load failures: 404 'Exam not found.', 403 not accessible / not yet available, a network message. */
export function loadFailure(error: unknown): TakingError {
  if (!(error instanceof ApiError)) return new TakingError('other', msg('common.unexpectedError'));
  if (error.status === 404) return new TakingError('not-found', msg('exams.examNotFound'));
  // An exam that requires Safe Exam Browser, opened elsewhere: the refusal says where its file is.
  const seb = error.status === 403 ? sebRefusalSchema.safeParse(error.data) : undefined;
  if (seb?.success) return new TakingError('seb-required', error.serverMessage ?? msg('seb.required'), seb.data.seb);
  if (error.status === 403) return new TakingError('forbidden', error.serverMessage ?? msg('exams.notAccessible'));
  if (error.status === 401) return new TakingError('session', msg('common.sessionExpired'));
  if (error.status === 0) return new TakingError('network', msg('common.networkError'));
  return new TakingError('other', error.message);
}

function parsed<T>(schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (!result.success) throw new TakingError('other', msg('common.unexpectedError'));
  return result.data;
}

export async function loadExam(examId: string): Promise<LoadedExam> {
  try {
    const { data } = await http.get<unknown>(examPath(examId));
    const detail = parsed(examDetailSchema, data);
    return { exam: inSebRelaxed(detail.exam), attemptInProgress: !!detail.attemptId || !!detail.exam.userAttempts?.inProgress };
  } catch (error) {
    throw error instanceof TakingError ? error : loadFailure(error);
  }
}

/**
 * Safe Exam Browser keeps the student in the exam and has no tabs, and its window is not the
 * browser's fullscreen: an exam sat in it asks for no fullscreen and counts neither (docs/seb.md).
 */
function inSebRelaxed(exam: LoadedExam['exam']): LoadedExam['exam'] {
  if (!exam.settings.requireSeb) return exam;
  return { ...exam, settings: { ...exam.settings, proctoring: { ...exam.settings.proctoring, preventTabSwitching: false, requireFullscreen: false } } };
}

export async function startAttempt(examId: string): Promise<StartedAttempt> {
  const sentAt = Date.now();
  let data: unknown;
  let message: string | undefined;
  try {
    ({ data, message } = await http.post<unknown>(`${examPath(examId)}/start`));
  } catch (error) {
    throw new TakingError('other', messageFromServer(error, TAKING_MSG.startFailed));
  }
  const receivedAt = Date.now();
  const started = parsed(startResponseSchema, data);
  return {
    attemptId: started.submission._id,
    startedAt: Date.parse(started.submission.startedAt),
    questions: started.questions,
    session: started.session,
    sentAt,
    receivedAt,
    message,
  };
}

const submitResponseSchema = z.object({
  submissionId: z.string(),
  submission: z.object({ submitReason: z.enum(SUBMIT_REASONS).nullable().catch(null) }).optional(),
});

/** POST /submissions, the call the taking screen submits with; autosave already holds the answers. */
export async function submitAttempt(input: SubmitInput): Promise<SubmitOutcome> {
  let data: unknown;
  try {
    data = (
      await http.post<unknown>('/submissions', {
        examId: input.examId,
        answers: input.answers,
        timeSpent: input.timeSpent,
        securityFlags: input.securityFlags,
      })
    ).data;
  } catch (error) {
    throw new TakingError('other', messageFromServer(error, TAKING_MSG.submitFailed));
  }
  const result = parsed(submitResponseSchema, data);
  return { submissionId: result.submissionId, reason: result.submission?.submitReason ?? 'student' };
}

const submissionDetailSchema = z.object({
  submission: z.object({ _id: z.string(), submitReason: z.enum(SUBMIT_REASONS).nullable().catch(null) }),
}) satisfies z.ZodType<{ submission: Pick<Submission, '_id' | 'submitReason'> }>;

/** Why an attempt was closed, when the join only said that it was (GET /submissions/{id}). */
export async function readSubmitReason(attemptId: string): Promise<SubmitOutcome> {
  const { data } = await http.get<unknown>(`/submissions/${encodeURIComponent(attemptId)}`);
  const { submission } = parsed(submissionDetailSchema, data);
  return { submissionId: submission._id, reason: submission.submitReason };
}
