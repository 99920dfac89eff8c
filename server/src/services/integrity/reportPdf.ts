import PDFDocument from 'pdfkit';
import type { AttemptTimeline, ReviewFlag, ReviewQueue } from '@exam/shared';
import { flagsByEvent, type ReportWords } from './reportText';

/**
 * The integrity reports as PDF documents a school can file (issue 53), written with pdfkit and its
 * built-in Helvetica: no font file to ship, and its WinAnsi encoding covers every letter of
 * English, Spanish, French and German. Anything outside it (a name in another script, an emoji
 * in a message) is written as its nearest WinAnsi letter or '?', never as the wrong glyph.
 */

/** Options for tests: compress false leaves the page streams readable. */
export interface PdfOptions {
  compress?: boolean;
}

export interface AttemptReportInput {
  schoolName: string;
  timeline: AttemptTimeline;
  /** Each evidence picture's JPEG bytes by its id; null when the picture is gone (deleted after retention). */
  pictures: ReadonlyMap<string, Buffer | null>;
  words: ReportWords;
  now?: Date;
}

export interface ExamSummaryInput {
  schoolName: string;
  queue: ReviewQueue;
  words: ReportWords;
  now?: Date;
}

// ---------------------------------------------------------------------------------------------
// WinAnsi: what the standard fonts can draw.

/** The characters WinAnsi places at 0x80-0x9F (pdfkit maps them to their codes). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** Letters and marks with no decomposition to a WinAnsi letter, and spaces and dashes of other widths. */
const NEAREST: Record<string, string> = {
  ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ı: 'i', ħ: 'h', Ħ: 'H', ŀ: 'l', Ŀ: 'L', ĸ: 'k', ŋ: 'n', Ŋ: 'N', ſ: 's',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2015': '—', '\u2212': '-',
  '\u2032': "'", '\u2033': '"', '\u2039': '‹', '\u203a': '›', '\u201b': '‘', '\u201f': '“',
};
const SPACE = /[\u2000-\u200a\u202f\u205f\u3000]/;
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff\u00ad]/;

const inWinAnsi = (ch: string): boolean => {
  const c = ch.codePointAt(0)!;
  return (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRA.has(ch);
};

/** Text the standard fonts draw truly: WinAnsi kept, the rest replaced by its nearest letter, a space, or '?'. */
export function winAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    if (inWinAnsi(ch) || ch === '\n') out += ch;
    else if (ch === '\t' || ch === '\r' || SPACE.test(ch)) out += ' ';
    else if (INVISIBLE.test(ch) || ch.codePointAt(0)! < 0x20 || (ch.codePointAt(0)! >= 0x7f && ch.codePointAt(0)! < 0xa0)) continue;
    else if (NEAREST[ch]) out += NEAREST[ch];
    else {
      // é written as e + ´, ő as o + ˝: the letter without the mark it cannot show.
      const base = ch.normalize('NFD').replace(/\p{M}+/gu, '');
      out += base && [...base].every(inWinAnsi) ? base : '?';
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Layout.

const MARGIN = 50;
const FOOTER = 36;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const MUTED = '#555555';
const RULE = '#bbbbbb';
const ROWS_PER_TURN = 50;

interface Column {
  label: string;
  width: number;
  align?: 'left' | 'right';
}

type Doc = PDFKit.PDFDocument;

/** A page writer over pdfkit: text always made WinAnsi-safe, tables that carry their header onto the next page. */
class Writer {
  readonly doc: Doc;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  constructor(meta: { title: string; subject: string; author: string; language: string; landscape?: boolean }, opts: PdfOptions) {
    this.doc = new PDFDocument({
      size: 'A4',
      layout: meta.landscape ? 'landscape' : 'portrait',
      margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER },
      bufferPages: true,
      compress: opts.compress ?? true,
      lang: meta.language,
      displayTitle: true,
      pdfVersion: '1.7',
      info: { Title: meta.title, Subject: meta.subject, Author: meta.author, Creator: meta.author },
    });
    this.doc.on('data', (c: Buffer) => this.chunks.push(c));
    this.done = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
  }

  get width(): number {
    return this.doc.page.width - MARGIN * 2;
  }

  private get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** A new page unless `height` more fits on this one. */
  room(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  text(s: string, opts: { font?: string; size?: number; color?: string; gap?: number } = {}): void {
    this.doc
      .font(opts.font ?? FONT)
      .fontSize(opts.size ?? 10)
      .fillColor(opts.color ?? 'black')
      .text(winAnsi(s), MARGIN, this.doc.y, { width: this.width });
    if (opts.gap) this.doc.moveDown(opts.gap);
  }

  heading(s: string): void {
    this.doc.moveDown(0.8);
    this.room(60);
    this.text(s, { font: BOLD, size: 13, gap: 0.3 });
  }

  /** Label and value pairs, the labels in a column of their own. */
  fields(pairs: [string, string][]): void {
    const labelWidth = 150;
    for (const [label, value] of pairs) {
      const valueHeight = this.doc.font(FONT).fontSize(10).heightOfString(winAnsi(value), { width: this.width - labelWidth });
      const labelHeight = this.doc.font(BOLD).fontSize(10).heightOfString(winAnsi(label), { width: labelWidth - 8 });
      const h = Math.max(valueHeight, labelHeight, 12);
      this.room(h);
      const y = this.doc.y;
      this.doc.font(BOLD).fontSize(10).fillColor('black').text(winAnsi(label), MARGIN, y, { width: labelWidth - 8 });
      this.doc.font(FONT).fontSize(10).text(winAnsi(value), MARGIN + labelWidth, y, { width: this.width - labelWidth });
      this.doc.x = MARGIN;
      this.doc.y = y + h + 2;
    }
  }

  /**
   * A table; its header row is drawn again at the top of each page it runs onto. Laying out text
   * is synchronous work (some 0.5 ms a row): every ROWS_PER_TURN rows the event loop gets a turn,
   * so a 2,000-line timeline never holds up the live exams this server also runs.
   */
  async table(columns: Column[], rows: string[][], size = 8.5): Promise<void> {
    const pad = 4;
    const cellOpts = (i: number, align?: Column['align']) => ({ width: columns[i]!.width - pad * 2, align: align ?? 'left' });
    const rowHeight = (cells: string[], font: string) => {
      this.doc.font(font).fontSize(size);
      return Math.max(...cells.map((c, i) => this.doc.heightOfString(c, cellOpts(i)))) + pad * 2;
    };
    const draw = (cells: string[], font: string, h: number) => {
      const y = this.doc.y;
      let x = MARGIN;
      this.doc.font(font).fontSize(size).fillColor('black');
      cells.forEach((c, i) => {
        this.doc.text(c, x + pad, y + pad, cellOpts(i, columns[i]!.align));
        x += columns[i]!.width;
      });
      this.doc.moveTo(MARGIN, y + h).lineTo(MARGIN + this.width, y + h).lineWidth(0.5).strokeColor(RULE).stroke();
      this.doc.x = MARGIN;
      this.doc.y = y + h;
    };
    const header = columns.map((c) => winAnsi(c.label));
    const headerHeight = rowHeight(header, BOLD);
    const safeRows = rows.map((r) => r.map(winAnsi));
    this.room(headerHeight + rowHeight(safeRows[0] ?? header, FONT));
    draw(header, BOLD, headerHeight);
    for (const [n, row] of safeRows.entries()) {
      if (n > 0 && n % ROWS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
      const h = rowHeight(row, FONT);
      if (this.doc.y + h > this.bottom) {
        this.doc.addPage();
        draw(header, BOLD, headerHeight);
      }
      draw(row, FONT, h);
    }
    this.doc.moveDown(0.5);
  }

  /** Pictures side by side, as many as fit across, each within `w` × `h`. A picture pdfkit cannot read is said in words. */
  pictures(images: Buffer[], unreadable: string): void {
    const w = 150;
    const h = 112;
    const gap = 10;
    const across = Math.max(1, Math.floor((this.width + gap) / (w + gap)));
    const failed: number[] = [];
    for (let i = 0; i < images.length; i += across) {
      this.room(h + 6);
      const y = this.doc.y;
      images.slice(i, i + across).forEach((img, j) => {
        try {
          this.doc.image(img, MARGIN + j * (w + gap), y, { fit: [w, h] });
        } catch {
          failed.push(i + j);
        }
      });
      this.doc.x = MARGIN;
      this.doc.y = y + h + 6;
    }
    if (failed.length) this.text(unreadable, { size: 9, color: MUTED });
  }

  /** Page numbers and the document's name at the foot of every page, then the bytes. */
  finish(footerLeft: string, pageLabel: (page: number, pages: number) => string): Promise<Buffer> {
    const { start, count } = this.doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      this.doc.switchToPage(i);
      // Writing below the bottom margin would open a new page: the footer sits in the margin itself.
      const bottom = this.doc.page.margins.bottom;
      this.doc.page.margins.bottom = 0;
      const y = this.doc.page.height - MARGIN - 10;
      this.doc.moveTo(MARGIN, y - 6).lineTo(MARGIN + this.width, y - 6).lineWidth(0.5).strokeColor(RULE).stroke();
      this.doc.font(FONT).fontSize(8).fillColor(MUTED);
      this.doc.text(winAnsi(footerLeft), MARGIN, y, { width: this.width * 0.7, lineBreak: false, ellipsis: true });
      this.doc.text(winAnsi(pageLabel(i - start + 1, count)), MARGIN, y, { width: this.width, align: 'right', lineBreak: false });
      this.doc.page.margins.bottom = bottom;
    }
    this.doc.end();
    return this.done;
  }
}

/** The header every report opens with: the school, the title, when it was written and which clock its times are on. */
function masthead(out: Writer, schoolName: string, title: string, w: ReportWords, now: Date): void {
  out.text(schoolName, { font: BOLD, size: 11, color: MUTED, gap: 0.2 });
  out.text(title, { font: BOLD, size: 20, gap: 0.3 });
  out.text(`${w.t('generatedAt', { time: w.time(now.toISOString()) })} · ${w.t('timesIn', { zone: w.zone })}`, { size: 9, color: MUTED, gap: 0.2 });
  out.text(w.t('noScore'), { size: 9, color: MUTED, gap: 0.8 });
}

function flagLines(flag: ReviewFlag, w: ReportWords): string[] {
  const facts = [
    flag.durationMs !== undefined ? w.t('details.lasted', { duration: w.duration(flag.durationMs) }) : undefined,
    flag.confidence !== undefined ? w.t('details.confidence', { percent: Math.round(flag.confidence * 100) }) : undefined,
  ].filter((s): s is string => !!s);
  const lines = facts.length ? [facts.join(' · ')] : [];
  if (!flag.history.length) lines.push(w.t('flags.undecided'));
  for (const d of flag.history) {
    const said = w.t('flags.decision', { decision: w.t(`decisions.${d.decision}`), who: w.who(d.by), time: w.time(d.at) });
    lines.push(d.note ? `${said} · ${w.t('details.note', { note: d.note })}` : said);
  }
  return lines;
}

/** An attempt's integrity report: who, when, the counts, the timeline in order, each flag with its decisions and pictures, time per question. */
export async function attemptReportPdf(input: AttemptReportInput, opts: PdfOptions = {}): Promise<Buffer> {
  const { timeline, words: w, schoolName } = input;
  const a = timeline.attempt;
  const title = w.t('attemptTitle');
  const out = new Writer({ title: `${title}: ${a.examTitle} – ${a.student.name}`, subject: a.examTitle, author: schoolName, language: w.language }, opts);

  masthead(out, schoolName, title, w, input.now ?? new Date());
  out.fields([
    [w.t('fields.exam'), a.examTitle],
    [w.t('fields.student'), a.student.name],
    [w.t('fields.section'), w.section(a.student.section)],
    [w.t('fields.status'), w.status(a.status)],
    [w.t('fields.started'), w.time(a.startedAt)],
    [w.t('fields.submitted'), a.submittedAt ? w.time(a.submittedAt) : w.t('fields.notSubmitted')],
    [w.t('fields.submitReason'), w.submitReason(a.submitReason)],
    [w.t('fields.integrityState'), w.state(a.integrityState)],
    [w.t('fields.outcome'), w.outcome(a.outcome)],
    ...(a.hold === undefined ? [] : [[w.t('summary.hold'), w.hold(a.hold)] as [string, string]]),
  ]);

  const c = timeline.counts;
  out.heading(w.t('counts.title'));
  out.fields([
    [w.t('counts.flags'), String(c.flags)],
    [w.t('counts.undecided'), String(c.undecided)],
    [w.t('counts.confirmed'), String(c.confirmed)],
    [w.t('counts.dismissed'), String(c.dismissed)],
    [w.t('counts.reconnects'), String(c.reconnects)],
    [w.t('counts.offline'), w.duration(c.offlineMs)],
    [w.t('counts.saves'), String(c.saves)],
    [w.t('counts.messages'), String(c.messages)],
  ]);

  out.heading(w.t('timeline.title'));
  if (!timeline.entries.length) out.text(w.t('timeline.empty'));
  else {
    const flags = flagsByEvent(timeline.flags);
    await out.table(
      [
        { label: w.t('timeline.time'), width: 105 },
        { label: w.t('timeline.kind'), width: 95 },
        { label: w.t('timeline.who'), width: 95 },
        { label: w.t('timeline.detail'), width: out.width - 295 },
      ],
      timeline.entries.map((e) => [w.time(e.at), w.kind(e.kind), w.who(e.by), w.detail(e, flags)]),
    );
  }

  out.heading(w.t('flags.title'));
  if (!timeline.flags.length) out.text(w.t('flags.empty'));
  for (const flag of timeline.flags) {
    out.room(40);
    out.text(w.t('flags.heading', { kind: w.violation(flag.kind), time: w.time(flag.at) }), { font: BOLD, size: 10, gap: 0.1 });
    for (const line of flagLines(flag, w)) out.text(line, { size: 9 });
    const kept = flag.evidenceIds.map((id) => input.pictures.get(id)).filter((b): b is Buffer => !!b);
    if (kept.length < flag.evidenceIds.length) out.text(w.t('flags.pictureDeleted'), { size: 9, color: MUTED });
    if (kept.length) {
      out.doc.moveDown(0.3);
      out.pictures(kept, w.t('flags.pictureUnreadable'));
    }
    out.doc.moveDown(0.6);
  }

  if (timeline.outcomeHistory.length) {
    out.heading(w.t('outcomeHistory.title'));
    for (const o of timeline.outcomeHistory) {
      const said = w.t('outcomeHistory.entry', { outcome: w.outcome(o.outcome), who: w.who(o.by), time: w.time(o.at) });
      out.text(o.note ? `${said} · ${w.t('details.note', { note: o.note })}` : said, { size: 9 });
    }
  }

  out.heading(w.t('questions.title'));
  if (!timeline.questions.length) out.text(w.t('questions.empty'));
  else {
    const rest = (out.width - 180) / 3;
    await out.table(
      [
        { label: w.t('questions.question'), width: 90 },
        { label: w.t('questions.saves'), width: 90, align: 'right' },
        { label: w.t('questions.time'), width: rest, align: 'right' },
        { label: w.t('questions.firstSaved'), width: rest },
        { label: w.t('questions.lastSaved'), width: rest },
      ],
      [...timeline.questions]
        .sort((x, y) => x.number - y.number)
        .map((q) => [w.t('questions.number', { number: q.number }), String(q.saves), w.duration(q.timeMs), w.time(q.firstSavedAt), w.time(q.lastSavedAt)]),
    );
  }

  return out.finish(`${title} · ${a.examTitle} · ${a.student.name}`, (page, pages) => w.t('page', { page, pages }));
}

/** An exam's integrity summary: the school, the exam, the counts, and one row per attempt in the review queue's order. */
export async function examSummaryPdf(input: ExamSummaryInput, opts: PdfOptions = {}): Promise<Buffer> {
  const { queue, words: w, schoolName } = input;
  const title = w.t('summaryTitle');
  // Landscape: eight columns, and the students' names whole.
  const out = new Writer({ title: `${title}: ${queue.exam.title}`, subject: queue.exam.title, author: schoolName, language: w.language, landscape: true }, opts);

  masthead(out, schoolName, title, w, input.now ?? new Date());
  out.fields([
    [w.t('fields.exam'), queue.exam.title],
    [w.t('fields.waitsForReview'), w.t(queue.exam.waitsForReview ? 'yes' : 'no')],
  ]);

  const s = queue.summary;
  out.heading(w.t('counts.title'));
  out.fields([
    [w.t('summary.attempts'), String(s.attempts)],
    [w.t('summary.clear'), String(s.clear)],
    [w.t('summary.needsReview'), String(s.needsReview)],
    [w.t('summary.confirmed'), String(s.confirmed)],
    [w.t('summary.held'), String(s.held)],
  ]);

  out.heading(w.t('summary.attemptsTitle'));
  if (!queue.items.length) out.text(w.t('summary.empty'));
  else {
    const num = 62;
    await out.table(
      [
        { label: w.t('summary.student'), width: out.width - 55 - 90 - num * 3 - 110 - 100 },
        { label: w.t('summary.section'), width: 55 },
        { label: w.t('summary.state'), width: 90 },
        { label: w.t('summary.flags'), width: num, align: 'right' },
        { label: w.t('summary.undecided'), width: num, align: 'right' },
        { label: w.t('summary.confirmedFlags'), width: num, align: 'right' },
        { label: w.t('summary.outcome'), width: 110 },
        { label: w.t('summary.hold'), width: 100 },
      ],
      queue.items.map((i) => [
        i.student.name,
        w.section(i.student.section),
        w.state(i.integrityState),
        String(i.flags),
        String(i.undecided),
        String(i.confirmed),
        w.outcome(i.outcome),
        w.hold(i.hold),
      ]),
    );
  }

  return out.finish(`${title} · ${queue.exam.title}`, (page, pages) => w.t('page', { page, pages }));
}
