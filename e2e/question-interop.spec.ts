import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { MOODLE_BANK } from '../server/src/test/questionFiles';
import { apiToken, bearer, DEMO, signIn, uniqueEmail } from './support';

/**
 * Issue 52 in a real browser: a teacher imports a Moodle XML bank (one Cloze item refused), builds
 * an exam of it, the demo student sits it with the keyboard alone and earns each type's partial
 * credit, and the exam's QTI 3.0 package brings the same questions into another teacher's bank.
 */

const IMPORTED = ['Primes', 'Pi', 'Amphibian', 'Animals'] as const;
const TEXTS: Record<(typeof IMPORTED)[number], RegExp> = {
  Primes: /Which of these numbers are prime/,
  Pi: /to two decimal places/,
  Amphibian: /amphibian that croaks/,
  Animals: /Match each animal to its class/,
};

interface BankQuestion {
  _id: string;
  text: string;
  type: string;
  points: number;
  options: unknown[];
  numericAnswers: unknown[];
  shortAnswers: unknown[];
  pairs: unknown[];
  distractors: unknown[];
  caseSensitive: boolean;
  image: string | null;
  tags: string[];
}

/**
 * Moves focus with Tab (or Shift+Tab, when the target comes earlier in the page) until `target`
 * has it; a control the keyboard cannot reach fails the test.
 */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 40; presses++) {
    const where = await target.evaluate((el) => {
      const active = document.activeElement;
      if (el === active) return 'here';
      if (!active || active === document.body) return 'after';
      return active.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING ? 'after' : 'before';
    });
    if (where === 'here') return;
    await page.keyboard.press(where === 'after' ? 'Tab' : 'Shift+Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Imports the file on the bank page; returns the rows the dry run showed. */
async function importOnBankPage(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, tag: string): Promise<Locator> {
  await page.getByRole('link', { name: 'Question Bank' }).first().click();
  await expect(page).toHaveURL(/\/questions/);
  await page.getByRole('button', { name: 'Import questions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import questions' });
  await dialog.getByLabel(/Question file/).setInputFiles(file);
  await dialog.getByLabel(/^Subject/).selectOption('mathematics');
  // A tag of this run's own: it finds exactly these questions in a bank that holds others.
  const tags = dialog.getByRole('combobox', { name: 'Extra tags' });
  await tags.fill(tag);
  await tags.press('Enter');
  await dialog.getByRole('button', { name: 'Check file' }).click();
  return dialog.getByRole('table', { name: 'Items of the file' }).locator('tbody tr');
}

/** GET /api/questions?scope=mine: the teacher's own bank, only this run's tag when given. */
async function ownBank(request: APIRequestContext, token: string, tag?: string): Promise<BankQuestion[]> {
  const res = await request.get(`/api/questions?scope=mine&limit=100${tag ? `&tag=${encodeURIComponent(tag)}` : ''}`, { headers: bearer(token) });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data.questions as BankQuestion[];
}

/** What must survive the round trip (a picture is stored under its content's hash, so its address too). */
function comparable(q: BankQuestion) {
  return {
    text: q.text,
    image: q.image,
    type: q.type,
    points: q.points,
    options: q.options,
    numericAnswers: q.numericAnswers,
    shortAnswers: q.shortAnswers,
    pairs: q.pairs,
    distractors: q.distractors,
    caseSensitive: q.caseSensitive,
    tags: [...q.tags].sort(),
  };
}

const byText = (a: { text: string }, b: { text: string }) => a.text.localeCompare(b.text);

test('a Moodle bank is imported, sat with the keyboard for partial credit, and goes to another teacher as QTI 3.0 unchanged', async ({ page, browser, request }) => {
  const run = Date.now();
  const tag = `issue52-${run}`;
  const title = `Imported bank ${run}`;

  // ---- 1. The demo teacher imports the Moodle bank: four items come in, the Cloze is refused.
  await signIn(page, DEMO.teacher);
  const rows = await importOnBankPage(page, { name: 'bank.xml', mimeType: 'text/xml', buffer: Buffer.from(MOODLE_BANK) }, tag);
  await expect(rows).toHaveCount(5);
  const expectedTypes = { Primes: 'Multiple Response', Pi: 'Numerical', Amphibian: 'Short Answer', Animals: 'Matching' };
  for (const [name, type] of Object.entries(expectedTypes)) {
    const row = rows.filter({ has: page.getByRole('rowheader', { name, exact: true }) });
    await expect(row.getByRole('cell').nth(1)).toHaveText(new RegExp(type, 'i'));
    await expect(row.getByRole('cell').nth(2)).toHaveText(/^(Ready|Warning)$/);
    await expect(row.getByRole('checkbox')).toBeChecked();
  }
  const cloze = rows.filter({ has: page.getByRole('rowheader', { name: 'Capital cloze' }) });
  await expect(cloze.getByRole('cell').nth(2)).toHaveText('Error');
  await expect(cloze.getByRole('cell').nth(3)).toContainText(/cloze/i);
  await expect(cloze.getByRole('checkbox')).toBeDisabled();
  await page.getByRole('button', { name: 'Import 4 questions' }).click();
  await expect(page.getByRole('status').filter({ hasText: '4 questions imported' })).toBeVisible();
  await expect(page.getByText('4 imported, 1 skipped.')).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();

  const teacherToken = await apiToken(request, DEMO.teacher);
  const originals = await ownBank(request, teacherToken, tag);
  expect(originals.map((q) => q.type).sort()).toEqual(['matching', 'multiple-response', 'numerical', 'short-answer']);
  // The Moodle item's embedded picture came in with it, so the round trip below has one to carry.
  expect(originals.find((q) => TEXTS.Primes.test(q.text))?.image).toMatch(/\.png$/);

  // ---- 2. An exam shell for grade 10 (no questions yet, so a draft), filled from the bank in the UI and published.
  const now = Date.now();
  const created = await request.post('/api/exams', {
    headers: bearer(teacherToken),
    data: {
      title,
      subject: 'mathematics',
      description: 'Made by the browser test of question import and export.',
      duration: 30,
      grade: 10,
      passingMarks: 60,
      schedule: { startDate: new Date(now - 60_000).toISOString(), endDate: new Date(now + 2 * 3600_000).toISOString(), timezone: 'UTC' },
      isPublished: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const examId = (await created.json()).data.exam._id as string;

  await page.goto(`/exam/${examId}/questions`);
  await page.getByRole('button', { name: 'Add Questions' }).click();
  const picker = page.getByRole('dialog', { name: 'Add Questions' });
  for (const name of IMPORTED) {
    await picker.getByRole('searchbox', { name: 'Search' }).fill(TEXTS[name].source.replace(/\\/g, ''));
    const box = picker.getByRole('checkbox', { name: TEXTS[name] });
    await expect(box).toHaveCount(1);
    await box.check();
  }
  await expect(picker.getByText('4 selected')).toBeVisible();
  await picker.getByRole('button', { name: 'Add Selected' }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByText('4 questions · 12 points')).toBeVisible();

  await page.goto(`/exams?search=${encodeURIComponent(title)}`);
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'Publish' }).click();
  await expect(card.getByTestId('exam-unpublished')).toBeHidden();

  // ---- 3. The demo student sits it with the keyboard alone.
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await signIn(student, DEMO.student);
  await student.goto(`/exam/${examId}`);
  await tabTo(student, student.getByRole('button', { name: 'Start Exam' }));
  await student.keyboard.press('Enter');

  const answerWithKeys: Record<(typeof IMPORTED)[number], (n: number) => Promise<void>> = {
    Primes: async () => {
      await tabTo(student, student.getByRole('checkbox', { name: '2', exact: true }));
      await student.keyboard.press('Space');
      await expect(student.getByRole('checkbox', { name: '2', exact: true })).toBeChecked();
    },
    Pi: async (n) => {
      await tabTo(student, student.getByRole('textbox', { name: `Your answer to question ${n}` }));
      await student.keyboard.type('3,1');
    },
    Amphibian: async (n) => {
      await tabTo(student, student.getByRole('textbox', { name: `Your answer to question ${n}` }));
      await student.keyboard.type('Toad');
    },
    Animals: async (n) => {
      const group = student.getByRole('group', { name: `Your answer to question ${n}` });
      for (const [stem, answer] of [
        ['Cat', 'Mammal'],
        ['Frog', 'Amphibian'],
        ['Eagle', 'Insect'],
      ] as const) {
        const select = group.getByRole('combobox', { name: stem, exact: true });
        await tabTo(student, select);
        if (answer === 'Mammal') {
          // A letter jumps to the answers it starts with; M is also the exam's "mark" shortcut, which must not fire in a list.
          await student.keyboard.press('m');
          await expect(select).toHaveValue(answer);
          continue;
        }
        // Arrow keys walk a closed native select's options.
        const options = await select.locator('option').allTextContents();
        const from = options.indexOf((await select.locator('option:checked').textContent()) ?? '');
        const to = options.indexOf(answer);
        for (let i = from; i !== to; i += Math.sign(to - from)) await student.keyboard.press(to > from ? 'ArrowDown' : 'ArrowUp');
        await expect(select).toHaveValue(answer);
      }
    },
  };

  for (let n = 1; n <= IMPORTED.length; n++) {
    await expect(student.getByRole('heading', { name: `Question ${n} of 4` })).toBeVisible();
    const text = (await student.getByTestId('question-text').textContent()) ?? '';
    const name = IMPORTED.find((q) => TEXTS[q].test(text));
    expect(name, `an imported question in '${text}'`).toBeTruthy();
    await answerWithKeys[name!](n);
    // Leaving the field sends a typed answer at once; the palette then counts it.
    await tabTo(student, student.getByRole('button', { name: n < IMPORTED.length ? 'Next' : 'Submit Exam' }));
    await expect(student.getByRole('button', { name: `Question ${n}: answered` })).toBeVisible();
    if (n < IMPORTED.length) await student.keyboard.press('Enter');
  }
  await expect(student.getByTestId('save-status')).toHaveText('All answers saved');
  await expect(student.getByText('4 of 4 answered')).toBeVisible();

  await student.keyboard.press('Enter');
  const confirm = student.getByRole('dialog', { name: 'Submit your exam?' });
  await expect(confirm.getByTestId('submit-summary')).toContainText('Answered: 4 of 4');
  await tabTo(student, confirm.getByRole('button', { name: 'Yes, submit my exam' }));
  await student.keyboard.press('Enter');

  await expect(student).toHaveURL(/\/exam-result\/[0-9a-f-]{36}$/);
  await expect(student.getByTestId('result-points')).toHaveText('8 / 12 points (67%)');
  const submissionId = /\/exam-result\/([0-9a-f-]{36})$/.exec(student.url())![1]!;
  await studentContext.close();

  const detail = await request.get(`/api/submissions/${submissionId}`, { headers: bearer(teacherToken) });
  expect(detail.ok(), await detail.text()).toBe(true);
  const submission = (await detail.json()).data.submission as { score: number; totalMarks: number; answers: { questionId: string; marks: number; status: string }[] };
  expect(submission).toMatchObject({ score: 8, totalMarks: 12 });
  const idOf = (name: (typeof IMPORTED)[number]) => originals.find((q) => TEXTS[name].test(q.text))!._id;
  const marks = Object.fromEntries(submission.answers.map((a) => [a.questionId, [a.marks, a.status]]));
  expect(marks).toEqual({
    [idOf('Primes')]: [1, 'partial'],
    [idOf('Pi')]: [1, 'partial'],
    [idOf('Amphibian')]: [4, 'partial'],
    [idOf('Animals')]: [2, 'partial'],
  });

  // ---- 4. The exam goes out as a QTI 3.0 package and into a new teacher's empty bank.
  await page.goto(`/exam/${examId}/questions`);
  await page.getByRole('button', { name: 'Export questions' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'QTI 3.0 package' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const zip = await readFile((await download.path())!);

  const newcomer = { email: uniqueEmail('interop-teacher'), password: 'interop-teacher-1' };
  const made = await request.post('/api/users', {
    headers: bearer(await apiToken(request, DEMO.admin)),
    data: { firstName: 'Quinn', lastName: 'Import', email: newcomer.email, password: newcomer.password, role: 'teacher', subject: 'mathematics' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const newcomerToken = await apiToken(request, newcomer.email, newcomer.password);
  expect(await ownBank(request, newcomerToken)).toEqual([]);

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, newcomer.email, newcomer.password);
  const packageRows = await importOnBankPage(other, { name: download.suggestedFilename(), mimeType: 'application/zip', buffer: zip }, tag);
  await expect(packageRows).toHaveCount(4);
  await expect(packageRows.filter({ has: other.getByRole('cell', { name: 'Error', exact: true }) })).toHaveCount(0);
  await other.getByRole('button', { name: 'Import 4 questions' }).click();
  await expect(other.getByRole('status').filter({ hasText: '4 questions imported' })).toBeVisible();
  await otherContext.close();

  // The whole of the newcomer's bank: the package brought these four and nothing else.
  const copies = await ownBank(request, newcomerToken);
  expect(copies.map(comparable).sort(byText)).toEqual(originals.map(comparable).sort(byText));
});
