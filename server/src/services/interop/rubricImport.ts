import type { Element, Node } from '@xmldom/xmldom';
import { rubricSchema, type Rubric } from '@exam/shared';
import { ImportFileError } from './types';
import { childElements, descendants, ELEMENT_NODE, parseXml, TEXT_NODE } from './xml';

/**
 * Our own rubric table (rubricExport.ts) read back: a question exported with its rubric comes
 * back in with it. Only the table we write is recognised (class "exam-rubric": criterion cells
 * spanning their levels' rows, then level and points); anything else, or a table edited out of
 * shape, stays text in the grader's notes.
 */

const RUBRIC_CLASS = 'exam-rubric';

/** A cell's title and the description under it (the writer puts a <br/> between them). */
function titled(cell: Element): { title: string; description: string } {
  const lines: string[] = [''];
  const walk = (n: Node) => {
    for (let c = n.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === TEXT_NODE) lines[lines.length - 1] += c.nodeValue ?? '';
      else if (c.nodeType === ELEMENT_NODE && (c as Element).localName === 'br') lines.push('');
      else walk(c);
    }
  };
  walk(cell);
  const [title = '', ...rest] = lines.map((l) => l.replace(/\s+/g, ' ').trim());
  return { title, description: rest.filter(Boolean).join('\n') };
}

/** Whether an element is our rubric table. */
export const isRubricTable = (el: Element) => el.localName === 'table' && (el.getAttribute('class') ?? '').split(/\s+/).includes(RUBRIC_CLASS);

/** The rubric a table of ours holds, or null when it is not one (or no longer makes a valid rubric). */
export function rubricFromTable(table: Element): Rubric | null {
  const criteria: { id: string; title: string; description: string; levels: { id: string; title: string; description: string; points: number }[] }[] = [];
  const body = descendants(table, 'tbody')[0] ?? table;
  for (const row of childElements(body, 'tr')) {
    const header = childElements(row, 'th')[0];
    if (header) criteria.push({ id: `c${criteria.length + 1}`, ...titled(header), levels: [] });
    const criterion = criteria[criteria.length - 1];
    const [level, points] = childElements(row, 'td');
    if (!criterion || !level || !points) return null;
    criterion.levels.push({ id: `${criterion.id}-l${criterion.levels.length + 1}`, ...titled(level), points: Number((points.textContent ?? '').trim()) });
  }
  const parsed = rubricSchema.safeParse({ criteria });
  return parsed.success ? parsed.data : null;
}

/** The first table of ours inside an element (a QTI scorer rubric block). */
export function rubricIn(el: Element): Rubric | null {
  const table = descendants(el, 'table').find(isRubricTable);
  return table ? rubricFromTable(table) : null;
}

const TABLE_HTML = new RegExp(`<table class="${RUBRIC_CLASS}">[\\s\\S]*?</table>`);

/**
 * A rubric table of ours inside HTML (Moodle's grader information), and the HTML without it. The
 * table is the well-formed XHTML we wrote, so it is read as XML; one that no longer parses is left
 * in the HTML.
 */
export function takeRubricTable(html: string): { rubric: Rubric | null; html: string } {
  const found = TABLE_HTML.exec(html);
  if (!found) return { rubric: null, html };
  let rubric: Rubric | null = null;
  try {
    const table = parseXml(found[0]).documentElement;
    rubric = table ? rubricFromTable(table) : null;
  } catch (err) {
    if (!(err instanceof ImportFileError)) throw err;
  }
  return rubric ? { rubric, html: html.replace(found[0], '') } : { rubric: null, html };
}
