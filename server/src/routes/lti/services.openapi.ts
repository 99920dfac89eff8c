import { EXAM_MSG, LTI_MSG, MSG, gradePostSchema, ltiExamLinkSchema } from '@exam/shared';
import { z } from 'zod';
import type { RouteDocs } from '../../openapi/types';

const examErrors = { 403: MSG.forbidden, 404: EXAM_MSG.examNotFound };

export const ltiServiceDocs: RouteDocs = {
  'GET /lti/exams/:examId/links': {
    summary: 'The LMS course links of an exam (each activity a teacher added with Deep Linking), with their roster’s last sync and their grade posts counted',
    description:
      'For the exam’s owner and admins. `rosterSyncedAt` is when the course’s roster was last read (on a launch at most once a minute, or by “sync now”), `rosterError` what went wrong then (null when it worked). `grades` counts the link’s grade posts by status. No links: an empty list.',
    data: z.object({ links: z.array(ltiExamLinkSchema) }),
    errors: examErrors,
  },
  'GET /lti/exams/:examId/grade-posts': {
    summary: 'Each student’s score on its way to the LMS gradebook: failed ones first, then those waiting, then those sent',
    description:
      'For the exam’s owner and admins. One per course link and attempt (the student’s latest finished attempt, once its result is out to them). `gradingProgress` is `PendingManual` while essays wait for marks (then `scoreGiven` is null: see docs/lti.md), `FullyGraded` after. A waiting post shows its `tries`, `lastError` and `nextTryAt`; a failed one waits for a retry.',
    data: z.object({ posts: z.array(gradePostSchema) }),
    errors: examErrors,
  },
  'POST /lti/exams/:examId/grade-posts/retry': {
    summary: 'Send the exam’s failed grade posts again, now, from no tries',
    description: 'For the exam’s owner and admins. `retried` is how many went back to waiting.',
    data: z.object({ retried: z.number().int() }),
    errors: examErrors,
  },
  'POST /lti/links/:linkId/roster-sync': {
    summary: 'Read the course’s roster from the LMS now: its active Learners become the exam’s students, those gone leave (if the roster put them there)',
    description:
      'For the exam’s owner and admins. Answers the link as `GET …/links` shows it once the sync is done; a failure of the LMS is no error here: it is in `rosterError`, and the exam’s students stay as they were.',
    data: z.object({ link: ltiExamLinkSchema }),
    errors: { 403: MSG.forbidden, 404: `${LTI_MSG.rosterLinkNotFound} / ${EXAM_MSG.examNotFound}`, 409: LTI_MSG.rosterNoService },
  },
};
