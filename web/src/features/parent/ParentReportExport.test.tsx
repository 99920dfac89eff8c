import type { Child, ChildProgress } from '@exam/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { ParentReportsPage } from './ParentReportsPage';

const KID = '11111111-1111-4111-8111-111111111111';
const parent = buildUser({ role: 'parent' });
const child: Child = {
  _id: KID,
  linkId: 'l1',
  firstName: 'Ada',
  lastName: 'Lee',
  name: 'Ada Lee',
  email: 'ada@school.test',
  avatar: null,
  grade: 10,
  section: 'B',
  relationship: 'mother',
  linkStatus: 'accepted',
  requestedAt: '2026-11-01T10:00:00.000Z',
  stats: null,
  performance: null,
};
const submission = (i: number, examTitle: string) => ({ _id: `s${i}`, examId: `e${i}`, examTitle, subject: 'mathematics', percentage: 50 + i, score: i, totalMarks: 20, grade: 'C', isPassed: true, date: '2026-11-20T10:00:00.000Z' });
const progress: ChildProgress = {
  child: { _id: KID, name: 'Ada Lee', email: 'ada@school.test', grade: 10 },
  range: 'all',
  stats: { totalExams: 3, averageScore: 60, bestScore: 70, passRate: 100 },
  // Titles a teacher typed that a spreadsheet opened with ";" as its separator, or reading
  // full-width signs, would otherwise run.
  submissions: [submission(1, 'Fractions;=1+1'), submission(2, '＝HYPERLINK("x")'), submission(3, 'Algebra, -cmd|x')],
  subjects: [],
  insights: { strengths: [], improvements: [] },
};

afterEach(() => vi.unstubAllGlobals());

describe('the parent report download', () => {
  it('writes a file none of whose cells a spreadsheet would run, with numbers as numbers', { timeout: 30_000 }, async () => {
    mockApi(parent, [
      ['GET', '/parent/children', () => ({ body: { success: true, data: { children: [child] } } })],
      ['GET', `/parent/child/${KID}/progress`, () => ({ body: { success: true, data: progress } })],
    ]);
    let saved: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:report';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/parent/reports', [{ path: '/parent/reports', element: <ParentReportsPage /> }]);
    expect(await screen.findByText('Fractions;=1+1', undefined, { timeout: 20_000 })).toBeTruthy();
    // The table reports its rows to the export once rendered: export as soon as it has them.
    await waitFor(
      () => {
        fireEvent.click(screen.getByRole('button', { name: 'Export Report' }));
        expect(saved).toBeDefined();
      },
      { timeout: 10_000 },
    );
    // jsdom's Blob has no text(): read it as a browser would.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(saved!);
    });
    const lines = text.trim().split('\r\n');
    expect(lines.slice(1)).toEqual([
      "Fractions;'=1+1,mathematics,1,20,51,C,yes,2026-11-20T10:00:00.000Z",
      `"'＝HYPERLINK(""x"")",mathematics,2,20,52,C,yes,2026-11-20T10:00:00.000Z`,
      `"Algebra, '-cmd|x",mathematics,3,20,53,C,yes,2026-11-20T10:00:00.000Z`,
    ]);
  });
});
