import { EXAM_MSG, MARKING_MSG } from '@exam/shared';
import type { RouteDocs } from '../../openapi/types';

const WHO = 'The exam’s owner (or an admin): the same people who may grade its attempts.';

export const markingDocs: RouteDocs = {
  'GET /exams/:id/marking': {
    summary: 'The questions a teacher marks by hand, with how many answers each has left',
    description: `${WHO} The exam’s essays, and any other question with answers waiting for marks, in the exam’s order. Counts are over submitted attempts (an attempt in progress is not counted): \`answers\` (blank ones included), \`marked\` and \`left\` (answered, no marks yet).`,
    data: '`MarkingOverview`: `{ exam: { id, title, anonymousMarking }, questions: [{ questionId, index, text, type, points, hasRubric, answers, marked, left }] }`',
    errors: { 404: EXAM_MSG.examNotFound },
  },
  'GET /exams/:id/marking/questions/:questionId': {
    summary: 'Every submitted attempt’s answer to one question, to mark in turn',
    description: `${WHO} One entry per submitted attempt given the question (\`answer\` null and status \`blank\` when it has no answer), with status \`pending\`, \`marked\` or \`blank\`, its \`markVersion\` (send it back as each grade’s \`version\` in PUT /submissions/{id}/grade), who marked it (null for automatic marks) and the rubric levels chosen. When the exam is marked anonymously, \`studentName\` is null and the order is a shuffle that stays the same between visits; otherwise by last name, first name and attempt number. \`left\` counts the pending answers.`,
    data: '`QuestionMarking`: `{ exam, question: { questionId, index, text, type, points, rubric, sampleAnswer }, answers: [{ attemptId, position, studentName, answer, marks, feedback, rubricAssessment, markVersion, status, markedBy, markedAt }], left }`',
    errors: { 404: MARKING_MSG.questionNotMarked },
  },
};
