import { BREAK_MSG, GRADING_MSG, MARKING_MSG } from '@exam/shared';
import type { RouteDocs } from '../../openapi/types';

const ACK = 'committed before this answer arrives';

const GRADE = [
  'Each grade gives `marks`, or `rubric` (criterion id → level id) for a question with a rubric: the marks are then the chosen levels’ points (`marks`, if also sent, must equal them), and the answer keeps the rubric as it stands now with the levels chosen, so a later edit of the question’s rubric does not change it. Plain marks clear a stored rubric assessment, unless they equal the stored marks (a feedback-only edit keeps it).',
  'Two teachers at once: a save writes only the answers it names, so teachers marking different answers of one attempt both land. Every save of an answer raises its `markVersion` (staff read it on each answer). A grade carrying `version` (the `markVersion` its marker read) is refused when the answer has been saved since: 409, and nothing of the whole save is written. A grade without `version` is written whatever happened meanwhile (last writer wins), as older clients expect.',
].join(' ');
const GRADE_ERRORS = { 400: `${MARKING_MSG.rubricIncomplete} / ${MARKING_MSG.noRubric} / ${MARKING_MSG.marksNotRubric}`, 404: GRADING_MSG.resultNotFound, 409: MARKING_MSG.markedMeanwhile };

export const submissionDocs: RouteDocs = {
  'POST /submissions/start': { summary: 'Start (or resume) an attempt by exam id', data: '`{ submission, exam, questions, deadlineAt, serverTime }`' },
  'POST /submissions/answer': {
    summary: 'Save one answer (the REST twin of the socket’s answer:save)',
    description: `Idempotent by \`seq\`: an older seq never overwrites a newer one; ${ACK}. Refused after the deadline, and while the student is on a rest break (409 \`on-break\`).`,
    data: '`{ questionId, seq, savedAt }`',
    errors: { 409: BREAK_MSG.onBreak },
  },
  'POST /submissions/submit': { summary: 'Submit an attempt by its id: closed and graded in one transaction with every saved answer', description: 'Refused while the student is on a rest break (409 `on-break`): the attempt stays open.', data: '`{ submission }`', errors: { 409: BREAK_MSG.onBreak } },
  'POST /submissions': { summary: 'Submit an attempt, with any last answers', description: 'Refused while the student is on a rest break (409 `on-break`): the attempt stays open.', data: '`{ submission }`', errors: { 409: BREAK_MSG.onBreak } },
  'GET /submissions': {
    summary: 'Results lists',
    description:
      'A student: their own. A parent: their children’s (or one child’s with `student`). A teacher: submissions to their exams. Admins: any. `student.email` is null unless the student shows it (privacy: showEmail) or the reader is them or an admin. `displayStatus` is In Progress, Reviewing (submitted, waiting for grading: `isPassed` is null), Passed or Failed, or Submitted where the result is not out to this reader; `isPassed` is null whenever there is no final outcome yet, never false for it.',
    data: '`{ submissions, total, totalPages }`',
  },
  'GET /submissions/:id': {
    summary: 'One result, with what the exam lets its reader see',
    description:
      'Staff read on each answer the question’s `rubric` and the answer’s `markVersion` (send it back as the grade’s `version`), and `anonymousMarking` beside the submission. `rubricAssessment` (the rubric as it stood when the answer was marked, and the levels chosen) goes wherever the marks go, except to a student or parent while the attempt still waits for marks.',
    data: '`{ submission, history?, anonymousMarking? }`',
  },
  'POST /submissions/:id/grade': {
    summary: 'Grade essays or override marks; each change goes into the grade history',
    description: GRADE,
    data: '`{ submission }`',
    errors: GRADE_ERRORS,
  },
  'PUT /submissions/:id/grade': { summary: 'Same as POST: grade or regrade', description: GRADE, data: '`{ submission }`', errors: GRADE_ERRORS },
};
