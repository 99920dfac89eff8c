import type { RouteDocs } from '../../openapi/types';

const ACK = 'committed before this answer arrives';

export const submissionDocs: RouteDocs = {
  'POST /submissions/start': { summary: 'Start (or resume) an attempt by exam id', data: '`{ submission, exam, questions, deadlineAt, serverTime }`' },
  'POST /submissions/answer': {
    summary: 'Save one answer (the REST twin of the socket’s answer:save)',
    description: `Idempotent by \`seq\`: an older seq never overwrites a newer one; ${ACK}. Refused after the deadline.`,
    data: '`{ questionId, seq, savedAt }`',
  },
  'POST /submissions/submit': { summary: 'Submit an attempt by its id: closed and graded in one transaction with every saved answer', data: '`{ submission }`' },
  'POST /submissions': { summary: 'Submit an attempt, with any last answers', data: '`{ submission }`' },
  'GET /submissions': {
    summary: 'Results lists',
    description:
      'A student: their own. A parent: their children’s (or one child’s with `student`). A teacher: submissions to their exams. Admins: any. `student.email` is null unless the student shows it (privacy: showEmail) or the reader is them or an admin. `displayStatus` is In Progress, Reviewing (submitted, waiting for grading: `isPassed` is null), Passed or Failed, or Submitted where the result is not out to this reader; `isPassed` is null whenever there is no final outcome yet, never false for it.',
    data: '`{ submissions, total, totalPages }`',
  },
  'GET /submissions/:id': { summary: 'One result, with what the exam lets its reader see', data: '`{ submission }`' },
  'POST /submissions/:id/grade': { summary: 'Grade essays or override marks; each change goes into the grade history', data: '`{ submission }`' },
  'PUT /submissions/:id/grade': { summary: 'Same as POST: grade or regrade', data: '`{ submission }`' },
};
