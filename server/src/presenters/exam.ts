import { examTimeStatus, type Difficulty, type Exam, type ExamListItem, type ExamSettings, type ExamType } from '@exam/shared';
import { eligibleFor, type Viewer } from '../policies';
import { examRoleOf, managesExam, staffsExams, type ViewerStaffRow } from '../policies/exams';
import { followsChildren, sitsExams } from '../policies/people';

/** An exams row with the computed columns the catalogue query adds. */
export interface ExamRow {
  id: string;
  owner_id: string;
  title: string;
  subject: string;
  description: string;
  grade: number;
  duration_minutes: number;
  passing_marks: number;
  exam_type: ExamType;
  difficulty: Difficulty;
  instructions: string;
  start_at: Date;
  end_at: Date;
  timezone: string;
  settings: ExamSettings;
  is_published: boolean;
  is_active: boolean;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
  owner_first_name: string;
  owner_last_name: string;
  total_questions: number;
  total_marks: number;
  tags: string[];
  eligible_ids: string[];
  /** The exam's question ids in order (the catalogue query adds them). */
  question_ids?: string[];
  attempt_count?: number;
  in_progress_count?: number;
  last_submission_id?: string | null;
  any_attempts?: number;
  /** The viewer's place in the exam's shared hall (exam_staff), for teachers added to it. */
  viewer_staff?: ViewerStaffRow | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * The documented exam (docs/api.md). The eligible list is for the people who manage the exam;
 * attempts are reported to the student viewing it.
 */
export function presentExam(row: ExamRow, viewer: Viewer, now: number = Date.now()): Exam {
  const manages = managesExam(viewer, row);
  const startDate = iso(row.start_at);
  const endDate = iso(row.end_at);
  const attemptCount = row.attempt_count ?? 0;
  return {
    _id: row.id,
    title: row.title,
    subject: row.subject,
    description: row.description,
    grade: row.grade,
    duration: row.duration_minutes,
    passingMarks: row.passing_marks,
    totalMarks: row.total_marks,
    maxScore: row.total_marks,
    examType: row.exam_type,
    difficulty: row.difficulty,
    instructions: row.instructions,
    schedule: { startDate, endDate, timezone: row.timezone },
    startTime: startDate,
    endTime: endDate,
    status: examTimeStatus(startDate, endDate, now),
    settings: row.settings,
    eligibleStudents: manages ? row.eligible_ids : [],
    tags: row.tags,
    isPublished: row.is_published,
    isActive: row.is_active,
    publishedAt: row.published_at ? iso(row.published_at) : null,
    totalQuestions: row.total_questions,
    hasAttempts: manages ? (row.any_attempts ?? 0) > 0 : undefined,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    createdBy: { _id: row.owner_id, firstName: row.owner_first_name, lastName: row.owner_last_name },
    userAttempts:
      sitsExams(viewer.user.role)
        ? {
            hasAttempted: attemptCount > 0,
            attemptCount,
            nextAttemptNumber: attemptCount + 1,
            inProgress: (row.in_progress_count ?? 0) > 0,
            lastSubmissionId: row.last_submission_id ?? null,
          }
        : null,
    // A parent's card links to the progress of the child the exam is meant for.
    forChildren:
      followsChildren(viewer.user.role)
        ? viewer.children.filter((c) => eligibleFor(c, { owner_id: row.owner_id, is_published: row.is_published, grade: row.grade, eligibleIds: row.eligible_ids ?? [] })).map((c) => c.id)
        : undefined,
    myRole: examRoleOf(viewer, row),
    myMarks: row.owner_id !== viewer.user.id && staffsExams(viewer.user.role) && row.viewer_staff ? !!row.viewer_staff.marks : undefined,
  };
}

/**
 * An exam as a list item: the exam names `questions` beside `totalQuestions`, so a list carries
 * the question ids in order (ids only; the questions themselves are served elsewhere).
 */
export function presentExamListItem(row: ExamRow, viewer: Viewer, now: number = Date.now()): ExamListItem {
  return { ...presentExam(row, viewer, now), questions: row.question_ids ?? [] };
}
