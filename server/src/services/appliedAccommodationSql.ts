/**
 * SQL for the accommodation that applies to a student in an exam (both arguments are SQL
 * expressions): the exam's own, else their standing one, as a jsonb row without the staff's
 * note — for statements that read it beside other things (the joins, the board, the waivers).
 */
export const appliedAccommodationSql = (examId: string, studentId: string) => `coalesce(
    (select to_jsonb(x) - 'note' from exam_accommodations x where x.exam_id = ${examId} and x.student_id = ${studentId}),
    (select to_jsonb(x) - 'note' from student_accommodations x where x.student_id = ${studentId})
  )`;
