import { decodeHTML } from 'entities';

/**
 * Question files carry HTML (Moodle's `format="html"`, QTI's XHTML item bodies); our questions are
 * plain text with TeX maths. The text keeps its paragraphs and line breaks and its maths as written;
 * pictures are reported by their source so the importer can carry the first of them; what else the
 * markup did (bold, tables, links, colours) is reported as dropped.
 */
export interface PlainText {
  text: string;
  /** The `src` of every <img>, in order. */
  images: string[];
  /** True when formatting beyond paragraphs, line breaks and pictures was dropped. */
  formattingDropped: boolean;
}

const PARAGRAPH_END = /<\/(p|h[1-6]|blockquote|pre|table|ul|ol)\s*>/gi;
const BLOCK_END = /<\/(div|li|tr)\s*>/gi;
const LINE_BREAK = /<br\s*\/?>/gi;
const LIST_ITEM = /<li(\s[^>]*)?>/gi;
const IMG = /<img\b[^>]*?\bsrc\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>/gi;
const HARMLESS = /^<\/?(p|br|div|span|img)\b/i;

export function htmlToText(html: string): PlainText {
  const images: string[] = [];
  let formattingDropped = false;
  let s = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, () => {
    formattingDropped = true;
    return '';
  });
  s = s.replace(IMG, (_m, _q, a: string | undefined, b: string | undefined, c: string | undefined) => {
    images.push(decodeHTML(a ?? b ?? c ?? ''));
    return '';
  });
  for (const tag of s.match(/<\/?[a-z][^>]*>/gi) ?? []) if (!HARMLESS.test(tag)) formattingDropped = true;
  // A paragraph ends with a blank line, as textToHtml writes one: paragraphs survive the round trip.
  s = s.replace(LINE_BREAK, '\n').replace(PARAGRAPH_END, '\n\n').replace(BLOCK_END, '\n').replace(LIST_ITEM, '• ').replace(/<\/?[a-z][^>]*>/gi, '');
  const text = decodeHTML(s)
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n[ \t]+/g, '\n')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { text, images, formattingDropped };
}

/** Our plain text as HTML for formats that expect it: escaped, line breaks kept. */
export function textToHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`)
    .join('');
}
