import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiToken, bearer, createExamAsTeacher, DEMO, leaveTabAndReturn, signIn, uniqueEmail } from './support';

/**
 * A Spanish-speaking student sits an exam in Spanish from the first screen to the result (issue
 * 17): the start screen and its rules, the timer and what a screen reader hears, a violation
 * warning, the save status, the submit dialog and the result with its answer statuses. On each,
 * a few key Spanish texts are asserted, and no English text of the exam-taking, results and
 * schedule catalogues may be on screen. Server messages are another catalogue's and not checked.
 */

const PASSWORD = 'estudiante-es-1';
const ESSAY = 'Describe el ciclo del agua en dos frases.';
const LOCALES = path.resolve('web/src/locales');
const NAMESPACES = ['examTaking', 'results', 'schedule'];

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
const catalogue = (lang: string, ns: string) => new Map(leaves(JSON.parse(readFileSync(path.join(LOCALES, lang, `${ns}.json`), 'utf8')) as Tree));

/**
 * The English words of this journey's catalogues that Spanish does not share: each text cut at
 * its {{placeholders}}, keeping the pieces with a word in them ('Question {{number}} of {{total}}'
 * gives 'Question' and 'of' is too short to tell anything).
 */
function englishPieces(): string[] {
  const pieces = new Set<string>();
  for (const ns of NAMESPACES) {
    const es = catalogue('es', ns);
    for (const [key, text] of catalogue('en', ns)) {
      const spanish = es.get(key) ?? es.get(key.replace(/_(one|other)$/, '_many'));
      if (spanish === text) continue;
      for (const piece of text.split(/\{\{[^}]+\}\}/)) {
        const trimmed = piece.replace(/^[\s·:(),.]+|[\s·:(),.]+$/g, '');
        if (/\p{L}{3,}/u.test(trimmed) && trimmed.length >= 4 && !spanishHas(es, trimmed)) pieces.add(trimmed);
      }
    }
  }
  return [...pieces];
}
/** A piece Spanish also uses ('Total', 'CSV'…) says nothing about the language on screen. */
const spanishHas = (es: Map<string, string>, piece: string) => [...es.values()].some((text) => wordIn(text, piece));
const wordIn = (text: string, piece: string) => new RegExp(`(?<![\\p{L}])${piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u').test(text);

const ENGLISH = englishPieces();

/** What a reader sees or hears in a part of the page: its text and its labels, titles and placeholders. */
async function readable(scope: Locator): Promise<string> {
  return scope.evaluate((root) => {
    const clone = root.cloneNode(true) as HTMLElement;
    // The breadcrumb's names belong to the layout's catalogue.
    clone.querySelectorAll('nav[aria-label="Breadcrumb"]').forEach((n) => n.remove());
    const attributes = [...root.querySelectorAll('[aria-label],[title],[placeholder],[alt]')].flatMap((el) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((a) => el.getAttribute(a) ?? ''),
    );
    return [(root as HTMLElement).innerText, clone.textContent ?? '', ...attributes].join('\n');
  });
}

async function expectNoEnglish(scope: Locator): Promise<void> {
  const text = await readable(scope);
  expect(ENGLISH.filter((piece) => wordIn(text, piece)), 'English texts of the catalogues on screen').toEqual([]);
}

const main = (page: Page) => page.locator('main').first();

async function createStudent(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('estudiante');
  const res = await request.post('/api/users', {
    headers: bearer(await apiToken(request, DEMO.admin)),
    data: { firstName: 'Lucía', lastName: 'García', email, password: PASSWORD, role: 'student', grade: 10, section: 'A' },
  });
  expect(res.status(), await res.text()).toBe(201);
  // Her language setting, as the Settings page saves it.
  const settings = await request.put('/api/users/settings', {
    headers: bearer(await apiToken(request, email, PASSWORD)),
    data: { category: 'preferences', key: 'language', value: 'es' },
  });
  expect(settings.ok(), await settings.text()).toBe(true);
  return email;
}

/** The demo teacher's proctored exam of three questions, written in Spanish as a Spanish teacher would. */
const createExam = (request: APIRequestContext, title: string) =>
  createExamAsTeacher(request, {
    title,
    subject: 'mathematics',
    description: 'Repaso de la unidad 1.',
    duration: 30,
    instructions: 'Responde a todas las preguntas.',
    settings: { proctoring: { enabled: true, preventTabSwitching: true, requireFullscreen: false } },
    questions: [
      { text: '¿Cuánto es $1 + 1$?', type: 'multiple-choice', subject: 'mathematics', options: ['1', '2', '3'], correctAnswer: '2', points: 1 },
      { text: '¿El cero es un número par?', type: 'true-false', subject: 'mathematics', correctAnswer: 'True', points: 1 },
      { text: ESSAY, type: 'essay', subject: 'mathematics', points: 5, sampleAnswer: 'El agua se evapora, se condensa en nubes y cae como lluvia.' },
    ],
    openForHours: 24,
  });

test('a student whose language is Spanish sits an exam in Spanish, from the start screen to the result', async ({ page, request }) => {
  expect(ENGLISH.length, 'English texts to look for').toBeGreaterThan(100);
  const title = `Examen de repaso ${Date.now()}`;
  const student = await createStudent(request);
  const examId = await createExam(request, title);
  await signIn(page, student, PASSWORD);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  // The start screen: facts, how it works and the proctoring rules.
  await page.goto(`/exam/${examId}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cómo funciona' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Instrucciones' })).toBeVisible();
  await expect(page.getByText('Duración', { exact: true })).toBeVisible();
  const rules = page.getByTestId('proctoring-notice');
  await expect(rules).toContainText('Este examen está supervisado');
  await expect(rules).toContainText('Salir de esta pestaña queda registrado. La 4.ª vez, tu examen se entregará automáticamente.');
  await expect(page.getByRole('link', { name: 'Volver a los exámenes' })).toBeVisible();
  await expectNoEnglish(main(page));

  // The exam: question, timer, save status, palette.
  await page.getByRole('button', { name: 'Empezar examen' }).click();
  await expect(page.getByRole('heading', { name: 'Pregunta 1 de 3' })).toBeVisible();
  const timer = page.getByRole('timer', { name: 'Tiempo restante' });
  await expect(timer).toBeVisible();
  await expect(timer).toHaveText(/^Quedan \d+:\d\d/);
  await expect(page.getByTestId('timer-announcement')).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByText('Opción múltiple', { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Preguntas' })).toBeVisible();
  await page.getByRole('radio', { name: '2', exact: true }).check();
  await expect(page.getByTestId('save-status')).toHaveText('Todas las respuestas guardadas');
  await expect(page.getByText('1 de 3 respondidas')).toBeVisible();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('heading', { name: 'Pregunta 2 de 3' })).toBeVisible();
  // True and False are the platform's words, in the reader's language.
  await page.getByRole('radio', { name: 'Verdadero', exact: true }).check();
  await page.getByRole('button', { name: 'Marcar para revisar' }).click();
  await expect(page.getByRole('button', { name: 'Marcada para revisar', exact: true })).toBeVisible();
  await expect(page.getByTestId('palette-2')).toHaveAttribute('aria-label', 'Pregunta 2: respondida, marcada para revisar');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByLabel('Tu respuesta a la pregunta 3').fill('El sol calienta el mar y el agua sube como vapor. Se enfría en nubes y llueve.');
  await expect(page.getByTestId('save-status')).toHaveText('Todas las respuestas guardadas');

  // A violation: the warning counts down to the automatic submission, in Spanish.
  await leaveTabAndReturn(page);
  const warning = page.getByTestId('violation-warning');
  await expect(warning).toHaveText('Atención: has salido de la pestaña del examen (1 vez). 3 veces más y tu examen se entregará automáticamente.');
  await expect(warning.getByRole('button', { name: 'Cerrar el aviso' })).toBeVisible();
  await expectNoEnglish(page.locator('body'));

  // The submit dialog: the summary and the warning that it cannot be undone.
  await page.getByRole('button', { name: 'Entregar examen' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Entregar tu examen?' });
  await expect(dialog.getByTestId('submit-summary')).toContainText('Respondidas: 3 de 3');
  await expect(dialog.getByTestId('submit-summary')).toContainText('Sin responder: 0');
  await expect(dialog.getByTestId('submit-summary')).toContainText('Marcadas para revisar: 1 (pregunta 2)');
  await expect(dialog).toContainText('La entrega no se puede deshacer');
  await expect(dialog.getByRole('button', { name: 'Seguir con el examen' })).toBeVisible();
  await expectNoEnglish(dialog);
  await dialog.getByRole('button', { name: 'Sí, entregar mi examen' }).click();

  // The result waits for the teacher's marks: no score before, said in Spanish.
  await expect(page).toHaveURL(/\/exam-result\/[0-9a-f-]{36}$/);
  const submissionId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByTestId('result-waiting')).toContainText('Pendiente de corrección');
  await expect(page.getByTestId('result-waiting')).toContainText('La puntuación aparecerá aquí cuando estén corregidas, nunca antes.');
  await expect(page.getByTestId('result-points')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Volver al panel' })).toBeVisible();
  await expectNoEnglish(main(page));

  // The teacher gives the essay 3 of its 5 marks: "Partially correct · 3 / 5", in Spanish.
  const teacherToken = await apiToken(request, DEMO.teacher);
  const detail = await (await request.get(`/api/submissions/${submissionId}`, { headers: bearer(teacherToken) })).json();
  const essayAnswer = (detail.data.submission.answers as { questionId: string; type: string }[]).find((a) => a.type === 'essay')!;
  const graded = await request.put(`/api/submissions/${submissionId}/grade`, { headers: bearer(teacherToken), data: { grades: [{ questionId: essayAnswer.questionId, marks: 3 }] } });
  expect(graded.ok(), await graded.text()).toBe(true);
  await page.reload();
  const essay = page.getByRole('article', { name: 'Pregunta 3' });
  await expect(essay.getByTestId('answer-status')).toHaveText('Parcialmente correcta · 3 / 5');
  await expect(page.getByRole('heading', { name: 'Rendimiento' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Informe de seguridad' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Tiempo empleado' })).toBeVisible();
  await expect(page.getByText('Cambios de pestaña', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Pregunta 2' })).toContainText('Tu respuesta: Verdadero');
  await expect(page.getByRole('article', { name: 'Pregunta 1' }).getByTestId('answer-status')).toHaveText('Correcta');
  await expect(page.getByTestId('result-points')).toHaveText('5 / 7 puntos (71 %)');
  await expect(page.getByTestId('bar-partially-correct')).toHaveText('1 de 3 (33 %)');
  await expect(page.getByTestId('result-message')).toHaveText('¡Buen trabajo! Sigue así.');
  await expectNoEnglish(main(page));
});

test('a screen reader hears the time left in Spanish when the countdown crosses 10 minutes', async ({ page, request }) => {
  const student = await createStudent(request);
  const examId = await createExam(request, `Cronómetro hablado ${Date.now()}`);
  // The browser's clock is ours to move; the deadline stays the server's.
  await page.clock.install();
  await signIn(page, student, PASSWORD);
  await page.goto(`/exam/${examId}`);
  await page.getByRole('button', { name: 'Empezar examen' }).click();
  await expect(page.getByRole('heading', { name: 'Pregunta 1 de 3' })).toBeVisible();
  const spoken = page.getByTestId('timer-announcement');
  await page.clock.runFor(3000);
  await expect(spoken).toHaveText('');
  // 30 minutes to sit: 20 minutes and 5 seconds later fewer than 10 are left.
  await page.clock.fastForward('20:05');
  await expect(spoken).toHaveText('Quedan 10 minutos.');
  await expect(page.getByTestId('exam-timer')).toHaveText(/^Quedan 9:\d\d/);
});
