/**
 * Conformance of question import and export against real files written by other projects (Moodle's
 * own test fixtures, the QTI samples of oat-sa/qti-sdk, a QTI 3.0 conformance package of Citolab),
 * and of Safe Exam Browser's Config Key against real `.seb` files (conformance/seb.ts).
 * Those files may not be copied into this repository, so this check reads them from a folder given
 * on the command line: `npm run conformance -- <fixtures folder>`.
 *
 * For every file it checks what must happen to it: each valid item imports with the expected type,
 * key and credit; each invalid file or item is refused with its clear reason; and every importable
 * item survives export and import unchanged (in its own format family). The last line is
 * `N passed, N failed`, which CI adds to the tests' count.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ExportFormat, ImportFormat, QuestionInput, QuestionType } from '@exam/shared';
import { judgeFile } from '../server/src/services/questionImport';
import { exportGift } from '../server/src/services/interop/giftExport';
import { exportMoodleXml } from '../server/src/services/interop/moodleXmlExport';
import { exportQti21, exportQti3 } from '../server/src/services/interop/qtiExport';
import { questionDifferences } from '../server/src/services/interop/sameQuestion';
import type { ExportFile, ExportQuestion } from '../server/src/services/interop/types';
import { writeZip } from '../server/src/services/interop/zip';
import { sebChecks } from './conformance/seb';

type Status = 'ok' | 'warning' | 'error' | 'importable';
interface Expect {
  status: Status;
  type?: QuestionType;
  /** A reason the item must give (error) or mention (warning). */
  reason?: RegExp;
  /** The key and credit: true when right, else what is wrong. */
  check?: (q: QuestionInput) => true | string;
}
interface Case {
  file: string;
  /** The whole file is refused with this message. */
  refused?: RegExp;
  items?: Expect[];
}

const close = (a: number | undefined, b: number) => a !== undefined && Math.abs(a - b) < 1e-5;
const fractions = (q: QuestionInput) => q.options.map((o) => Math.round((o.fraction ?? 0) * 1e5) / 1e5).join(',');
const expectThat = (cond: boolean, what: string): true | string => (cond ? true : what);
const key = (q: QuestionInput, answer: string) => expectThat(q.correctAnswer === answer, `key ${answer} (got ${q.correctAnswer})`);

const tf = (answer: 'True' | 'False'): Expect => ({ status: 'importable', type: 'true-false', check: (q) => key(q, answer) });
const essay: Expect = { status: 'importable', type: 'essay' };

const CASES: Case[] = [
  {
    file: 'gift/moodle-questions.gift.txt',
    items: [
      essay,
      {
        status: 'importable',
        type: 'matching',
        check: (q) => expectThat(q.pairs.length === 4 && q.pairs.some((p) => p.answer === 'Forum') && q.distractors.includes('Chat'), 'four pairs and the distractor Chat'),
      },
      { status: 'warning', type: 'multiple-choice', reason: /feedback/i, check: (q) => key(q, 'yellow') },
      { status: 'importable', type: 'multiple-response', check: (q) => expectThat(fractions(q) === '0.5,-1,0.5,-1', `credits 50,-100,50,-100 (got ${fractions(q)})`) },
      {
        status: 'importable',
        type: 'numerical',
        check: (q) => expectThat(q.numericAnswers.some((a) => 'value' in a && a.value === 3 && a.tolerance === 2 && a.fraction === 1), '3 ± 2 for full credit'),
      },
      {
        status: 'importable',
        type: 'short-answer',
        check: (q) => expectThat(q.shortAnswers.map((a) => `${a.text}:${a.fraction}`).join(' ') === 'Frog:1 Cat:0.5 *:0', `Frog 100, Cat 50, * 0 (got ${JSON.stringify(q.shortAnswers)})`),
      },
      { ...tf('False'), check: (q) => key(q, 'False') === true && /Hitchiker/.test(q.explanation) || 'key False with the general feedback as explanation' },
      tf('True'),
      tf('True'),
    ],
  },
  {
    file: 'gift/moodle-questions_in_category.gift.txt',
    items: [
      { status: 'importable', type: 'matching', check: (q) => expectThat(q.tags.includes('default for new features'), 'the category as a tag') },
      { status: 'importable', type: 'multiple-choice', check: (q) => key(q, 'French') },
      { status: 'importable', type: 'short-answer', check: (q) => expectThat(q.shortAnswers.length === 1 && q.shortAnswers[0]!.text === 'Moodler', 'Moodler') },
      tf('True'),
    ],
  },
  {
    file: 'gift/numerical1.gift',
    items: [
      ...[
        [1822, 0],
        [-1, 0],
        [3.1415, 0.0005],
        [-3.142, 0.001],
      ].map(([value, tolerance]): Expect => ({ status: 'importable', type: 'numerical', check: (q) => expectThat(q.numericAnswers.some((a) => 'value' in a && a.value === value && close(a.tolerance, tolerance!)), `${value} ± ${tolerance}`) })),
      ...[
        [3.141, 3.142],
        [-3.142, -3.141],
        [1, 5],
        [-5, 5],
      ].map(([min, max]): Expect => ({ status: 'importable', type: 'numerical', check: (q) => expectThat(q.numericAnswers.some((a) => 'min' in a && a.min === min && a.max === max), `${min}..${max}`) })),
      { status: 'importable', type: 'numerical', check: (q) => expectThat(q.numericAnswers.map((a) => a.fraction).join(',') === '1,0.5', 'two answers, 100 % and 50 %') },
      { status: 'importable', type: 'numerical', check: (q) => expectThat(q.numericAnswers.some((a) => 'value' in a && a.value === 9 && a.fraction === 1), '9 for full credit') },
    ],
  },
  { file: 'gift/newlineAndLaTeX.gift', items: [{ status: 'importable', type: 'essay', check: (q) => expectThat(q.text === 'Blah\nblah $ 1 \\neq 0 $', `the text with its newline and TeX (got ${JSON.stringify(q.text)})`) }] },
  { file: 'moodlexml/qtype-multichoice.moodle.xml', items: [{ status: 'warning', type: 'multiple-response', reason: /hint/i, check: (q) => expectThat(fractions(q) === '0,0,0.5,0,0.5', `London and Paris 50 % each (got ${fractions(q)})`) }] },
  { file: 'moodlexml/qtype-truefalse.moodle.xml', items: [tf('True')] },
  {
    file: 'moodlexml/qtype-shortanswer.moodle.xml',
    items: [{ status: 'importable', type: 'short-answer', check: (q) => expectThat(q.shortAnswers.map((a) => `${a.text}:${a.fraction}`).join(' ') === 'frog:1 toad:0.8 *:0' && !q.caseSensitive, 'frog 100, toad 80, * 0, any case') }],
  },
  {
    file: 'moodlexml/qtype-match.moodle.xml',
    items: [
      {
        status: 'importable',
        type: 'matching',
        check: (q) => expectThat(JSON.stringify(q.pairs) === JSON.stringify([{ stem: 'frog', answer: 'amphibian' }, { stem: 'cat', answer: 'mammal' }, { stem: 'newt', answer: 'amphibian' }]) && q.distractors.join() === 'insect', 'three pairs and the distractor insect'),
      },
    ],
  },
  { file: 'moodlexml/qtype-essay.moodle.xml', items: [essay] },
  {
    file: 'moodlexml/nested_categories_with_questions.xml',
    items: [
      { ...tf('True'), check: (q) => expectThat(q.tags.includes('iota'), 'tagged iota') },
      { status: 'importable', type: 'essay', check: (q) => expectThat(q.tags.includes('kappa'), 'tagged kappa') },
      tf('True'),
      { ...tf('True'), check: (q) => expectThat(q.tags.includes('lambda'), 'tagged lambda') },
      { ...tf('True'), check: (q) => expectThat(q.tags.includes('mu'), 'tagged mu') },
    ],
  },
  { file: 'moodlexml/multianswer.xml', items: [{ status: 'error', reason: /cloze/i }] },
  { file: 'moodlexml/broken_cloze_questions.xml', items: Array.from({ length: 5 }, (): Expect => ({ status: 'error', reason: /cloze/i })) },
  { file: 'moodlexml/error_invalid_grades.xml', items: [{ status: 'error', reason: /33/ }] },
  { file: 'qti2/v2p1-choice.xml', items: [{ status: 'importable', type: 'multiple-choice' }] },
  { file: 'qti2/v2p1-choice_multiple.xml', items: [{ status: 'importable', type: 'multiple-response', check: (q) => expectThat(q.options.filter((o) => (o.fraction ?? 0) > 0).length === 2, 'two options with credit') }] },
  { file: 'qti2/v2p1-text_entry.xml', items: [{ status: 'importable', type: 'short-answer', check: (q) => expectThat(q.shortAnswers.some((a) => a.text === 'York' && a.fraction === 1), 'York for full credit') }] },
  { file: 'qti2/v2p1-extended_text.xml', items: [essay] },
  { file: 'qti2/v2p1-match.xml', items: [{ status: 'importable', type: 'matching', check: (q) => expectThat(q.pairs.length === 4 && q.pairs.some((p) => p.stem === 'Capulet' && p.answer === 'Romeo and Juliet'), 'Capulet → Romeo and Juliet among 4 pairs') }] },
  { file: 'qti2/v2p1-inline_choice.xml', items: [{ status: 'warning', type: 'multiple-choice' }] },
  { file: 'qti2/v2p1-onyx-Choicetruefalse_176040516.xml', items: [{ status: 'importable' }] },
  { file: 'qti2/v2p1-onyx-TextEntrynumeric_770468849.xml', items: [{ status: 'importable', type: 'numerical', check: (q) => expectThat(q.numericAnswers.some((a) => 'value' in a && a.value === 4.136 && a.fraction === 1), '4.136') }] },
  { file: 'qti2/v2p2-essay.xml', items: [essay] },
  { file: 'qti2/invalid-malformed.xml', refused: /well-formed/ },
  { file: 'qti2/invalid-noversion.xml', refused: /not QTI|namespace/i },
  { file: 'qti2/invalid-xsdinvalid.xml', items: [{ status: 'warning', type: 'multiple-choice' }] },
  { file: 'qti3/invalid-single-cardinality-invalid.xml', items: [{ status: 'error', reason: /correct response/i }] },
  { file: 'qti3/edge-mixed-v2-names-v3-namespace.aqti_tmh_sample_1.xml', refused: /QTI 3|3\.0/ },
  {
    file: 'qti3/package-T4-T7',
    items: [
      { status: 'importable', type: 'multiple-choice' },
      { status: 'error', reason: /correct response/i },
      { status: 'error', reason: /correct response/i },
      essay,
    ],
  },
];

const EXPORTERS: Record<ExportFormat, (q: ExportQuestion[]) => ExportFile> = { gift: exportGift, moodlexml: exportMoodleXml, qti21: exportQti21, qti3: exportQti3 };
/** The formats a file's questions travel back through: its own family. */
const ROUND_TRIPS: Record<ImportFormat, [ExportFormat, ImportFormat][]> = {
  gift: [['gift', 'gift']],
  moodlexml: [['moodlexml', 'moodlexml']],
  qti: [
    ['qti21', 'qti'],
    ['qti3', 'qti'],
  ],
};

/** A folder (a content package as it would be unpacked) is zipped as it is sent; a file is read. */
function bytesOf(full: string): Buffer {
  if (!statSync(full).isDirectory()) return readFileSync(full);
  const files: Record<string, Buffer> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else files[path.relative(full, p).split(path.sep).join('/')] = readFileSync(p);
    }
  };
  walk(full);
  return writeZip(files);
}

const QUERY = { dryRun: true, subject: 'mathematics' } as const;

async function run(root: string): Promise<{ passed: number; failed: number }> {
  let passed = 0;
  let failed = 0;
  const report = (ok: boolean, what: string, why = '') => {
    if (ok) passed++;
    else failed++;
    console.log(`${ok ? '✓' : '✗'} ${what}${ok || !why ? '' : `: ${why}`}`);
  };
  for (const c of CASES) {
    const full = path.join(root, c.file);
    if (!existsSync(full)) {
      report(false, c.file, 'missing from the fixtures folder');
      continue;
    }
    let judged;
    try {
      judged = await judgeFile(bytesOf(full), QUERY);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      report(!!c.refused && c.refused.test(message), `${c.file} refused`, c.refused ? `refused with "${message}", expected ${c.refused}` : `refused: ${message}`);
      continue;
    }
    if (c.refused) {
      report(false, `${c.file} refused`, 'it was read');
      continue;
    }
    const items = judged.judged.map((j) => ({ ...j.preview, question: j.question }));
    report(items.length === c.items!.length, `${c.file}: ${c.items!.length} items`, `${items.length} read`);
    for (const [i, want] of c.items!.entries()) {
      const got = items[i];
      const name = `${c.file} #${i + 1}${got ? ` "${got.title.slice(0, 40)}"` : ''}`;
      if (!got) continue;
      const statusOk = want.status === 'importable' ? got.status !== 'error' : got.status === want.status;
      const problems = [
        statusOk ? '' : `status ${got.status} (${got.reason}), expected ${want.status}`,
        want.type && got.type !== want.type ? `type ${got.type}, expected ${want.type}` : '',
        want.reason && !want.reason.test(got.reason) ? `reason "${got.reason}" does not match ${want.reason}` : '',
      ].filter(Boolean);
      const checked = want.check && got.question ? want.check(got.question) : true;
      if (checked !== true) problems.push(checked);
      report(!problems.length, name, problems.join('; '));
    }
    // Every importable item back through the format family and in again, unchanged.
    const importable = judged.judged.filter((j) => j.question);
    if (!importable.length) continue;
    const questions: ExportQuestion[] = importable.map((j, i) => ({
      id: `item-${i}`,
      question: j.question!,
      image: j.image ? { name: j.image.key.split('/').pop()!, bytes: j.image.bytes, contentType: j.image.mime } : undefined,
    }));
    for (const [exportFormat, importFormat] of ROUND_TRIPS[judged.format]) {
      const what = `${c.file} survives ${exportFormat} export and import`;
      try {
        const file = EXPORTERS[exportFormat](questions);
        const back = await judgeFile(file.body, { ...QUERY, format: importFormat });
        const diffs = questions.flatMap((q, i) => {
          const again = back.judged[i]?.question;
          return again ? questionDifferences(q.question, again).map((d) => `#${i + 1} ${d}`) : [`#${i + 1} not importable again: ${back.judged[i]?.preview.reason ?? 'missing'}`];
        });
        if (back.judged.length !== questions.length) diffs.unshift(`${back.judged.length} items came back of ${questions.length}`);
        report(!diffs.length, what, diffs.slice(0, 5).join('; '));
      } catch (err) {
        report(false, what, err instanceof Error ? err.message : String(err));
      }
    }
  }
  for (const check of sebChecks(root)) report(check.ok, check.what, check.why);
  return { passed, failed };
}

const root = process.argv[2];
if (!root || !existsSync(root)) {
  console.error('Usage: npm run conformance -- <folder of interop fixtures>');
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const { passed, failed } = await run(path.resolve(root));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
