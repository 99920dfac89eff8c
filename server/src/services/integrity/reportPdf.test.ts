import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PICTURE_GONE, PICTURE_KEPT, sampleQueue, sampleTimeline } from './reportFixture';
import { attemptReportPdf, examSummaryPdf, winAnsi } from './reportPdf';
import { pdfLines, pdfText } from './reportPdfText';
import { reportWords, type ReportReader } from './reportText';

const reader = (over: Partial<ReportReader> = {}): ReportReader => ({ language: 'en', zone: 'UTC', prefs: { dateFormat: 'YYYY-MM-DD', timeFormat: '24h' }, ...over });
const NOW = new Date('2026-11-25T08:00:00.000Z');
let jpeg: Buffer;

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).jpeg().toBuffer();
});

const report = (over: Partial<ReportReader> = {}, compress = false) =>
  attemptReportPdf(
    { schoolName: 'Lycée Saint-Exupéry', timeline: sampleTimeline(), pictures: new Map([[PICTURE_KEPT, jpeg], [PICTURE_GONE, null]]), words: reportWords(reader(over)), now: NOW },
    { compress },
  );

/** Where each text is first drawn, to tell their order. */
const positions = (lines: string[], texts: string[]) => texts.map((t) => lines.findIndex((l) => l.includes(t)));

describe('an attempt’s integrity report as PDF', () => {
  it('is a PDF with the school’s name, its title and the exam and student', async () => {
    const pdf = await report();
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Lycée Saint-Exupéry');
    expect(text).toContain('Integrity report');
    expect(text).toContain('Géographie – Übung');
    expect(text).toContain('José Peña');
    expect(text).toContain('Times are in UTC');
    expect(text).not.toMatch(/suspicion score|score: \d/i);
  });

  it('lists the timeline’s events in order, with time, kind, who and detail in words', async () => {
    const lines = pdfLines(await report());
    const order = positions(lines, [
      '2026-11-24 09:00:00',
      'Question 1: 3 saves',
      'Tab switch · Decision: Dismissed',
      'Back after 2 min 5 s offline',
      'To the student: “Eyes on your own screen, ß”',
      'Several faces · for 6 s · 87 % sure',
      '5 more minutes',
      'Submitted by the student',
    ]);
    expect(order.every((i) => i >= 0), JSON.stringify(order)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(lines).toContain('Grete Müller');
  });

  it('gives the counts, each flag with its decisions, and time per question', async () => {
    const text = pdfText(await report());
    expect(text).toContain('Reconnections');
    expect(text).toContain('2 min 5 s');
    expect(text).toContain('Several faces at 2026-11-24 09:30:00');
    expect(text).toContain('Confirmed by Grete Müller, 2026-11-24 10:01:00');
    expect(text).toContain('Dismissed by Grete Müller, 2026-11-24 10:00:00 · Note: “Asked to leave – ok’d”');
    expect(text).toContain('Time per question');
    const lines = pdfLines(await report());
    // Question 1 first, whatever order the timeline gave them in.
    expect(lines.indexOf('Question 1')).toBeLessThan(lines.indexOf('Question 2'));
    expect(lines).toContain('12 min 0 s');
  });

  it('embeds the kept evidence picture and says when one was deleted after retention', async () => {
    const pdf = await report();
    const raw = pdf.toString('latin1');
    expect(raw.match(/\/Subtype \/Image/g)).toHaveLength(1);
    expect(raw).toContain('/DCTDecode');
    expect(pdfText(pdf)).toContain('Picture deleted after retention');
  });

  it('carries its title and language in the metadata, and page numbers in the footer', async () => {
    const pdf = await report({ language: 'de' });
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/Lang \(de\)/);
    expect(raw).toMatch(/\/Title/);
    expect(raw).toMatch(/\/DisplayDocTitle true/);
    expect(pdfText(pdf)).toMatch(/Seite 1 von \d/);
  });

  it('is written in German for a German reader, with its labels and accents', async () => {
    const text = pdfText(await report({ language: 'de', zone: 'Europe/Berlin', prefs: { dateFormat: 'DD/MM/YYYY', timeFormat: '24h' } }));
    expect(text).toContain('Integritätsbericht');
    expect(text).toContain('Zeitleiste');
    expect(text).toContain('Zurück nach 2 min 5 s offline');
    expect(text).toContain('Mehrere Gesichter');
    expect(text).toContain('Zeiten in Europe/Berlin');
    // 09:00 UTC is 10:00 in Berlin in November.
    expect(text).toContain('24/11/2026 10:00:00');
    expect(text).not.toContain('Timeline');
  });

  it('reads the same compressed, as it is served', async () => {
    const pdf = await report({}, true);
    expect(pdf.toString('latin1')).toContain('/FlateDecode');
    expect(pdfText(pdf)).toContain('Lycée Saint-Exupéry');
  });

  it('keeps a long timeline whole across pages, its header repeated', async () => {
    const timeline = sampleTimeline();
    const start = Date.parse('2026-11-24T09:00:00.000Z');
    timeline.entries = Array.from({ length: 400 }, (_, i) => ({
      kind: 'saves' as const,
      at: new Date(start + i * 1000).toISOString(),
      by: null,
      detail: { questionNumber: i + 1, count: 1, until: new Date(start + i * 1000).toISOString() },
    }));
    // Other work (a live exam's saves) gets turns while the pages are laid out.
    let turns = 0;
    const timer = setInterval(() => turns++, 0);
    const pdf = await attemptReportPdf({ schoolName: 'S', timeline, pictures: new Map(), words: reportWords(reader()), now: NOW }, { compress: false });
    clearInterval(timer);
    expect(turns).toBeGreaterThanOrEqual(4);
    const lines = pdfLines(pdf);
    const numbers = lines.map((l) => /^Question (\d+): 1 save$/.exec(l)?.[1]).filter(Boolean).map(Number);
    expect(numbers).toEqual(Array.from({ length: 400 }, (_, i) => i + 1));
    expect(lines.filter((l) => l === 'Detail').length).toBeGreaterThan(3);
  });
});

describe('an exam’s integrity summary as PDF', () => {
  it('has the school, the exam, the counts and one row per attempt', async () => {
    const pdf = await examSummaryPdf({ schoolName: 'Lycée Saint-Exupéry', queue: sampleQueue(), words: reportWords(reader({ language: 'fr' })), now: NOW }, { compress: false });
    const text = pdfText(pdf);
    expect(text).toContain('Lycée Saint-Exupéry');
    expect(text).toContain('Synthèse d’intégrité');
    expect(text).toContain('Géographie – Übung');
    expect(text).toContain('Zoë Ångström');
    expect(text).toContain('À examiner');
    expect(text).toContain('En cours d’examen');
    expect(text).toContain('Résultat retenu');
    expect(text).toMatch(/Page 1 sur \d/);
  });
});

describe('text in the standard fonts', () => {
  it('keeps every letter of the four languages and the typographic marks', () => {
    expect(winAnsi('é ñ ü ß ’ – — “ ” « » € Œ œ ¿ ¡')).toBe('é ñ ü ß ’ – — “ ” « » € Œ œ ¿ ¡');
  });

  it('writes what it cannot draw as its nearest letter or a question mark, never as another glyph', () => {
    expect(winAnsi('Łukasz Dvořák Ő')).toBe('Lukasz Dvorák O');
    expect(winAnsi('王 🙂')).toBe('? ?');
    expect(winAnsi('a\u202fb\u200bc\u0007d\u2212e')).toBe('a bcd-e');
    expect(winAnsi('e\u0301')).toBe('é');
  });
});
