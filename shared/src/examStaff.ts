import messages from './locales/en/messages.json' with { type: 'json' };
import { z } from 'zod';
import { SECTIONS } from './constants';
import { examStaffInputSchema } from './integrity';

/**
 * Shared halls (issue 53): the calls around an exam's staff beside the owner. The member and its
 * input live with the rest of the integrity contract (integrity.ts); here are the staff page's
 * picker, the viewer's own place in the hall, and the refusals.
 */
export const EXAM_STAFF_MSG = messages.examStaff;

/** PUT /exams/:id/staff/:userId: the teacher is named by the path. */
export const examStaffUpdateSchema = examStaffInputSchema.omit({ userId: true });
export type ExamStaffUpdate = z.infer<typeof examStaffUpdateSchema>;

export const staffCandidatesQuerySchema = z.object({
  q: z.string().trim().max(100).default('').describe('Part of a teacher’s name or e-mail; empty: the first teachers by name'),
});

/** A teacher who may be added: active, not the owner, not on the staff yet. */
export const staffCandidateSchema = z.object({ userId: z.uuid(), name: z.string(), email: z.string() });
export type StaffCandidate = z.infer<typeof staffCandidateSchema>;

/** A student of the exam, for choosing a member's part of the hall by name. */
export const hallStudentSchema = z.object({ id: z.uuid(), name: z.string(), section: z.enum(SECTIONS).nullable() });
export type HallStudent = z.infer<typeof hallStudentSchema>;

/** Part of the hall: students of these sections and these students. Never both empty (that is the whole hall, null). */
export const hallPartSchema = z.object({
  sections: z.array(z.enum(SECTIONS)),
  studentIds: z.array(z.uuid()),
});
export type HallPart = z.infer<typeof hallPartSchema>;

/**
 * A teacher's place in an exam: its owner, or added as proctor, reviewer, both ('staff'), or only
 * to mark it ('marker'; whether a proctor or reviewer also marks is `marks`).
 * Exams carry it as `myRole` for teachers; an admin who does not own the exam has none.
 */
export const EXAM_ROLES = ['owner', 'proctor', 'reviewer', 'staff', 'marker'] as const;
export type ExamRole = (typeof EXAM_ROLES)[number];

/** Whether an exam's links should offer its proctor board to a viewer with this role (none: an admin). */
export const proctorsAs = (role: ExamRole | undefined): boolean => role === undefined || role === 'owner' || role === 'proctor' || role === 'staff';
/** Whether an exam's links should offer its integrity review to a viewer with this role (none: an admin). */
export const reviewsAs = (role: ExamRole | undefined): boolean => role === undefined || role === 'owner' || role === 'reviewer' || role === 'staff';

/** GET /exams/:id/staff/me: what the viewer does in this exam's hall and which part is theirs. */
export const myExamStaffSchema = z.object({
  role: z.enum(EXAM_ROLES).nullable().describe('null for an admin who does not own the exam'),
  proctors: z.boolean(),
  reviews: z.boolean(),
  marks: z.boolean(),
  part: hallPartSchema.nullable().describe('The viewer’s part of the hall; null: the whole hall (owner, admin, or staff given no part)'),
});
export type MyExamStaff = z.infer<typeof myExamStaffSchema>;

/** Whether a student falls in a part of the hall (null: the whole hall): by their section or by name. */
export function inHallPart(part: HallPart | null, student: { id: string; section: string | null | undefined }): boolean {
  if (!part) return true;
  return part.studentIds.includes(student.id) || (!!student.section && (part.sections as string[]).includes(student.section));
}
