import type { ProgressReport } from '@exam/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { StudentProgressPage } from './StudentProgressPage';

const BASIS = 'Latest score minus first score in the subject, in percentage points (needs two results).';

const SUBJECTS: ProgressReport['subjects'] = [
  { subject: 'science', totalExams: 2, averageScore: 70, bestScore: 100, scores: [40, 100], improvement: 60 },
  { subject: 'history', totalExams: 1, averageScore: 55, bestScore: 55, scores: [55], improvement: null },
];
/** The report's subjects as the server answers them: a list, and keyed by subject. */
const bySubject = (subjects: ProgressReport['subjects']) => ({ subjects, subjectWise: Object.fromEntries(subjects.map((s) => [s.subject, s])) });

const report = (overrides: Partial<ProgressReport> = {}): ProgressReport => ({
  student: { _id: 'st1', firstName: 'Sam', lastName: 'Student', name: 'Sam Student', email: 'sam@example.com', studentId: 'STU-001', grade: 10, section: 'A' },
  totalExams: 3,
  progress: { averageScore: 70, passRate: 67, totalTime: 90, hoursStudied: 1.5 },
  ...bySubject(SUBJECTS),
  improvementBasis: BASIS,
  recentSubmissions: [
    { _id: 'r1', exam: { _id: 'e1', title: 'Cells', subject: 'science' }, score: 80, marksObtained: 8, totalMarks: 10, percentage: 80, grade: 'A+', submittedAt: '2026-03-01T09:00:00.000Z', isPassed: true },
  ],
  insights: { strengths: [], improvements: ['history'] },
  ...overrides,
});

function setup(answer: { status?: number; body: unknown }, role: 'teacher' | 'parent' = 'teacher') {
  mockApi(buildUser({ role }), [['GET', '/reports/student/st1/progress', () => answer]]);
  renderApp('/reports/student/st1/progress', [{ path: '/reports/student/:studentId/progress', element: <StudentProgressPage /> }]);
}

// A full page in jsdom with Mantine: the first render is slow on a busy machine.
describe('Student progress report', { timeout: 15_000 }, () => {
  it('shows a measured improvement with its sign and basis, and none when there are not enough results', async () => {
    setup({ body: { success: true, data: report() } });
    const science = await screen.findByRole('article', { name: 'Science' });
    expect(within(science).getByTestId('improvement').textContent).toBe('Improvement: +60 points');
    const history = screen.getByRole('article', { name: 'History' });
    expect(within(history).getByTestId('improvement').textContent).toBe('Improvement: Not enough results yet');
    expect(screen.getByTestId('improvement-basis').textContent).toContain(BASIS);
  });

  it('shows a fall in score with a minus sign', async () => {
    setup({ body: { success: true, data: report(bySubject([{ subject: 'science', totalExams: 2, averageScore: 60, bestScore: 70, scores: [70, 50], improvement: -20 }])) } });
    expect((await screen.findByTestId('improvement')).textContent).toBe('Improvement: −20 points');
  });

  it('has the header, stats, recent results, insights and a print button', async () => {
    setup({ body: { success: true, data: report() } });
    expect((await screen.findByTestId('student-details')).textContent).toBe('sam@example.com · Student ID STU-001 · Grade 10A');
    expect(screen.getByTestId('stat-pass-rate').textContent).toBe('67%');
    expect(screen.getByTestId('stat-hours-studied').textContent).toBe('1.5');
    const recent = screen.getByRole('table', { name: 'Recent results' });
    expect(within(recent).getByText('Passed')).toBeTruthy();
    // Marks of the total, then the percentage (the server's `score`).
    expect(within(recent).getByText('8 / 10 (80%)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Students' }).getAttribute('href')).toBe('/students');
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Print Report' }));
    expect(print).toHaveBeenCalled();
  });

  it('shows a recent result with no outcome yet as Reviewing, never Failed', async () => {
    const [first] = report().recentSubmissions;
    setup({ body: { success: true, data: report({ recentSubmissions: [{ ...first!, isPassed: null as unknown as boolean }] }) } });
    const recent = await screen.findByRole('table', { name: 'Recent results' });
    expect(within(recent).getByText('Reviewing')).toBeTruthy();
    expect(within(recent).queryByText('Failed')).toBeNull();
  });

  it('says the student has not taken any exams yet', async () => {
    setup({ body: { success: true, data: report({ totalExams: 0, ...bySubject([]), recentSubmissions: [] }) } });
    expect((await screen.findByTestId('report-empty')).textContent).toBe("This student hasn't taken any exams yet.");
  });

  it.each([
    [403, 'Access denied. You do not have permission to view this report.'],
    [404, 'Student not found.'],
    [500, 'Failed to load progress data'],
  ])('explains a %i', async (status, text) => {
    setup({ status, body: { success: false, message: status === 500 ? undefined : text } }, 'parent');
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
