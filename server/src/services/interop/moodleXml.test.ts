import { describe, expect, it } from 'vitest';
import { INTEROP_MSG, questionInputSchema } from '@exam/shared';
import { MOODLE_WARN, categoryPath, parseMoodleXml } from './moodleXml';
import { ImportFileError } from './types';

const quiz = (...questions: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${questions.join('\n')}\n</quiz>`;
const question = (type: string, inner: string, name = 'Sample') =>
  `<question type="${type}"><name><text>${name}</text></name><questiontext format="html"><text><![CDATA[<p>A question text long enough.</p>]]></text></questiontext>${inner}</question>`;
const answer = (fraction: string | number, text: string, extra = '') => `<answer fraction="${fraction}" format="html"><text>${text}</text>${extra}</answer>`;
const one = async (xml: string) => {
  const items = await parseMoodleXml(xml);
  expect(items).toHaveLength(1);
  return items[0]!;
};
const stored = async (xml: string) => questionInputSchema.parse({ ...(await one(xml)).draft, subject: 'science' });

describe('parseMoodleXml: types', () => {
  it('reads a single-answer multichoice as multiple choice, its 100% answer the key', async () => {
    const q = await stored(quiz(question('multichoice', `<single>true</single>${answer(100, 'Paris')}${answer(0, 'Lyon')}${answer(0, 'Nice')}`)));
    expect(q.type).toBe('multiple-choice');
    expect(q.correctAnswer).toBe('Paris');
    expect(q.options.map((o) => o.isCorrect)).toEqual([true, false, false]);
  });

  it('drops partial credit of the other options of a single-answer multichoice, with a warning', async () => {
    const item = await one(quiz(question('multichoice', `<single>1</single>${answer(100, 'Paris')}${answer(50, 'Lyon')}`)));
    expect(item.draft!.correctAnswer).toBe('Paris');
    expect(item.warnings).toContain(MOODLE_WARN.partialCredit);
  });

  it('reads a multichoice with single false as multiple response with Moodle fractions', async () => {
    const q = await stored(quiz(question('multichoice', `<single>false</single>${answer(33.33333, '2')}${answer(33.33333, '3')}${answer(33.33333, '5')}${answer(-100, '4')}`)));
    expect(q.type).toBe('multiple-response');
    expect(q.options.map((o) => [o.text, o.fraction])).toEqual([
      ['2', 0.3333333],
      ['3', 0.3333333],
      ['5', 0.3333333],
      ['4', -1],
    ]);
  });

  it('reads truefalse by the answer that earns 100%', async () => {
    const q = await stored(quiz(question('truefalse', `${answer(0, 'true')}${answer(100, 'false')}`)));
    expect(q).toMatchObject({ type: 'true-false', correctAnswer: 'False' });
  });

  it('reads shortanswer with its credit and usecase', async () => {
    const q = await stored(quiz(question('shortanswer', `<usecase>1</usecase>${answer(100, 'frog')}${answer(80, 'toad')}${answer(0, '*')}`)));
    expect(q.type).toBe('short-answer');
    expect(q.caseSensitive).toBe(true);
    expect(q.shortAnswers).toEqual([
      { text: 'frog', fraction: 1 },
      { text: 'toad', fraction: 0.8 },
      { text: '*', fraction: 0 },
    ]);
    expect((await stored(quiz(question('shortanswer', `<usecase>0</usecase>${answer(100, 'frog')}`)))).caseSensitive).toBe(false);
  });

  it('reads numerical answers with tolerance, skips the "*" catch-all and warns that units were dropped', async () => {
    const item = await one(
      quiz(
        question(
          'numerical',
          `${answer(100, '3.14', '<tolerance>0.01</tolerance>')}${answer(50, '3', '<tolerance>0.5</tolerance>')}${answer(0, '*', '<tolerance>0</tolerance>')}<units><unit><multiplier>1</multiplier><unit_name>m</unit_name></unit></units>`,
        ),
      ),
    );
    expect(item.draft!.numericAnswers).toEqual([
      { value: 3.14, tolerance: 0.01, fraction: 1 },
      { value: 3, tolerance: 0.5, fraction: 0.5 },
    ]);
    expect(item.warnings).toContain(MOODLE_WARN.units);
  });

  it('reads match and matching subquestions, an empty one being a distractor', async () => {
    const subs = ['frog:amphibian', 'cat:mammal', 'newt:amphibian', ':insect']
      .map((s) => s.split(':'))
      .map(([stem, ans]) => `<subquestion format="html"><text>${stem}</text><answer><text>${ans}</text></answer></subquestion>`)
      .join('');
    for (const type of ['match', 'matching']) {
      const q = await stored(quiz(question(type, subs)));
      expect(q.type).toBe('matching');
      expect(q.pairs).toEqual([
        { stem: 'frog', answer: 'amphibian' },
        { stem: 'cat', answer: 'mammal' },
        { stem: 'newt', answer: 'amphibian' },
      ]);
      expect(q.distractors).toEqual(['insect']);
    }
  });

  it('reads an essay with its grader information as the sample answer, and warns of a dropped template', async () => {
    const item = await one(
      quiz(
        question(
          'essay',
          '<graderinfo format="html"><text><![CDATA[<p>Mentions photosynthesis.</p>]]></text></graderinfo><responsetemplate format="html"><text>Start with…</text></responsetemplate>',
        ),
      ),
    );
    expect(item.draft).toMatchObject({ type: 'essay', sampleAnswer: 'Mentions photosynthesis.' });
    expect(item.warnings).toEqual([MOODLE_WARN.responseTemplate]);
  });
});

describe('parseMoodleXml: what comes with a question', () => {
  it('keeps name, general feedback, tags and points; rounds a fractional grade with a warning', async () => {
    const item = await one(
      quiz(
        question(
          'truefalse',
          `<generalfeedback format="html"><text>&lt;p&gt;Because it is.&lt;/p&gt;</text></generalfeedback><defaultgrade>2.5000000</defaultgrade><idnumber>Q-7</idnumber>${answer(100, 'true')}${answer(0, 'false')}<tags><tag><text>biology</text></tag><tag><text>cells</text></tag></tags>`,
          'Cells &amp; life',
        ),
      ),
    );
    expect(item.title).toBe('Cells & life');
    expect(item.source).toBe('question 1 “Cells & life”');
    expect(item.draft).toMatchObject({ explanation: 'Because it is.', tags: ['biology', 'cells'], points: 3 });
    expect(item.warnings).toEqual(['Points 2.5 were rounded to 3']);
  });

  it('warns once for each kind of setting it drops', async () => {
    const item = await one(
      quiz(
        question(
          'multichoice',
          `<penalty>0.3333333</penalty><single>true</single><shuffleanswers>0</shuffleanswers><answernumbering>iii</answernumbering><correctfeedback format="html"><text>Well done</text></correctfeedback><hint format="html"><text>First hint</text></hint><hint format="html"><text>Second hint</text></hint>${answer(100, 'A', '<feedback><text>Yes</text></feedback>')}${answer(0, 'B', '<feedback><text>No</text></feedback>')}`,
        ),
      ),
    );
    expect(item.warnings.sort()).toEqual([MOODLE_WARN.feedback, MOODLE_WARN.combinedFeedback, MOODLE_WARN.hints, MOODLE_WARN.penalty, MOODLE_WARN.shuffle].sort());
  });

  it('files questions under the category before them, without $course$, $system$ and top', async () => {
    const cat = (path: string) => `<question type="category"><category><text>${path}</text></category></question>`;
    const tf = question('truefalse', `${answer(100, 'true')}${answer(0, 'false')}`);
    const items = await parseMoodleXml(quiz(tf, cat('$course$/top/Biology/Cells'), tf, cat('$system$/Chemistry'), tf));
    expect(items.map((i) => i.categories)).toEqual([[], ['Biology', 'Cells'], ['Chemistry']]);
    expect(items.map((i) => i.source)).toEqual(['question 1 “Sample”', 'question 3 “Sample”', 'question 5 “Sample”']);
    expect(categoryPath('$course$/Maths//Physics/Waves')).toEqual(['Maths/Physics', 'Waves']);
  });

  it('carries the base64 pictures of the question text, the one the text shows first first', async () => {
    const red = Buffer.from('first picture bytes');
    const blue = Buffer.from('second picture bytes');
    const item = await one(
      quiz(
        `<question type="truefalse"><name><text>Flags</text></name><questiontext format="html"><text><![CDATA[<p>Is this flag <img src="@@PLUGINFILE@@/blue%20flag.png"> bluer than <img src="@@PLUGINFILE@@/red.png">?</p>]]></text><file name="red.png" path="/" encoding="base64">${red.toString('base64')}</file><file name="blue flag.png" path="/" encoding="base64">${blue.toString('base64')}</file><file name="bad.png" encoding="base64">not*base64!</file></questiontext>${answer(100, 'true')}${answer(0, 'false')}</question>`,
      ),
    );
    expect(item.draft!.text).toBe('Is this flag bluer than ?');
    expect(item.images).toEqual([
      { name: 'blue flag.png', bytes: blue },
      { name: 'red.png', bytes: red },
    ]);
    expect(item.warnings).toEqual(expect.arrayContaining(['Picture bad.png is not valid base64 and was skipped', MOODLE_WARN.morePictures]));
  });
});

describe('parseMoodleXml: what it refuses', () => {
  it('refuses a grade Moodle does not allow, and takes one within Moodle\'s slack', async () => {
    const bad = await one(quiz(question('multichoice', `<single>false</single>${answer(33, '2')}${answer(33.33333, '3')}${answer(33.33333, '5')}`, 'Primes')));
    expect(bad.draft).toBeUndefined();
    expect(bad.error).toBe('question 1 “Primes”: Grade 33 of answer “2” is not one Moodle allows (did you mean 33.33333?)');
    const near = await one(quiz(question('multichoice', `<single>false</single>${answer(33.333333, '2')}${answer(33.33333, '3')}${answer(33.33333, '5')}`)));
    expect(near.error).toBeUndefined();
  });

  it('refuses Cloze questions with their reason, and names other Moodle types it cannot take', async () => {
    const items = await parseMoodleXml(quiz(question('cloze', ''), question('multianswer', ''), question('calculated', ''), question('ddwtos', ''), question('description', '')));
    expect(items.map((i) => i.error)).toEqual([
      'question 1 “Sample”: Moodle Cloze (multianswer) questions have no equivalent here',
      'question 2 “Sample”: Moodle Cloze (multianswer) questions have no equivalent here',
      'question 3 “Sample”: Moodle Calculated questions have no equivalent here',
      'question 4 “Sample”: Moodle Drag and drop into text questions have no equivalent here',
      'question 5 “Sample”: A description holds no question',
    ]);
  });

  it('refuses a single-answer multichoice without one 100% answer', async () => {
    expect((await one(quiz(question('multichoice', `<single>true</single>${answer(50, 'A')}${answer(0, 'B')}`)))).error).toContain('No answer has a grade of 100%');
  });

  it('refuses a file with an external entity (XXE) or entity expansion, reading nothing', async () => {
    const xxe = '<?xml version="1.0"?>\n<!DOCTYPE quiz [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<quiz><question type="essay"><name><text>&x;</text></name></question></quiz>';
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]>\n<quiz>&lol9;</quiz>`;
    for (const xml of [xxe, laughs]) {
      await expect(parseMoodleXml(xml)).rejects.toThrow(ImportFileError);
      await expect(parseMoodleXml(xml)).rejects.toThrow(INTEROP_MSG.xmlDoctype);
    }
  });

  it('refuses malformed XML and XML that is not a Moodle quiz', async () => {
    await expect(parseMoodleXml('<quiz><question type="essay"></quiz>')).rejects.toThrow(/not well-formed XML/);
    await expect(parseMoodleXml('<assessmentItem/>')).rejects.toThrow('This file is not Moodle XML');
  });
});
