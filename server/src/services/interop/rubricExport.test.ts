import { describe, expect, it } from 'vitest';
import { questionInputSchema, type QuestionInput } from '@exam/shared';
import { parseMoodleXml } from './moodleXml';
import { exportMoodleXml } from './moodleXmlExport';
import { exportQti21, exportQti3 } from './qtiExport';
import { parseQti } from './qtiPackage';
import { readZip } from './zip';

const ID = '00000000-0000-4000-8000-0000000000aa';
const essay = (over: Record<string, unknown> = {}): QuestionInput =>
  questionInputSchema.parse({
    type: 'essay',
    subject: 'science',
    text: 'Explain how a vaccine protects the body.',
    points: 5.5 * 2,
    sampleAnswer: 'It trains the immune system.',
    rubric: {
      criteria: [
        {
          id: 'science',
          title: 'Science <accuracy> & terms',
          description: 'Antigen, antibody, memory cells',
          levels: [
            { id: 's0', title: 'Wrong', points: 0 },
            { id: 's1', title: 'Partly right', description: 'One idea missing', points: 3.5 },
            { id: 's2', title: 'Right', points: 7 },
          ],
        },
        {
          id: 'clarity',
          title: 'Clarity',
          levels: [
            { id: 'c0', title: 'Muddled', points: 0 },
            { id: 'c1', title: 'Clear', points: 4 },
          ],
        },
      ],
    },
    ...over,
  });

/** Every criterion with its levels and their points, in the table's words and order. */
const ROWS = [
  /<th scope="row" rowspan="3">Science &lt;accuracy&gt; &amp; terms<br\/>Antigen, antibody, memory cells<\/th><td>Wrong<\/td><td>0<\/td><\/tr>/,
  /<tr><td>Partly right<br\/>One idea missing<\/td><td>3.5<\/td><\/tr>/,
  /<tr><td>Right<\/td><td>7<\/td><\/tr>/,
  /<th scope="row" rowspan="2">Clarity<\/th><td>Muddled<\/td><td>0<\/td><\/tr><tr><td>Clear<\/td><td>4<\/td><\/tr>/,
];

describe('a rubric in an exported question', () => {
  it('follows the sample answer in Moodle’s grader information, as a table of criteria, levels and points', async () => {
    const xml = exportMoodleXml([{ id: ID, question: essay() }]).body.toString('utf8');
    const grader = xml.slice(xml.indexOf('<graderinfo'), xml.indexOf('</graderinfo>'));
    expect(grader).toMatch(/<p>It trains the immune system.<\/p>\n<table class="exam-rubric"><caption>Rubric \(11 points\)<\/caption>/);
    for (const row of ROWS) expect(grader).toMatch(row);
    // Moodle (and our own import) still reads an essay, the sample answer first in its notes.
    const [item] = await parseMoodleXml(xml);
    expect(item!.draft).toMatchObject({ type: 'essay', points: 11 });
    expect(item!.draft!.sampleAnswer).toMatch(/^It trains the immune system\./);
  });

  it('is a rubric block of its own for scorers in QTI 2.1 and 3.0, inside the item body', async () => {
    for (const [exporter, open, close] of [
      [exportQti21, '<rubricBlock view="scorer">', '</rubricBlock>'],
      [exportQti3, '<qti-rubric-block view="scorer" use="scoring"><qti-content-body>', '</qti-content-body></qti-rubric-block>'],
    ] as const) {
      const file = exporter([{ id: ID, question: essay() }]);
      const item = readZip(file.body).get(`items/Q-${ID}.xml`)!.toString('utf8');
      const blocks = item
        .split(open)
        .slice(1)
        .map((b) => b.slice(0, b.indexOf(close)));
      expect(blocks).toHaveLength(2);
      expect(blocks[0]).toBe('<p>It trains the immune system.</p>');
      for (const row of ROWS) expect(blocks[1]).toMatch(row);
      const body = item.slice(item.search(/<(qti-)?item-?[bB]ody>/), item.search(/<\/(qti-)?item-?[bB]ody>/));
      expect(body).toContain(blocks[1]);
      const [back] = await parseQti(file.body);
      expect(back!.error).toBeUndefined();
      expect(back!.draft).toMatchObject({ type: 'essay' });
      expect(back!.draft!.sampleAnswer).toMatch(/^It trains the immune system\./);
    }
  });

  it('leaves an essay without a rubric as it was', () => {
    const plain = essay({ rubric: null, points: 2 });
    expect(exportMoodleXml([{ id: ID, question: plain }]).body.toString()).not.toContain('exam-rubric');
    expect(
      readZip(exportQti21([{ id: ID, question: plain }]).body)
        .get(`items/Q-${ID}.xml`)!
        .toString()
        .split('rubricBlock view="scorer"'),
    ).toHaveLength(2);
  });
});
