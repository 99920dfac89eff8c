import { EXAM_MSG, EXAM_STAFF_MSG, MSG, examStaffMemberSchema, hallStudentSchema, myExamStaffSchema, staffCandidateSchema } from '@exam/shared';
import { z } from 'zod';
import type { RouteDocs } from '../../openapi/types';

const forbidden = { 403: MSG.forbidden, 404: EXAM_MSG.examNotFound };

export const examStaffDocs: RouteDocs = {
  'GET /exams/:id/staff': {
    summary: 'The teachers who share the exam’s hall as its proctors and reviewers',
    description:
      'For the owner, admins and the staff themselves. Each member proctors (watches the board and acts on attempts) and/or reviews (decides on flags), over their part of the hall: `sections` and `studentIds` (both empty: the whole hall).',
    data: z.object({ staff: z.array(examStaffMemberSchema) }),
    errors: forbidden,
  },
  'GET /exams/:id/staff/me': {
    summary: 'What the viewer does in the exam’s hall, and the part of it their board shows by default',
    description: 'For the owner, admins and the staff. `part` null means the whole hall.',
    data: myExamStaffSchema,
    errors: forbidden,
  },
  'GET /exams/:id/staff/candidates': {
    summary: 'Teachers the owner may add (the picker): active, not the owner, not on the staff yet, by name or e-mail; at most 20',
    description: 'For the owner and admins.',
    data: z.object({ candidates: z.array(staffCandidateSchema) }),
    errors: forbidden,
  },
  'GET /exams/:id/staff/students': {
    summary: 'The exam’s students by name and section, to give a member a part of the hall',
    description: 'For the owner and admins: every student the exam is meant for, and anyone who attempted it, in name order (as the proctor board lists them).',
    data: z.object({ students: z.array(hallStudentSchema) }),
    errors: forbidden,
  },
  'PUT /exams/:id/staff/:userId': {
    summary: 'Add a teacher to the exam’s hall, or change what they do there and their part of it',
    description:
      'For the owner and admins. The teacher may watch the proctor board and act on attempts (`proctors`), review flags (`reviews`), or both; a change applies at once, and a teacher no longer proctoring stops hearing the board.',
    data: z.object({ member: examStaffMemberSchema }),
    errors: {
      400: `${EXAM_STAFF_MSG.notATeacher} / ${EXAM_STAFF_MSG.ownerAlready} / ${EXAM_STAFF_MSG.noDuty} / ${EXAM_STAFF_MSG.notStudents}`,
      403: MSG.forbidden,
      404: `${EXAM_MSG.examNotFound} / ${EXAM_STAFF_MSG.teacherNotFound}`,
    },
  },
  'DELETE /exams/:id/staff/:userId': {
    summary: 'Take a teacher off the exam’s hall',
    description: 'For the owner and admins. Their access ends at once and their open board stops receiving. Removing a teacher who is not on the staff is no error.',
    errors: { 403: MSG.forbidden, 404: `${EXAM_MSG.examNotFound} / ${EXAM_STAFF_MSG.teacherNotFound}` },
  },
};
