import { describe, expect, it } from 'vitest';
import { questionInputSchema } from '@exam/shared';
import { isQtiItem, parseQtiItem } from './qti';
import { parseXml } from './xml';
import { ImportFileError, type ParsedItem } from './types';

const NS21 = 'http://www.imsglobal.org/xsd/imsqti_v2p1';
const NS3 = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';

/** An item in 2.1 spelling around the given declarations, body and processing. */
const item21 = (parts: { decl: string; body: string; rp?: string; extra?: string; title?: string; id?: string }) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<assessmentItem xmlns="${NS21}" identifier="${parts.id ?? 'sample'}" title="${parts.title ?? 'Sample item'}" adaptive="false" timeDependent="false">
  ${parts.decl}
  <outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float"/>
  <itemBody>${parts.body}</itemBody>
  ${parts.rp ?? ''}
  ${parts.extra ?? ''}
</assessmentItem>`;

const HTML = new Set(['p', 'div', 'img', 'br', 'span', 'b', 'blockquote']);
/** The same item in QTI 3.0 spelling: qti- kebab element names, kebab attributes, the 3.0 namespace. */
const to3 = (xml: string) =>
  xml
    .replace(NS21, NS3)
    .replace(/<(\/?)([a-zA-Z]+)/g, (whole, slash: string, name: string) => (HTML.has(name) ? whole : `<${slash}qti-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`))
    .replace(/\s([a-z]+[A-Z][a-zA-Z]*)=/g, (_m, a: string) => ` ${a.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}=`);

const VERSIONS = [
  ['2.1', (x: string) => x],
  ['3.0', to3],
] as const;

/** The item as it would be stored: the draft through our question rules. */
function stored(item: ParsedItem) {
  expect(item.error).toBeUndefined();
  return questionInputSchema.parse({ ...item.draft, subject: 'science' });
}

const choiceItem = (cardinality: 'single' | 'multiple', correct: string[], mapping = '', rp = '') =>
  item21({
    decl: `<responseDeclaration identifier="RESPONSE" cardinality="${cardinality}" baseType="identifier">
      ${correct.length ? `<correctResponse>${correct.map((c) => `<value>${c}</value>`).join('')}</correctResponse>` : ''}${mapping}</responseDeclaration>`,
    body: `<p>Which gases are noble gases?</p>
      <choiceInteraction responseIdentifier="RESPONSE" shuffle="false" maxChoices="${cardinality === 'single' ? 1 : 0}">
        <prompt>Choose carefully.</prompt>
        <simpleChoice identifier="A">Neon</simpleChoice>
        <simpleChoice identifier="B">Argon</simpleChoice>
        <simpleChoice identifier="C">Oxygen</simpleChoice>
      </choiceInteraction>`,
    rp,
  });

describe.each(VERSIONS)('QTI %s items', (_v, spell) => {
  const parse = (xml: string) => parseQtiItem(spell(xml));

  it('reads a single-choice item as multiple choice, prompt in the text, title and identifier kept', () => {
    const item = parse(choiceItem('single', ['B']));
    expect(item.title).toBe('Sample item');
    expect(item.source).toBe('item sample');
    const q = stored(item);
    expect(q.type).toBe('multiple-choice');
    expect(q.text).toBe('Which gases are noble gases?\n\nChoose carefully.');
    expect(q.options.map((o) => [o.text, o.isCorrect])).toEqual([
      ['Neon', false],
      ['Argon', true],
      ['Oxygen', false],
    ]);
    expect(q.points).toBe(1);
    expect(item.warnings).toEqual([]);
  });

  it('drops partial credit of wrong options of a single choice, saying so', () => {
    const mapping = '<mapping defaultValue="0"><mapEntry mapKey="A" mappedValue="1"/><mapEntry mapKey="B" mappedValue="0.5"/></mapping>';
    const item = parse(choiceItem('single', ['A'], mapping));
    expect(stored(item).correctAnswer).toBe('Neon');
    expect(item.warnings).toContain('Partial credit of wrong options dropped');
  });

  it('reads True/False choices as a true-false question', () => {
    const xml = item21({
      decl: '<responseDeclaration identifier="R" cardinality="single" baseType="identifier"><correctResponse><value>F</value></correctResponse></responseDeclaration>',
      body: '<p>Water boils at 50 degrees at sea level.</p><choiceInteraction responseIdentifier="R" maxChoices="1"><simpleChoice identifier="T">True</simpleChoice><simpleChoice identifier="F">False</simpleChoice></choiceInteraction>',
    });
    const q = stored(parse(xml));
    expect(q.type).toBe('true-false');
    expect(q.correctAnswer).toBe('False');
  });

  it('turns a multiple-choice mapping into credits: mapped value over the sum of positive ones, unmapped at the default', () => {
    const mapping = '<mapping lowerBound="0" upperBound="4" defaultValue="-1"><mapEntry mapKey="A" mappedValue="2"/><mapEntry mapKey="B" mappedValue="2"/></mapping>';
    const item = parse(choiceItem('multiple', ['A', 'B'], mapping));
    const q = stored(item);
    expect(q.type).toBe('multiple-response');
    expect(q.options.map((o) => [o.text, o.fraction])).toEqual([
      ['Neon', 0.5],
      ['Argon', 0.5],
      ['Oxygen', -0.25],
    ]);
    expect(q.points).toBe(4);
  });

  it('shares full credit among the correct choices when there is no mapping, and says marking changed', () => {
    const item = parse(choiceItem('multiple', ['A', 'B']));
    expect(stored(item).options.map((o) => o.fraction)).toEqual([0.5, 0.5, 0]);
    expect(item.warnings.join(' ')).toMatch(/each right choice earns its share/);
  });

  it('refuses an item with no correct response declared, naming its identifier', () => {
    const item = parse(choiceItem('multiple', []));
    expect(item.draft).toBeUndefined();
    expect(item.error).toBe('No correct response is declared, so it cannot be marked (item sample)');
  });

  it('reads a string text entry as a short answer with the mapping credits and case sensitivity', () => {
    const xml = item21({
      decl: `<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="string">
        <correctResponse><value>Everest</value></correctResponse>
        <mapping defaultValue="0"><mapEntry mapKey="everest" mappedValue="1" caseSensitive="false"/><mapEntry mapKey="Chomolungma" mappedValue="2" caseSensitive="false"/></mapping>
      </responseDeclaration>`,
      body: '<p>The highest mountain is <textEntryInteraction responseIdentifier="RESPONSE" expectedLength="10"/>.</p>',
      rp: '<responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/map_response"/>',
    });
    const item = parse(xml);
    const q = stored(item);
    expect(q.type).toBe('short-answer');
    expect(q.text).toBe('The highest mountain is ____.');
    expect(q.shortAnswers).toEqual([
      { text: 'Chomolungma', fraction: 1 },
      { text: 'everest', fraction: 0.5 },
    ]);
    expect(q.caseSensitive).toBe(false);
    expect(q.points).toBe(2);
  });

  it('reads a text entry without mapping as its correct values, compared case-sensitively as QTI does, a star taken literally', () => {
    const xml = item21({
      decl: '<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="string"><correctResponse><value>H*O</value></correctResponse></responseDeclaration>',
      body: '<p>Write the formula with a star for the missing digit.</p><p><textEntryInteraction responseIdentifier="RESPONSE"/></p>',
      rp: '<responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/match_correct"/>',
    });
    const q = stored(parse(xml));
    expect(q.text).toBe('Write the formula with a star for the missing digit.');
    expect(q.shortAnswers).toEqual([{ text: 'H\\*O', fraction: 1 }]);
    expect(q.caseSensitive).toBe(true);
  });

  it('reads a float text entry as numerical: exact without processing, tolerance from equal (relative and absolute), credit from the score set', () => {
    const exact = item21({
      decl: '<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="float"><correctResponse><value>9.81</value></correctResponse></responseDeclaration>',
      body: '<p>Gravity at the surface in m/s²: <textEntryInteraction responseIdentifier="RESPONSE"/></p>',
    });
    expect(stored(parse(exact)).numericAnswers).toEqual([{ value: 9.81, tolerance: 0, fraction: 1 }]);

    const tolerant = item21({
      decl: `<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="float"><correctResponse><value>200</value></correctResponse></responseDeclaration>
        <outcomeDeclaration identifier="MAXSCORE" cardinality="single" baseType="float"><defaultValue><value>2</value></defaultValue></outcomeDeclaration>`,
      body: '<p>How many bones has an adult? <textEntryInteraction responseIdentifier="RESPONSE"/></p>',
      rp: `<responseProcessing><responseCondition>
        <responseIf><equal toleranceMode="relative" tolerance="5"><variable identifier="RESPONSE"/><correct identifier="RESPONSE"/></equal>
          <setOutcomeValue identifier="SCORE"><variable identifier="MAXSCORE"/></setOutcomeValue></responseIf>
        <responseElseIf><equal toleranceMode="absolute" tolerance="5 15"><variable identifier="RESPONSE"/><baseValue baseType="float">200</baseValue></equal>
          <setOutcomeValue identifier="SCORE"><sum><variable identifier="SCORE"/><baseValue baseType="float">1</baseValue></sum></setOutcomeValue></responseElseIf>
      </responseCondition></responseProcessing>`,
    });
    const q = stored(parse(tolerant));
    expect(q.points).toBe(2);
    expect(q.numericAnswers).toEqual([
      { value: 200, tolerance: 10, fraction: 1 },
      { min: 195, max: 215, fraction: 0.5 },
    ]);
  });

  it('reads equalRounded as the tolerance the rounding allows', () => {
    const xml = item21({
      decl: '<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="float"><correctResponse><value>3.14159</value></correctResponse></responseDeclaration>',
      body: '<p>Give pi to two decimal places: <textEntryInteraction responseIdentifier="RESPONSE"/></p>',
      rp: `<responseProcessing><responseCondition><responseIf>
        <equalRounded roundingMode="decimalPlaces" figures="2"><variable identifier="RESPONSE"/><correct identifier="RESPONSE"/></equalRounded>
        <setOutcomeValue identifier="SCORE"><baseValue baseType="float">1</baseValue></setOutcomeValue></responseIf></responseCondition></responseProcessing>`,
    });
    expect(stored(parse(xml)).numericAnswers).toEqual([{ value: 3.14159, tolerance: 0.005, fraction: 1 }]);
  });

  it('reads an extended text as an essay, a rubric block for scorers as its sample answer', () => {
    const xml = item21({
      decl: '<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="string"/>',
      body: `<p>Describe the water cycle.</p><rubricBlock view="scorer"><p>Evaporation, condensation, precipitation.</p></rubricBlock>
        <extendedTextInteraction responseIdentifier="RESPONSE"><prompt>Use at least three stages.</prompt></extendedTextInteraction>`,
    });
    const q = stored(parse(xml));
    expect(q.type).toBe('essay');
    expect(q.text).toBe('Describe the water cycle.\n\nUse at least three stages.');
    expect(q.sampleAnswer).toBe('Evaporation, condensation, precipitation.');
  });

  it('reads a match interaction as matching: directed pairs, unpaired answers as distractors, unequal pair credit equalised with a warning', () => {
    const xml = item21({
      decl: `<responseDeclaration identifier="RESPONSE" cardinality="multiple" baseType="directedPair">
        <correctResponse><value>W H2O</value><value>S NaCl</value></correctResponse>
        <mapping defaultValue="0"><mapEntry mapKey="W H2O" mappedValue="2"/><mapEntry mapKey="S NaCl" mappedValue="1"/></mapping>
      </responseDeclaration>`,
      body: `<matchInteraction responseIdentifier="RESPONSE" maxAssociations="2"><prompt>Match each substance to its formula.</prompt>
        <simpleMatchSet><simpleAssociableChoice identifier="W" matchMax="1">Water</simpleAssociableChoice><simpleAssociableChoice identifier="S" matchMax="1">Salt</simpleAssociableChoice></simpleMatchSet>
        <simpleMatchSet><simpleAssociableChoice identifier="H2O" matchMax="1">H2O</simpleAssociableChoice><simpleAssociableChoice identifier="NaCl" matchMax="1">NaCl</simpleAssociableChoice><simpleAssociableChoice identifier="CO2" matchMax="1">CO2</simpleAssociableChoice></simpleMatchSet>
      </matchInteraction>`,
      rp: '<responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/map_response"/>',
    });
    const item = parse(xml);
    const q = stored(item);
    expect(q.type).toBe('matching');
    expect(q.pairs).toEqual([
      { stem: 'Water', answer: 'H2O' },
      { stem: 'Salt', answer: 'NaCl' },
    ]);
    expect(q.distractors).toEqual(['CO2']);
    expect(q.points).toBe(3);
    expect(item.warnings).toContain('Each pair now earns an equal share of the points');
  });

  it('reads a single inline choice as multiple choice with the gap shown, and says so', () => {
    const xml = item21({
      decl: '<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier"><correctResponse><value>M</value></correctResponse></responseDeclaration>',
      body: '<p>The red planet is <inlineChoiceInteraction responseIdentifier="RESPONSE"><inlineChoice identifier="V">Venus</inlineChoice><inlineChoice identifier="M">Mars</inlineChoice></inlineChoiceInteraction> in our solar system.</p>',
    });
    const item = parse(xml);
    const q = stored(item);
    expect(q.type).toBe('multiple-choice');
    expect(q.text).toBe('The red planet is ____ in our solar system.');
    expect(q.correctAnswer).toBe('Mars');
    expect(item.warnings).toContain('The drop-down in the text became a multiple-choice question; the gap shows as ____');
  });

  it('refuses items with several interactions and interactions we have no type for', () => {
    const two = item21({
      decl: '',
      body: '<p>Two gaps: <textEntryInteraction responseIdentifier="A"/> and <textEntryInteraction responseIdentifier="B"/></p>',
    });
    expect(parse(two).error).toBe('This item has 2 interactions; only single-interaction items can be imported (item sample)');
    const hotspot = item21({ decl: '', body: '<hotspotInteraction responseIdentifier="RESPONSE" maxChoices="1"><prompt>Click the heart in the picture.</prompt></hotspotInteraction>' });
    expect(parse(hotspot).error).toMatch(/^The (hotspotInteraction|qti-hotspot-interaction) interaction has no equivalent question type here/);
  });

  it('warns about feedback and formatting it drops, keeps our own explanation feedback, carries pictures it can resolve', () => {
    const xml = item21({
      decl: '<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier"><correctResponse><value>A</value></correctResponse></responseDeclaration>',
      body: `<p>Which organ is shown? <b>Look closely.</b></p><p><img src="img/heart.png" alt=""/><img src="img/missing.png" alt=""/></p>
        <choiceInteraction responseIdentifier="RESPONSE" maxChoices="1"><simpleChoice identifier="A">Heart</simpleChoice><simpleChoice identifier="B">Lung<feedbackInline outcomeIdentifier="FB" identifier="B" showHide="show">No.</feedbackInline></simpleChoice></choiceInteraction>`,
      extra: '<modalFeedback outcomeIdentifier="FEEDBACK" identifier="EXPLANATION" showHide="show"><p>The heart has four chambers.</p></modalFeedback>',
    });
    const png = Buffer.from('picture');
    const item = parseQtiItem(spell(xml), { resolveImage: (href) => (href === 'img/heart.png' ? png : undefined) });
    const q = stored(item);
    expect(q.text).toBe('Which organ is shown? Look closely.');
    expect(q.options.map((o) => o.text)).toEqual(['Heart', 'Lung']);
    expect(q.explanation).toBe('The heart has four chambers.');
    expect(item.images).toEqual([{ name: 'img/heart.png', bytes: png }]);
    expect(item.warnings).toEqual([
      'The picture img/missing.png is not in the file, so it was dropped',
      'Feedback was dropped',
      'Formatting (bold, tables, links) was dropped; the text is kept',
    ]);
  });

  it('rounds points from MAXSCORE, at least 1, saying when it changed them', () => {
    const xml = item21({
      decl: `<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier"><correctResponse><value>A</value></correctResponse></responseDeclaration>
        <outcomeDeclaration identifier="MAXSCORE" cardinality="single" baseType="float"><defaultValue><value>2.5</value></defaultValue></outcomeDeclaration>`,
      body: '<choiceInteraction responseIdentifier="RESPONSE" maxChoices="1"><prompt>Pick the even number.</prompt><simpleChoice identifier="A">4</simpleChoice><simpleChoice identifier="B">5</simpleChoice></choiceInteraction>',
    });
    const item = parse(xml);
    expect(stored(item).points).toBe(3);
    expect(item.warnings).toContain('Points were rounded from 2.5 to 3');
  });

  it('warns about attributes the schema does not know, and still reads the item', () => {
    const xml = choiceItem('single', ['A']).replace('cardinality="single"', 'cardinality="single" colour="blue"');
    const item = parse(xml);
    expect(stored(item).correctAnswer).toBe('Neon');
    expect(item.warnings).toEqual(['Unknown parts of the item were ignored: colour="blue" on ' + (spell === to3 ? 'qti-response-declaration' : 'responseDeclaration')]);
  });
});

describe('QTI files refused whole', () => {
  const refusal = (xml: string) => {
    try {
      parseQtiItem(xml);
    } catch (err) {
      expect(err).toBeInstanceOf(ImportFileError);
      return (err as Error).message;
    }
    throw new Error('expected a refusal');
  };

  it('refuses XML with no QTI namespace', () => {
    expect(refusal('<?xml version="1.0"?><responseProcessing template="x"/>')).toBe('This file is not QTI: it declares no QTI namespace');
  });

  it('refuses malformed XML', () => {
    expect(refusal(`<assessmentItem xmlns="${NS21}" identifier="x"><itemBody></assessmentItem>`)).toMatch(/^The file is not well-formed XML/);
  });

  it('refuses a 3.0 namespace with 2.x element names, and the reverse', () => {
    expect(refusal(choiceItem('single', ['A']).replace(NS21, NS3))).toMatch(/^This file declares the QTI 3.0 namespace but uses QTI 2 element names \(assessmentItem/);
    expect(refusal(to3(choiceItem('single', ['A'])).replace(NS3, NS21))).toMatch(/^This file declares the QTI 2.1 namespace but uses QTI 3.0 element names/);
  });

  it('refuses a test given as an item, pointing to the package', () => {
    expect(refusal(`<assessmentTest xmlns="${NS21}" identifier="t" title="t"/>`)).toBe('This file is a QTI test, not an item: import the content package that holds its items');
  });

  it('tells QTI items from other XML', () => {
    expect(isQtiItem(parseXml(choiceItem('single', ['A'])))).toBe(true);
    expect(isQtiItem(parseXml(to3(choiceItem('single', ['A']))))).toBe(true);
    expect(isQtiItem(parseXml('<quiz><question type="essay"/></quiz>'))).toBe(false);
  });
});
