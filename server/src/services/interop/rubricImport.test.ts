import { describe, expect, it } from 'vitest';
import { takeRubricTable } from './rubricImport';
import { rubricTableHtml } from './rubricExport';

const RUBRIC = {
  criteria: [
    { id: 'x', title: 'Argument', description: 'Claim & reasons', levels: [{ id: 'x0', title: 'Weak', description: '', points: 0 }, { id: 'x1', title: 'Strong', description: 'Backed', points: 4 }] },
    { id: 'y', title: 'Evidence', description: '', levels: [{ id: 'y0', title: 'None', description: '', points: 0 }, { id: 'y1', title: 'Cited', description: '', points: 1.5 }] },
  ],
};

describe('reading our rubric table back', () => {
  it('gives the criteria, levels, descriptions and points, and the grader notes without the table', () => {
    const { rubric, html } = takeRubricTable(`<p>Model answer.</p>\n${rubricTableHtml(RUBRIC)}`);
    expect(html).toBe('<p>Model answer.</p>\n');
    expect(rubric!.criteria.map((c) => [c.title, c.description, c.levels.map((l) => [l.title, l.description, l.points])])).toEqual([
      ['Argument', 'Claim & reasons', [['Weak', '', 0], ['Strong', 'Backed', 4]]],
      ['Evidence', '', [['None', '', 0], ['Cited', '', 1.5]]],
    ]);
  });

  it('leaves a table edited out of shape, or another table, in the notes as it was', () => {
    const broken = rubricTableHtml(RUBRIC).replace('<td>4</td>', '<td>four</td>');
    expect(takeRubricTable(broken)).toEqual({ rubric: null, html: broken });
    const unclosed = rubricTableHtml(RUBRIC).replace('</tbody>', '');
    expect(takeRubricTable(unclosed)).toEqual({ rubric: null, html: unclosed });
    const other = '<table><tr><td>Notes</td></tr></table>';
    expect(takeRubricTable(other)).toEqual({ rubric: null, html: other });
  });
});
