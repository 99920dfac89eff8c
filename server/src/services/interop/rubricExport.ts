import { rubricMaxPoints, type Rubric } from '@exam/shared';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n = (x: number) => String(Number(x.toPrecision(15)));

/** A title with its description below it, when it has one. */
const titled = (title: string, description: string) => esc(title) + (description ? `<br/>${esc(description).replace(/\n/g, '<br/>')}` : '');

/**
 * A question's rubric for a human grader in another system: no question format has a place a
 * rubric means something, so it travels as a table (criterion, level, points) beside the
 * essay's notes for graders. Well-formed XHTML with a tbody, so it is valid inside a QTI item as
 * well as in Moodle's HTML. The class names it for any reader that wants to find it again.
 */
export function rubricTableHtml(rubric: Rubric): string {
  const rows = rubric.criteria.flatMap((c) =>
    c.levels.map((l, i) => {
      const criterion = i === 0 ? `<th scope="row" rowspan="${c.levels.length}">${titled(c.title, c.description)}</th>` : '';
      return `<tr>${criterion}<td>${titled(l.title, l.description)}</td><td>${n(l.points)}</td></tr>`;
    }),
  );
  return (
    `<table class="exam-rubric">` +
    `<caption>Rubric (${n(rubricMaxPoints(rubric))} points)</caption>` +
    `<thead><tr><th scope="col">Criterion</th><th scope="col">Level</th><th scope="col">Points</th></tr></thead>` +
    `<tbody>${rows.join('')}</tbody>` +
    `</table>`
  );
}
