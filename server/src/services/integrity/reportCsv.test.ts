import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { attemptReportCsv, examSummaryCsv } from './reportCsv';
import { sampleQueue, sampleTimeline } from './reportFixture';
import { reportFileName, reportWords, reportZone } from './reportText';

const english = reportWords({ language: 'en', zone: 'UTC', prefs: { dateFormat: 'YYYY-MM-DD', timeFormat: '24h' } });
const rows = (csv: string): string[][] => parse(csv, { bom: true }) as string[][];

describe('an attempt’s integrity report as CSV', () => {
  it('opens in Excel with its accents: a byte-order mark, then a translated header', () => {
    const csv = attemptReportCsv(sampleTimeline(), english);
    expect(csv.startsWith('\ufeff')).toBe(true);
    expect(rows(csv)[0]).toEqual(['Time (UTC, ISO 8601)', 'Time (UTC)', 'Event', 'Who', 'Detail']);
    const german = reportWords({ language: 'de', zone: 'Europe/Berlin', prefs: { dateFormat: 'DD/MM/YYYY', timeFormat: '24h' } });
    expect(rows(attemptReportCsv(sampleTimeline(), german))[0]).toEqual(['Zeit (UTC, ISO 8601)', 'Zeit (Europe/Berlin)', 'Ereignis', 'Wer', 'Einzelheiten']);
  });

  it('has one row per timeline line, in order, each with its instant, the reader’s clock and the detail in words', () => {
    const timeline = sampleTimeline();
    const body = rows(attemptReportCsv(timeline, english)).slice(1);
    expect(body.map((r) => r[0])).toEqual(timeline.entries.map((e) => e.at));
    expect(body[3]).toEqual(['2026-11-24T09:20:05.000Z', '2026-11-24 09:20:05', 'Reconnected', 'José Peña', 'Back after 2 min 5 s offline']);
    expect(body[1]![4]).toBe('Question 1: 3 saves, the last at 2026-11-24 09:12:00');
    expect(body[5]![4]).toBe('Several faces · for 6 s · 87 % sure · 2 pictures · Decision: Confirmed');
    expect(body[9]![4]).toBe('Dismissed: the flag “Tab switch” of 2026-11-24 09:14:00 · Note: “Asked to leave – ok’d”');
  });

  it('says why a reconnected student’s connection went, in the reader’s language, and only how long when it is unknown', () => {
    const entry = (detail: Record<string, unknown>) => ({ kind: 'reconnected' as const, at: '2026-11-24T09:20:05.000Z', by: null, detail });
    const gap = { offlineMs: 7000, since: '2026-11-24T09:19:58.000Z' };
    expect(english.detail(entry({ ...gap, cause: 'network' }), new Map())).toBe('Back after 7 s offline (connection lost)');
    expect(english.detail(entry({ ...gap, cause: 'signed-out' }), new Map())).toBe('Back after 7 s offline (signed out)');
    expect(english.detail(entry({ ...gap, cause: 'solar-flare' }), new Map())).toBe('Back after 7 s offline');
    const words = (language: 'es' | 'fr' | 'de') => reportWords({ language, zone: 'UTC', prefs: { dateFormat: 'YYYY-MM-DD', timeFormat: '24h' } });
    expect(words('es').detail(entry({ ...gap, cause: 'left-page' }), new Map())).toBe('De vuelta tras 7 s sin conexión (salió de la página del examen)');
    expect(words('fr').detail(entry({ ...gap, cause: 'server-restart' }), new Map())).toBe('De retour après 7 s hors ligne (le serveur a redémarré)');
    expect(words('de').detail(entry({ ...gap, cause: 'network' }), new Map())).toBe('Zurück nach 7 s offline (Verbindung verloren)');
  });

  it('writes times in the zone asked for', () => {
    const tokyo = reportWords({ language: 'en', zone: 'Asia/Tokyo', prefs: { dateFormat: 'MM/DD/YYYY', timeFormat: '12h' } });
    const body = rows(attemptReportCsv(sampleTimeline(), tokyo));
    expect(body[0]![1]).toBe('Time (Asia/Tokyo)');
    expect(body[1]!.slice(0, 2)).toEqual(['2026-11-24T09:00:00.000Z', '11/24/2026 6:00:00 PM']);
  });

  it.each([
    ['a student named like a formula', { studentName: '=HYPERLINK("http://evil.test","x")' }],
    ['a message that runs a command', { messageText: '+cmd|/C calc!A0' }],
    ['a note that sums', { note: '@SUM(A1:A9)' }],
  ])('keeps %s as text', (_what, over) => {
    const csv = attemptReportCsv(sampleTimeline(over), english);
    const cells = rows(csv).flat();
    // No cell a spreadsheet would run: each starts with a harmless character.
    expect(cells.filter((c) => /^\s*[=+\-@\t\r]/.test(c))).toEqual([]);
    const bad = Object.values(over)[0]!;
    expect(cells.some((c) => c.includes(bad))).toBe(true);
  });

  it('keeps a student called "=HYPERLINK(...)" as text where the name is the whole cell', () => {
    const csv = attemptReportCsv(sampleTimeline({ studentName: '=HYPERLINK("http://evil.test","x")' }), english);
    expect(rows(csv)[1]![3]).toBe('\'=HYPERLINK("http://evil.test","x")');
  });

  it('keeps -2+3 as text in a message but leaves real numbers alone', () => {
    const csv = attemptReportCsv(sampleTimeline({ messageText: '-2+3' }), english);
    expect(rows(csv)[5]![4]).toBe('To the student: “-2+3”');
    const summary = rows(examSummaryCsv(sampleQueue(['-2+3', 'Ann']), english));
    expect(summary[1]![0]).toBe("'-2+3");
    expect(summary[1]![5]).toBe('3');
  });
});

describe('an exam’s integrity summary as CSV', () => {
  it('has one row per attempt with its state, flags, outcome and hold, and formula-safe names', () => {
    const body = rows(examSummaryCsv(sampleQueue(), english));
    expect(body[0]).toEqual(['Student', 'Section', 'Status', 'Submitted how', 'Integrity state', 'Flags', 'Undecided', 'Confirmed', 'Outcome', 'Result held']);
    expect(body[1]).toEqual(['Zoë Ångström', 'A', 'Submitted', 'by the student', 'Needs review', '3', '2', '0', '—', 'Under review']);
    expect(body[2]).toEqual(['\'=HYPERLINK("http://x.test","click")', '—', 'Submitted', 'automatically, for violations', 'Confirmed', '2', '0', '1', 'Result withheld', 'Withheld']);
  });

  it('is written in the reader’s language', () => {
    const spanish = reportWords({ language: 'es', zone: 'UTC', prefs: { dateFormat: 'DD/MM/YYYY', timeFormat: '24h' } });
    const body = rows(examSummaryCsv(sampleQueue(), spanish));
    expect(body[0]![0]).toBe('Estudiante');
    expect(body[1]![4]).toBe('Por revisar');
    expect(body[1]![9]).toBe('En revisión');
  });
});

describe('the zone a report is written in', () => {
  it('is the browser’s when real, else the reader’s setting, else UTC', () => {
    expect(reportZone('Europe/Madrid', 'EST')).toBe('Europe/Madrid');
    expect(reportZone('Mars/Olympus_Mons', 'EST')).toBe('America/New_York');
    expect(reportZone('', 'PST')).toBe('America/Los_Angeles');
    expect(reportZone(undefined, undefined)).toBe('UTC');
    expect(reportZone('x'.repeat(200), undefined)).toBe('UTC');
  });
});

describe('a report’s file name', () => {
  it('keeps the title, exam and student, without what a file system refuses, with an ASCII twin', () => {
    expect(reportFileName(['Integritätsbericht', 'Géo/Übung: "1"', 'José Peña'], 'pdf')).toEqual({
      name: 'Integritätsbericht - Géo Übung 1 - José Peña.pdf',
      ascii: 'integritatsbericht-geo-ubung-1-jose-pena.pdf',
    });
    expect(reportFileName(['\u0000', '…'], 'csv').ascii).toBe('report.csv');
  });
});
