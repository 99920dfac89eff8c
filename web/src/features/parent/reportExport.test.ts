import { describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM_SETTINGS, gradeOnScale } from '@exam/shared';
import { changeLanguage } from '../../i18n';
import { reportCsv } from './reportExport';

const onDefaultScale = (pct: number) => gradeOnScale(DEFAULT_PLATFORM_SETTINGS.gradingScale, pct);

const result = { _id: 'r1', examId: 'e1', examTitle: '=HYPERLINK("x")', subject: 'mathematics', percentage: 75, score: 3, totalMarks: 4, grade: 'B+', isPassed: true, date: '2026-11-01T10:00:00.000Z' };

describe('reportCsv', () => {
  it('has nothing to export without rows', () => {
    expect(reportCsv('results', { results: [] }, onDefaultScale)).toBeNull();
    expect(reportCsv('exams', {}, onDefaultScale)).toBeNull();
  });

  it('writes a header and one line per result, defusing formulas and quoting commas', () => {
    const csv = reportCsv('performance', { results: [result, { ...result, _id: 'r2', examTitle: 'Maths, part 2' }] }, onDefaultScale)!;
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Exam,Subject,Score,Total marks,Percentage,Grade,Passed,Date');
    expect(lines[1]).toBe(`"'=HYPERLINK(""x"")",mathematics,3,4,75,B+,yes,2026-11-01T10:00:00.000Z`);
    expect(lines[2]!.startsWith('"Maths, part 2",')).toBe(true);
  });

  it('defuses a formula after a separator or in full-width signs, and keeps a negative number a number', () => {
    const csv = reportCsv('results', { results: [{ ...result, examTitle: 'x;=1+1', score: -2 }, { ...result, examTitle: '＋SUM(A1)' }] }, onDefaultScale)!;
    const [, first, second] = csv.trim().split('\r\n');
    expect(first!.startsWith("x;'=1+1,mathematics,-2,4,")).toBe(true);
    expect(second!.startsWith("'＋SUM(A1),mathematics,3,")).toBe(true);
  });

  it('writes the letter of the school’s current scale, not the one the server sent', () => {
    const passFail = (pct: number) => gradeOnScale({ bands: [{ min: 70, letter: 'P' }], fallback: 'NP' }, pct);
    const csv = reportCsv('performance', { results: [result, { ...result, _id: 'r2', percentage: 40 }] }, passFail)!;
    expect(csv.trim().split('\r\n').slice(1).map((l) => l.split(',')[5])).toEqual(['P', 'NP']);
  });

  it('names the columns of the downloaded file in the reader’s language', async () => {
    await changeLanguage('de');
    const csv = reportCsv('results', { results: [result] }, onDefaultScale)!;
    const [header, line] = csv.trim().split('\r\n');
    expect(header).toBe('Prüfung,Fach,Punkte,Höchstpunktzahl,Prozent,Note,Bestanden,Datum');
    expect(line!.split(',')[6]).toBe('ja');
  });
});
