import { describe, expect, it } from 'vitest';
import { questionInputSchema, type QuestionInput } from '@exam/shared';
import { exportQti21, exportQti3 } from './qtiExport';
import { parseQti } from './qtiPackage';
import { readZip } from './zip';
import type { ExportQuestion, ParsedItem } from './types';

const q = (input: Record<string, unknown>): QuestionInput => questionInputSchema.parse({ subject: 'mathematics', ...input });

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5b5e0a10000000049454e44ae426082', 'hex');

/** One question of every type, each with what its type can carry: credit, tolerance, distractors, notes. */
const QUESTIONS: ExportQuestion[] = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    question: q({
      type: 'multiple-choice',
      text: 'Which planet is largest?\n\nThink of the gas giants & their moons <all of them>.',
      options: [{ text: 'Jupiter', isCorrect: true }, { text: 'Mars' }, { text: 'Venus' }],
      points: 2,
      explanation: 'Jupiter is more than twice as massive as all other planets combined.',
      tags: ['astronomy', 'planets'],
    }),
    image: { name: 'jupiter.png', bytes: PNG, contentType: 'image/png' },
  },
  {
    id: '00000000-0000-4000-8000-000000000002',
    question: q({
      type: 'multiple-response',
      text: 'Which of these are prime numbers?',
      options: [
        { text: '2', fraction: 1 / 3 },
        { text: '3', fraction: 1 / 3 },
        { text: '5', fraction: 1 / 3 },
        { text: '9', fraction: -0.5 },
      ],
      points: 3,
    }),
  },
  { id: '00000000-0000-4000-8000-000000000003', question: q({ type: 'true-false', text: 'The sum of angles of a triangle is $180^\\circ$.', correctAnswer: 'True' }) },
  {
    id: '00000000-0000-4000-8000-000000000004',
    question: q({ type: 'essay', text: 'Explain why the sky is blue.', points: 10, sampleAnswer: 'Rayleigh scattering.\n\nShorter wavelengths scatter more.' }),
  },
  { id: '00000000-0000-4000-8000-000000000005', question: q({ type: 'fill-blank', text: 'The capital of France is ____.', correctAnswer: ['Paris', 'paris city'] }) },
  {
    id: '00000000-0000-4000-8000-000000000006',
    question: q({
      type: 'short-answer',
      text: 'Name the amphibian that says "ribbit".',
      shortAnswers: [
        { text: 'frog', fraction: 1 },
        { text: 'toad', fraction: 0.8 },
      ],
      caseSensitive: true,
    }),
  },
  {
    id: '00000000-0000-4000-8000-000000000007',
    question: q({
      type: 'numerical',
      text: 'What is $\\pi$ to two decimals?',
      numericAnswers: [
        { value: 3.14, tolerance: 0.005, fraction: 1 },
        { min: 3, max: 3.3, fraction: 0.5 },
        { value: 22, tolerance: 0, fraction: 0.25 },
      ],
      points: 4,
    }),
  },
  {
    id: '00000000-0000-4000-8000-000000000008',
    question: q({
      type: 'matching',
      text: 'Match each animal to its class.',
      pairs: [
        { stem: 'Cat', answer: 'Mammal' },
        { stem: 'Dog', answer: 'Mammal' },
        { stem: 'Eagle', answer: 'Bird' },
      ],
      distractors: ['Fish'],
      points: 3,
    }),
  },
];

/** What the import must give back; a legacy fill-blank comes back as the short answer it is. */
function expected(input: QuestionInput): QuestionInput {
  if (input.type !== 'fill-blank') return input;
  return q({ ...input, type: 'short-answer', shortAnswers: input.acceptedAnswers.map((text) => ({ text, fraction: 1 })), caseSensitive: false });
}

const credit = (f: number | undefined) => Math.round((f ?? 0) * 1e6) / 1e6;
/** The parts a teacher would notice, credits to six decimals. */
const comparable = (x: QuestionInput) => ({
  text: x.text,
  type: x.type,
  points: x.points,
  options: x.options.map((o) => ({ text: o.text, isCorrect: o.isCorrect, fraction: x.type === 'multiple-response' ? credit(o.fraction) : undefined })),
  correctAnswer: x.type === 'multiple-response' || x.type === 'matching' ? undefined : x.correctAnswer,
  acceptedAnswers: x.acceptedAnswers,
  numericAnswers: x.numericAnswers.map((a) => ({ ...a, fraction: credit(a.fraction) })),
  shortAnswers: x.shortAnswers.map((a) => ({ ...a, fraction: credit(a.fraction) })),
  caseSensitive: x.caseSensitive,
  pairs: x.pairs,
  distractors: x.distractors,
  explanation: x.explanation,
  sampleAnswer: x.sampleAnswer,
  tags: [...x.tags].sort(),
});

function reimport(items: ParsedItem[]): QuestionInput[] {
  return items.map((item) => {
    expect(item.error).toBeUndefined();
    expect(item.warnings).toEqual([]);
    return questionInputSchema.parse({ ...item.draft, subject: 'mathematics' });
  });
}

describe.each([
  ['QTI 2.1', exportQti21, 'questions-qti21.zip', 'imsqti_item_xmlv2p1'],
  ['QTI 3.0', exportQti3, 'questions-qti3.zip', 'imsqti_item_xmlv3p0'],
])('%s export', (_label, exporter, filename, resourceType) => {
  const file = exporter(QUESTIONS);

  it('is a zip download with a manifest listing every item', async () => {
    expect(file.contentType).toBe('application/zip');
    expect(file.filename).toBe(filename);
    const files = readZip(file.body);
    const manifest = files.get('imsmanifest.xml')!.toString();
    expect(manifest.match(new RegExp(`type="${resourceType}"`, 'g'))).toHaveLength(QUESTIONS.length);
  });

  it('gives back every question of all eight types on import, with its picture', async () => {
    const items = await parseQti(file.body);
    expect(items.map((i) => i.draft?.type)).toEqual(QUESTIONS.map((x) => expected(x.question).type));
    const back = reimport(items);
    back.forEach((after, i) => expect(comparable(after)).toEqual(comparable(expected(QUESTIONS[i]!.question))));
    expect(items[0]!.images).toHaveLength(1);
    expect(items[0]!.images[0]!.bytes.equals(PNG)).toBe(true);
    expect(items.slice(1).every((i) => i.images.length === 0)).toBe(true);
  });
});

describe('QTI 3.0 package layout', () => {
  it('holds an assessment test that references every item, and the picture as a dependency', async () => {
    const files = readZip(exportQti3(QUESTIONS).body);
    const test = files.get('assessment.xml')!.toString();
    expect(test).toContain('<qti-assessment-test');
    for (const x of QUESTIONS) expect(test).toContain(`href="items/Q-${x.id}.xml"`);
    const manifest = files.get('imsmanifest.xml')!.toString();
    expect(manifest).toContain('type="imsqti_test_xmlv3p0"');
    expect(manifest).toContain(`<dependency identifierref="Q-${QUESTIONS[0]!.id}-IMG"/>`);
    expect([...files.keys()].some((p) => p.startsWith('items/images/') && p.endsWith('.png'))).toBe(true);
  });

  it('writes kebab-case QTI 3.0 elements only', async () => {
    const files = readZip(exportQti3(QUESTIONS).body);
    const item = files.get(`items/Q-${QUESTIONS[1]!.id}.xml`)!.toString();
    expect(item).toContain('<qti-choice-interaction response-identifier="RESPONSE"');
    expect(item).toContain('<qti-map-entry map-key="C4" mapped-value="-1.5"/>');
    expect(item).not.toMatch(/<(choiceInteraction|responseDeclaration|itemBody)\b/);
  });
});

describe('what QTI cannot say', () => {
  it('writes a short answer wildcard as a literal star, since QTI mappings match text exactly', async () => {
    const wildcard = q({ type: 'short-answer', text: 'Name any word starting with "fro".', shortAnswers: [{ text: 'fro*', fraction: 1 }] });
    const [item] = await parseQti(exportQti21([{ id: '00000000-0000-4000-8000-000000000009', question: wildcard }]).body);
    expect(item!.draft!.shortAnswers).toEqual([{ text: 'fro\\*', fraction: 1 }]);
  });
});
