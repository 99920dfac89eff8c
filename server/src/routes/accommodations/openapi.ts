import { ACCOMMODATION_MSG, EXAM_MSG, USER_MSG, WAIVABLE_CHECKS } from '@exam/shared';
import { z } from 'zod';
import type { RouteDocs } from '../../openapi/types';

const accommodation = z.object({
  timeMultiplier: z.number().describe('The exam’s duration is multiplied by it when an attempt starts (1, 1.25, 1.5, 1.75, 2, 2.5 or 3)'),
  restBreakMinutes: z.number().int().describe('Minutes of rest breaks in one exam, clock stopped'),
  breaksAutomatic: z.boolean().describe('Breaks start when the student asks, without a proctor'),
  waivedChecks: z.array(z.enum(WAIVABLE_CHECKS)).describe('Proctoring checks that never flag this student, as a waiver of the exam would'),
  reducedDistraction: z.boolean(),
  largerText: z.boolean(),
  note: z.string().describe('For the staff only: never on the board or the student’s screen'),
});

const studentAccommodation = z.object({
  studentId: z.uuid(),
  studentName: z.string(),
  standing: accommodation.nullable().describe('The student’s own, applied to every exam'),
  exam: accommodation.nullable().optional().describe('This exam’s own for the student (exam calls only): it replaces the standing one, whole'),
  effective: accommodation.describe('What applies: the exam’s own, else the standing one, else none (all defaults)'),
  updatedAt: z.iso.datetime().nullable(),
  updatedBy: z.uuid().nullable().describe('Who last set the one that applies'),
});

/** The docs' shapes of the answers (StudentAccommodation), also what the route tests check. */
export const accommodationResponseSchemas = {
  one: studentAccommodation,
  list: z.object({ accommodations: z.array(studentAccommodation) }),
};

const STANDING = 'Admins and teachers; never students or parents. The target must be a student’s account.';
const EXAM = 'Whoever manages the exam (its owner, admins): a teacher who only proctors, reviews or marks it is refused.';
const STUDENT_ERRORS = { 400: ACCOMMODATION_MSG.notAStudent, 404: USER_MSG.userNotFound };

export const accommodationDocs: RouteDocs = {
  'GET /users/:id/accommodations': {
    summary: 'A student’s standing accommodation (every exam they sit)',
    description: `${STANDING} \`standing\` is null when they have none.`,
    data: accommodationResponseSchemas.one,
    errors: STUDENT_ERRORS,
  },
  'PUT /users/:id/accommodations': {
    summary: 'Set a student’s standing accommodation, whole (fields left out take their defaults)',
    description: `${STANDING} Applies to attempts started from now on; an attempt in progress keeps its deadline. Waived checks apply at once.`,
    data: accommodationResponseSchemas.one,
    errors: { 400: ACCOMMODATION_MSG.multiplierInvalid, 404: USER_MSG.userNotFound },
  },
  'DELETE /users/:id/accommodations': {
    summary: 'Remove a student’s standing accommodation (an exam’s own for them stays)',
    description: STANDING,
    data: accommodationResponseSchemas.one,
    errors: STUDENT_ERRORS,
  },
  'GET /exams/:id/accommodations': {
    summary: 'The exam’s students with an accommodation: standing, the exam’s own, and what applies',
    description: `${EXAM} Students of the exam are those on its eligible list, or of its grade when it lists nobody; a student it no longer lists still appears while the exam keeps one of its own for them.`,
    data: accommodationResponseSchemas.list,
    errors: { 404: EXAM_MSG.examNotFound },
  },
  'PUT /exams/:id/accommodations/:studentId': {
    summary: 'Set the exam’s own accommodation for one of its students, replacing their standing one in this exam',
    description: `${EXAM} Not merged with the standing one: what is set here is exactly what applies in this exam.`,
    data: accommodationResponseSchemas.one,
    errors: { 400: ACCOMMODATION_MSG.notInExam, 404: EXAM_MSG.examNotFound },
  },
  'DELETE /exams/:id/accommodations/:studentId': {
    summary: 'Remove the exam’s own accommodation for a student: their standing one applies again',
    description: EXAM,
    data: accommodationResponseSchemas.one,
    errors: { 400: ACCOMMODATION_MSG.notAStudent, 404: EXAM_MSG.examNotFound },
  },
};
