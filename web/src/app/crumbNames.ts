import type { ChildProgress, Exam, ProgressReport, ReviewQueue, SubmissionDetail } from '@exam/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router-dom';
import { examKeys } from '../features/exams/hooks';
import { integrityKeys } from '../features/integrity/hooks';
import { resultKeys } from '../features/results/hooks';

/**
 * Names for breadcrumbs, read from what the page on screen has already loaded (its own queries):
 * a crumb never fetches and never shows an id; until the data is there it shows its label.
 */

/** The exam's title, from the exam itself, a student's result at it, any loaded list or its review queue. */
export function examTitle(params: Params, cache: QueryClient): string | undefined {
  const id = params.examId ?? '';
  const exam = cache.getQueryData<Exam>(examKeys.detail(id));
  if (exam?.title) return exam.title;
  const result = cache.getQueryData<SubmissionDetail>(resultKeys.examResult(id));
  if (result?.submission.exam?.title) return result.submission.exam.title;
  for (const [, page] of cache.getQueriesData<{ exams?: Exam[] }>({ queryKey: [...examKeys.all, 'list'] })) {
    const listed = page?.exams?.find((e) => e._id === id);
    if (listed) return listed.title;
  }
  // A reviewer sharing the hall may read the exam only through its review queue.
  for (const [, queue] of cache.getQueriesData<ReviewQueue>({ queryKey: [...integrityKeys.queues, id] })) {
    if (queue?.exam.title) return queue.exam.title;
  }
  return undefined;
}

function submission(params: Params, cache: QueryClient) {
  return cache.getQueryData<SubmissionDetail>(resultKeys.detail(params.submissionId ?? ''))?.submission;
}

/** A submission by its exam's title (the result screen). */
export function submissionExamTitle(params: Params, cache: QueryClient): string | undefined {
  return submission(params, cache)?.exam?.title;
}

/** The exam a submission belongs to, once the submission is loaded. */
export function submissionExamId(params: Params, cache: QueryClient): string | undefined {
  return submission(params, cache)?.examId;
}

/** The student of a progress report (teachers, admins, parents). */
export function reportStudentName(params: Params, cache: QueryClient): string | undefined {
  return cache.getQueryData<ProgressReport>(['reports', 'student-progress', params.studentId ?? ''])?.student.name;
}

/** A parent's child, from any range of the child's progress the page has loaded. */
export function childName(params: Params, cache: QueryClient): string | undefined {
  for (const [, progress] of cache.getQueriesData<ChildProgress>({ queryKey: ['parent', 'progress', params.childId ?? ''] })) {
    if (progress?.child.name) return progress.child.name;
  }
  return undefined;
}
