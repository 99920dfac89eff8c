import { EXAM_MSG, MSG, PROCTORING_MSG, SESSION_MSG, evidenceUploadSchema, feedHistorySchema } from '@exam/shared';
import type { RouteDocs } from '../../openapi/types';

export const proctoringDocs: RouteDocs = {
  'POST /attempts/:attemptId/evidence': {
    summary: 'Keep the one small picture the student’s device took when a check raised a flag',
    description:
      'Multipart: `picture` (a JPEG of at most 61,440 bytes, judged by its bytes), with `flagId`, `kind` (a device flag) and `source` (camera or screen). Only for the student’s own attempt in progress on an exam that keeps evidence pictures; at most one picture of a source every 2 s and 100 an attempt. It is deleted after the school’s retention (`expiresAt`).',
    body: evidenceUploadSchema,
    status: 201,
    data: '`{ evidence: { id, attemptId, flagId, kind, source, size, createdAt, expiresAt } }`',
    errors: {
      400: `${PROCTORING_MSG.evidenceTooLarge} / ${PROCTORING_MSG.evidenceNotJpeg}`,
      404: SESSION_MSG.attemptNotFound,
      409: PROCTORING_MSG.evidenceOff,
      429: PROCTORING_MSG.evidenceTooFrequent,
    },
  },
  'GET /attempts/:attemptId/evidence': {
    summary: 'The evidence pictures kept of one attempt',
    description: 'For the student themself, the teacher who owns the exam, the teachers added to its hall (proctors and reviewers) and admins; anyone else is told the attempt does not exist.',
    data: '`{ evidence: [{ id, attemptId, flagId, kind, source, size, createdAt, expiresAt }] }`',
    errors: { 404: SESSION_MSG.attemptNotFound },
  },
  'GET /evidence/:id': {
    summary: 'One evidence picture (image/jpeg), never cached',
    description: 'For the student it shows, the teacher who owns the exam, the teachers added to its hall (proctors and reviewers) and admins; anyone else gets 404, so nobody learns it exists. Sent with `Cache-Control: private, no-store`.',
    produces: 'image/jpeg',
    errors: { 404: PROCTORING_MSG.evidenceNotFound },
  },
  'GET /exams/:id/waivers': {
    summary: 'The checks waived for students of an exam (accommodations)',
    data: '`{ waivers: [{ studentId, check, reason, grantedBy, createdAt }] }`',
    errors: { 403: MSG.forbidden, 404: EXAM_MSG.examNotFound },
  },
  'PUT /exams/:id/waivers/:studentId/:check': {
    summary: 'Waive a check for one student of the exam; flags of that check are then ignored',
    description: 'Tells the proctor board, the student’s device and their attempt (`proctor:waiver`, granted). Granting again changes only the reason.',
    data: '`{ waiver }`',
    errors: { 403: MSG.forbidden, 400: PROCTORING_MSG.waiverCheckUnknown, 404: EXAM_MSG.examNotFound },
  },
  'DELETE /exams/:id/waivers/:studentId/:check': {
    summary: 'Revoke a waived check',
    description: 'Tells the proctor board, the student’s device and their attempt (`proctor:waiver`, not granted). Revoking a check not waived is no error.',
    errors: { 403: MSG.forbidden, 400: PROCTORING_MSG.waiverCheckUnknown, 404: EXAM_MSG.examNotFound },
  },
  'POST /exams/:id/help': {
    summary: 'A student who cannot pass a required check asks the proctor for help',
    description: 'The proctor board hears it at once (`proctor:help`). Asking again about the same check while the request is open updates it.',
    status: 201,
    data: '`{ request }`',
    errors: { 400: PROCTORING_MSG.helpNoteTooLong, 403: EXAM_MSG.notAccessible, 404: EXAM_MSG.examNotFound },
  },
  'GET /exams/:id/help': {
    summary: 'An exam’s help requests, newest first (`status=open` for those still waiting)',
    data: '`{ requests: [{ id, examId, studentId, student, check, note, status, createdAt, resolvedAt }] }`',
    errors: { 403: MSG.forbidden, 404: EXAM_MSG.examNotFound },
  },
  'POST /help/:id/resolve': {
    summary: 'Mark a help request resolved',
    description: 'The proctor board hears it (`proctor:help`, resolved).',
    data: '`{ request }`',
    errors: { 403: MSG.forbidden, 404: MSG.notFound },
  },
  'GET /exams/:id/proctor-feed': {
    summary: 'The proctor board’s event feed, newest first, a page at a time, so it survives a reload',
    description: 'The events the board showed live (joined, violation, network, message, extended, submitted, …). A message to all students is one event, with `broadcastId` and `count`.',
    data: feedHistorySchema,
    errors: { 403: MSG.forbidden, 404: EXAM_MSG.examNotFound },
  },
};
