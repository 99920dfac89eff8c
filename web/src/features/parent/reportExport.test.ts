import { describe, expect, it } from 'vitest';
import { reportCsv } from './reportExport';

const result = { _id: 'r1', examId: 'e1', examTitle: '=HYPERLINK("x")', subject: 'mathematics', percentage: 75, score: 3, totalMarks: 4, grade: 'B+', isPassed: true, date: '2026-11-01T10:00:00.000Z' };

describe('reportCsv', () => {
  it('has nothing to export without rows', () => {
    expect(reportCsv('results', { results: [] })).toBeNull();
    expect(reportCsv('exams', {})).toBeNull();
  });

  it('writes a header and one line per result, defusing formulas and quoting commas', () => {
    const csv = reportCsv('performance', { results: [result, { ...result, _id: 'r2', examTitle: 'Maths, part 2' }] })!;
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Exam,Subject,Score,Total marks,Percentage,Grade,Passed,Date');
    expect(lines[1]).toBe(`"'=HYPERLINK(""x"")",mathematics,3,4,75,B+,yes,2026-11-01T10:00:00.000Z`);
    expect(lines[2]!.startsWith('"Maths, part 2",')).toBe(true);
  });
});
