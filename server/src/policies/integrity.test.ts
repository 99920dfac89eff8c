import { describe, expect, it } from 'vitest';
import type { ExamResource } from './index';
import { ids, viewers, type ViewerName } from '../test/viewers';
import { reviewsAttempt, timelineReader } from './integrity';
import { resultHold } from './results';

const exam = (viewerStaff: ExamResource['viewerStaff'] = null): ExamResource => ({ owner_id: ids.teacher, is_published: true, grade: 10, eligibleIds: [], viewerStaff });
const attempt = { student_id: ids.student, status: 'graded' };

describe('who reads an attempt’s timeline', () => {
  const table: [ViewerName, string, boolean, 'staff' | 'student' | null][] = [
    ['admin', 'an admin', false, 'staff'],
    ['teacher', 'the exam’s owner', false, 'staff'],
    ['otherTeacher', 'a teacher of another exam', true, null],
    ['student', 'the student, result not out or held', false, null],
    ['student', 'the student, result shown', true, 'student'],
    ['otherStudent', 'another student, even with results out', true, null],
    ['parent', 'the student’s linked parent', true, null],
    ['unlinkedParent', 'another parent', true, null],
  ];
  it.each(table)('%s (%s)', (who, _what, resultShown, reader) => {
    expect(timelineReader(viewers[who], { exam: exam(), attempt, resultShown })).toBe(reader);
  });

  it('the student never reads it while the attempt is in progress, even where results show at once', () => {
    expect(timelineReader(viewers.student, { exam: exam(), attempt: { ...attempt, status: 'in_progress' }, resultShown: true })).toBeNull();
  });

  it('a teacher of the shared hall reads it as a proctor or a reviewer; only a reviewer decides', () => {
    const t = viewers.otherTeacher;
    const proctorOnly = exam({ proctors: true, reviews: false });
    const reviewerOnly = exam({ proctors: false, reviews: true });
    expect(timelineReader(t, { exam: proctorOnly, attempt, resultShown: false })).toBe('staff');
    expect(timelineReader(t, { exam: reviewerOnly, attempt, resultShown: false })).toBe('staff');
    expect(reviewsAttempt(t, proctorOnly)).toBe(false);
    expect(reviewsAttempt(t, reviewerOnly)).toBe(true);
    expect(reviewsAttempt(viewers.teacher, exam())).toBe(true);
    expect(reviewsAttempt(viewers.admin, exam())).toBe(true);
    expect(reviewsAttempt(viewers.student, exam())).toBe(false);
  });
});

describe('what holds a result from the student and parents', () => {
  const waits = { settings: { resultsWaitForReview: true } };
  const free = { settings: { resultsWaitForReview: false } };
  const table: [string, typeof waits, string | null, string, string | null, string | null][] = [
    ['a clear attempt of an exam that waits', waits, 'student', 'clear', null, null],
    ['flags undecided, the exam waits', waits, 'student', 'needs_review', null, 'under_review'],
    ['flags undecided, the exam does not wait', free, 'student', 'needs_review', null, null],
    ['ended by its violations, undecided, the exam does not wait', free, 'violations', 'needs_review', null, 'under_review'],
    ['ended by its violations, all dismissed', free, 'violations', 'clear', null, null],
    ['confirmed, no outcome yet, the exam waits', waits, 'student', 'confirmed', null, 'under_review'],
    ['confirmed, kept', waits, 'student', 'confirmed', 'keep', null],
    ['confirmed, set to zero', waits, 'violations', 'confirmed', 'zero', null],
    ['confirmed, withheld, the exam waits', waits, 'student', 'confirmed', 'withhold', 'withheld'],
    ['confirmed, withheld, the exam does not wait: a verdict, not a wait', free, 'student', 'confirmed', 'withhold', 'withheld'],
    ['confirmed, no outcome, the exam does not wait', free, 'student', 'confirmed', null, null],
  ];
  it.each(table)('%s', (_what, examFacts, reason, state, outcome, hold) => {
    expect(resultHold(examFacts, { submit_reason: reason, integrity_state: state as never, integrity_outcome: outcome as never })).toBe(hold);
  });

  it('an exam stored before the setting existed does not wait; an attempt read before the state existed holds nothing', () => {
    expect(resultHold({ settings: {} }, { submit_reason: 'student', integrity_state: 'needs_review' })).toBeNull();
    expect(resultHold(waits, { submit_reason: 'violations' })).toBeNull();
  });
});
