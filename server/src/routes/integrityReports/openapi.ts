import { EXAM_MSG, MSG, SESSION_MSG } from '@exam/shared';
import type { RouteDocs } from '../../openapi/types';

const ATTEMPT_REPORT =
  'Written in the reader’s language, with times in the zone `tz` names (else the reader’s own setting, else UTC; the zone is named in the header). For exactly those who may read the attempt’s timeline (GET /attempts/:attemptId/timeline): admins, the exam’s owner and the teachers of its shared hall who proctor or review; the student, their own attempt once its result is out. Anyone else is told the attempt does not exist. Sent as an attachment named after the exam and the student, never cached (`Cache-Control: private, no-store`).';
const EXAM_SUMMARY =
  'Written in the reader’s language, with times in the zone `tz` names (else the reader’s own setting, else UTC). For the exam’s reviewers, exactly as its review queue (GET /exams/:id/review-queue): admins, its owner and the teachers of its shared hall who review. Sent as an attachment named after the exam, never cached (`Cache-Control: private, no-store`).';

export const integrityReportDocs: RouteDocs = {
  'GET /attempts/:attemptId/integrity-report.pdf': {
    summary: 'An attempt’s integrity report as a PDF a school can file',
    description: `The school’s name; the exam, the student (name, section), the attempt’s times, how it was submitted, its integrity state and outcome; the counts (flags, undecided, confirmed, dismissed, reconnections, time offline, saves, messages); every line of the timeline in order with its time, kind, who and the detail in words; each flag with its decision history and its evidence pictures (one deleted after retention is said to be); the time spent per question. No score of suspicion. PDF metadata carries the title and the language; pages are numbered. ${ATTEMPT_REPORT}`,
    produces: 'application/pdf',
    errors: { 404: SESSION_MSG.attemptNotFound },
  },
  'GET /attempts/:attemptId/integrity-report.csv': {
    summary: 'An attempt’s integrity timeline as CSV: one row per line of the timeline',
    description: `Columns: the instant (UTC, ISO 8601), the time on the reader’s clock, the kind, who, and the detail in words; a translated header row. UTF-8 with a byte-order mark, so spreadsheets read the accents; every cell safe against formula injection (a cell that would start a formula is written as text). ${ATTEMPT_REPORT}`,
    produces: 'text/csv',
    errors: { 404: SESSION_MSG.attemptNotFound },
  },
  'GET /exams/:id/integrity-summary.pdf': {
    summary: 'An exam’s integrity summary as PDF: the hall’s counts and one row per attempt',
    description: `The school’s name, the exam, whether its results wait for review, the totals (attempts, clear, needing review, confirmed, results held), and one row per attempt in the review queue’s order: student, section, integrity state, flags, undecided, confirmed, outcome and why the result is held. ${EXAM_SUMMARY}`,
    produces: 'application/pdf',
    errors: { 403: MSG.forbidden, 404: EXAM_MSG.examNotFound },
  },
  'GET /exams/:id/integrity-summary.csv': {
    summary: 'An exam’s integrity summary as CSV: one row per attempt',
    description: `Columns: student, section, status, how it was submitted, integrity state, flags, undecided, confirmed, outcome, result held; a translated header row. UTF-8 with a byte-order mark; every cell safe against formula injection. ${EXAM_SUMMARY}`,
    produces: 'text/csv',
    errors: { 403: MSG.forbidden, 404: EXAM_MSG.examNotFound },
  },
};
