import { describe, expect, it } from 'vitest';
import { ids, viewers, type ViewerName } from '../test/viewers';
import { mayReadEvidence } from './evidence';

describe('who may open an evidence picture', () => {
  const picture = { student_id: ids.student, exam_owner_id: ids.teacher };
  const table: [ViewerName, string, boolean][] = [
    ['student', 'the student it was taken of', true],
    ['otherStudent', 'another student', false],
    ['teacher', 'the teacher who owns the exam', true],
    ['otherTeacher', 'a teacher of another exam', false],
    ['admin', 'an admin', true],
    ['parent', 'the student’s linked parent', false],
    ['unlinkedParent', 'another parent', false],
  ];
  it.each(table)('%s (%s): %s', (who, _what, allowed) => {
    expect(mayReadEvidence(viewers[who], picture)).toBe(allowed);
  });

  it('a teacher added to the exam’s hall (proctor or reviewer) opens it; the staff row of a non-teacher grants nothing', () => {
    const staffed = { ...picture, viewer_on_staff: true };
    expect(mayReadEvidence(viewers.otherTeacher, staffed)).toBe(true);
    expect(mayReadEvidence(viewers.otherStudent, staffed)).toBe(false);
    expect(mayReadEvidence(viewers.parent, staffed)).toBe(false);
  });
});
