import { EXAM_MSG, MSG, PROCTORING_MSG, SESSION_MSG } from '@exam/shared';
import type { RouteDocs } from '../../openapi/types';

const EXAM = '`{ exam }` (a student never receives keys before the results allow it)';

export const examDocs: RouteDocs = {
  'GET /exams': {
    summary: 'List the exams the caller may see, with filters and paging',
    description: 'Students see published exams meant for them; teachers their own; parents their children’s; admins every exam.',
    data: '`{ exams, currentPage, total, totalPages, stats }`',
  },
  'POST /exams': { summary: 'Create an exam with its questions in one transaction', status: 201, data: EXAM },
  'POST /exams/audience-zones': {
    summary: 'The time zones of the students an exam being scheduled is for, most students first',
    description: 'Body `{ grade?, eligibleStudents? }` as in `POST /exams`: the listed students, else every active student of the grade. Each zone is what the students read times in (their settings; the built-in default for those who never chose), so the scheduler can show the start on their clocks. Staff only.',
    status: 200,
    data: '`{ zones: [{ timezone, students }] }`',
  },
  'GET /exams/:id': {
    summary: 'One exam',
    description: 'Before a student starts, `questions` holds only each question’s id, type and points: reading an exam must not show it without the clock running.',
    data: EXAM,
    errors: { 404: EXAM_MSG.examNotFound },
  },
  'POST /exams/:id/start': {
    summary: 'Start (or resume) the student’s attempt; the server fixes its deadline',
    description: 'An exam whose proctoring uses the camera, the microphone or the screen starts only once the student accepted the current consent (`GET /exams/:id/consent`); resuming an attempt in progress is never refused for it.',
    data: '`{ submission, exam, questions, deadlineAt, serverTime }`',
    errors: { 403: EXAM_MSG.notAccessible, 409: PROCTORING_MSG.consentRequired },
  },
  'GET /exams/:id/consent': {
    summary: 'What the exam’s proctoring checks, where it runs, what is kept, who sees it and for how long; whether the student accepted it',
    description: 'For the student the exam is meant for. `profileHash` names this version of the summary: send it back to accept. `waivers` lists the checks waived for this student.',
    data: '`{ required, accepted, profileHash, summary, profile, waivers }`',
    errors: { 403: SESSION_MSG.onlyStudents, 404: EXAM_MSG.examNotFound },
  },
  'POST /exams/:id/consent': {
    summary: 'Accept the exam’s proctoring, as summarised by `GET /exams/:id/consent`',
    status: 201,
    description: 'The acceptance is stored with the summary the student read. A hash that is not the current one (the teacher changed the checks meanwhile) is refused: read again.',
    data: '`{ accepted, profileHash }`',
    errors: { 409: PROCTORING_MSG.consentOutdated },
  },
  'PUT /exams/:id': { summary: 'Edit an exam the caller owns', data: EXAM, errors: { 409: EXAM_MSG.frozen } },
  'DELETE /exams/:id': { summary: 'Delete an upcoming exam', errors: { 409: EXAM_MSG.deleteOnlyUpcoming } },
  'PUT /exams/:id/publish': { summary: 'Publish or unpublish; publishing notifies the students it is meant for', data: EXAM, errors: { 400: EXAM_MSG.publishNeedsQuestion } },
  'GET /exams/:id/result': { summary: 'The student’s latest result for this exam', data: '`{ submission }`' },
  'GET /exams/:id/stats': { summary: 'Score distribution, ranking, item analysis (facility, discrimination) and reliability', data: 'the exam’s statistics' },
  'GET /exams/:id/export': { summary: 'The exam’s results as CSV (formula-safe cells)', produces: 'text/csv' },
  'GET /exams/:id/release-preview': {
    summary: 'What releasing the results would do now: the marked, the waiting for marks (named), those under integrity review, those left out by a marked-only release',
    description: 'For the exam’s owner or an admin. `waitingList` names the submitted attempts still waiting for a teacher’s marks (up to 500, oldest first); the counts are exact.',
    data: '`{ released, marked, waiting, underReview, leftOut, waitingList }`',
    errors: { 403: MSG.forbidden, 404: EXAM_MSG.examNotFound },
  },
  'PUT /exams/:id/release-results': {
    summary: 'Release results to students and parents; notifications go out',
    description:
      'Without a body (as before) every result is released; those still waiting for marks are shown as each is marked. With `{ "only": "marked" }` the attempts waiting for marks now stay unreleased, even once marked, until the next release, which lets them out and notifies them. The LMS gradebooks follow the same rule.',
    data: EXAM,
  },
  'GET /exams/:id/questions': { summary: 'The exam’s questions with keys, for its owner', data: '`{ questions }`' },
  'GET /exams/:id/preview': {
    summary: 'The exam as a student would see it, for its owner or an admin; no attempt is recorded',
    description: 'Questions come as a student receives them (no answer keys), in the authored order. Students, parents and other teachers are refused.',
    data: '`{ exam, questions }`',
    errors: { 403: MSG.forbidden, 404: EXAM_MSG.examNotFound },
  },
  'POST /exams/:id/questions': { summary: 'Add questions from the bank', data: EXAM, errors: { 409: EXAM_MSG.alreadyInExam } },
  'DELETE /exams/:id/questions/:questionId': { summary: 'Remove a question from the exam', data: EXAM, errors: { 409: EXAM_MSG.frozen } },
};
