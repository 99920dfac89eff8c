import { REPORT_MSG } from '@exam/shared';
import type { Deps } from '../deps';
import { Errors } from '../errors';
import { contactShownTo } from './contactPrivacy';
import type { Viewer } from '../policies';
import { mayReadProgressOf, scopeProgressResults } from '../policies/reports';
import type { UserRow } from '../db/userRow';
import { gradeLetters } from './platformSettings';


interface ResultRow {
  id: string;
  exam_id: string;
  title: string;
  subject: string;
  score: number | string | null;
  max_score: number | null;
  percentage: number;
  passed: boolean;
  submitted_at: Date;
  started_at: Date;
}

/**
 * A student's progress (teacher, admin, or a parent of the student). Teachers see results on their
 * own exams; parents only results the exams have released. The improvement figure is measured:
 * the latest score in a subject minus the first, in percentage points, with two results or more
 * (and none otherwise); the old product showed a random number here.
 */
export async function progressReport(deps: Deps, viewer: Viewer, studentId: string) {
  const { user } = viewer;
  const student = (await deps.db('users').where({ id: studentId, role: 'student' }).first()) as UserRow | undefined;
  if (!mayReadProgressOf(viewer, studentId)) throw Errors.forbidden(REPORT_MSG.forbidden);
  if (!student) throw Errors.notFound(REPORT_MSG.notFound);
  const q = scopeProgressResults(viewer, deps.db('attempts as a')
    .join('exams as e', 'e.id', 'a.exam_id')
    .where({ 'a.student_id': studentId, 'a.status': 'graded' })
    .select('a.id', 'a.exam_id', 'e.title', 'e.subject', 'a.score', 'a.max_score', 'a.percentage', 'a.passed', 'a.submitted_at', 'a.started_at')
    .orderBy('a.submitted_at', 'asc'));
  const rows = (await q) as ResultRow[];
  const letter = await gradeLetters(deps);
  const pcts = rows.map((r) => r.percentage);
  const avg = pcts.length ? Math.round(pcts.reduce((a, b) => a + b, 0) / pcts.length) : 0;
  const totalMinutes = Math.round(rows.reduce((s, r) => s + (new Date(r.submitted_at).getTime() - new Date(r.started_at).getTime()), 0) / 60_000);
  const bySubject = new Map<string, ResultRow[]>();
  for (const r of rows) bySubject.set(r.subject, [...(bySubject.get(r.subject) ?? []), r]);
  const subjects = [...bySubject].map(([subject, list]) => {
    const scores = list.map((r) => r.percentage);
    return {
      subject,
      totalExams: list.length,
      averageScore: Math.round(scores.reduce((a, b) => a + b, 0) / scores.length),
      bestScore: Math.max(...scores),
      scores,
      improvement: scores.length >= 2 ? scores.at(-1)! - scores[0]! : null,
    };
  });
  const passRate = rows.length ? Math.round((rows.filter((r) => r.passed).length / rows.length) * 100) : 0;
  const shown = (await contactShownTo(deps.db, user, [student.id]))(student.id);
  return {
    student: { _id: student.id, firstName: student.first_name, lastName: student.last_name, name: `${student.first_name} ${student.last_name}`, email: shown.email ? student.email : null, studentId: student.student_id, grade: student.grade, section: student.section },
    totalExams: rows.length,
    progress: { averageScore: avg, passRate, totalTime: totalMinutes, hoursStudied: Math.round((totalMinutes / 60) * 10) / 10 },
    // Keyed by subject as the documented client reads it; the same entries as a list in `subjects`.
    subjectWise: Object.fromEntries(subjects.map((s) => [s.subject, s])),
    subjects,
    improvementBasis: 'Latest score minus first score in the subject, in percentage points (needs two results).',
    recentSubmissions: [...rows]
      .reverse()
      .slice(0, 10)
      .map((r) => ({
        _id: r.id,
        exam: { _id: r.exam_id, title: r.title, subject: r.subject },
        // `score` is the percentage it is shown as; the marks are marksObtained (of totalMarks).
        score: r.percentage,
        marksObtained: r.score === null ? null : Number(r.score),
        totalMarks: r.max_score,
        percentage: r.percentage,
        grade: letter(r.percentage),
        submittedAt: new Date(r.submitted_at).toISOString(),
        isPassed: r.passed,
      })),
    insights: {
      strengths: subjects.filter((s) => s.averageScore >= 80).map((s) => s.subject),
      improvements: subjects.filter((s) => s.averageScore < 60).map((s) => s.subject),
    },
  };
}

