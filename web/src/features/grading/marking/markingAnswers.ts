import type { MarkingAnswer, QuestionMarking, SubmissionDetail } from '@exam/shared';
import type { StoredMark } from '../gradeForm';

/** What is stored for one answer, in the shape the grading checks read. */
export const storedOfAnswer = (q: QuestionMarking['question'], a: MarkingAnswer): StoredMark => ({
  questionId: q.questionId,
  points: q.points,
  marks: a.marks,
  feedback: a.feedback,
  rubric: q.rubric,
  chosen: a.rubricAssessment?.chosen ?? null,
  version: a.markVersion,
});

/** The next answer still waiting after `from`, going round to the start; null when none is left. */
export function nextPending(answers: MarkingAnswer[], from: number): MarkingAnswer | null {
  for (let step = 1; step <= answers.length; step++) {
    const a = answers[(from + step) % answers.length]!;
    if (a.status === 'pending') return a;
  }
  return null;
}

/**
 * The marking after one answer was saved: that answer as the server now holds it (its new
 * version, so the next save of it is not refused) and one fewer left.
 */
export function withSaved(data: QuestionMarking, attemptId: string, saved: SubmissionDetail): QuestionMarking {
  const fresh = saved.submission.answers.find((x) => x.questionId === data.question.questionId);
  const answers = data.answers.map((a): MarkingAnswer => {
    if (a.attemptId !== attemptId || !fresh) return a;
    return {
      ...a,
      marks: fresh.marks,
      feedback: fresh.feedback,
      rubricAssessment: fresh.rubricAssessment ?? null,
      markVersion: fresh.markVersion ?? a.markVersion + 1,
      status: fresh.marks === null ? a.status : 'marked',
    };
  });
  return { ...data, answers, left: answers.filter((a) => a.status === 'pending').length };
}
