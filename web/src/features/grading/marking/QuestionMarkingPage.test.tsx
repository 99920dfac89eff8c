import { MARKING_MSG, type GradeInput, type MarkingAnswer, type MarkingComment, type SubmissionDetail } from '@exam/shared';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/buildUser';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { buildDetail, essayAnswer, QID } from '../../results/test/buildSubmission';
import { ANONYMOUS_KEY } from '../useAnonymousMode';
import { QuestionMarkingPage } from './QuestionMarkingPage';
import { EXAM, markingAnswer, questionMarking, RUBRIC } from './test/fixtures';

const QUESTION_PATH = `/exams/e1/marking/questions/${QID.essay}`;

/** What the grading call answers: the attempt with the essay now marked. */
const graded = (marks: number, markVersion = 1): SubmissionDetail => buildDetail({}, [essayAnswer({ marks, status: 'partial', markVersion })]);

/**
 * The page against a server that remembers: a saved answer reads back marked, with its next
 * version, when the page reads the list again after a save. `change` plays another teacher.
 */
function setupServer(data = questionMarking(), routes: Parameters<typeof mockApi>[1] = []) {
  let served = data;
  const remembering = routes.map(([method, path, handler]): NonNullable<Parameters<typeof mockApi>[1]>[number] => [
    method,
    path,
    async (call) => {
      const answer = await handler(call);
      const attemptId = typeof path === 'string' ? /^\/submissions\/([^/]+)\/grade$/.exec(path)?.[1] : undefined;
      if (method === 'PUT' && attemptId && (answer.status ?? 200) === 200) {
        const grade = (call.body as { grades: GradeInput[] }).grades[0]!;
        change((a) => (a.attemptId === attemptId ? { ...a, marks: grade.marks ?? a.marks, feedback: grade.feedback ?? a.feedback, status: 'marked', markVersion: a.markVersion + 1 } : a));
      }
      return answer;
    },
  ]);
  const change = (edit: (a: MarkingAnswer) => MarkingAnswer) => {
    const answers = served.answers.map(edit);
    served = { ...served, answers, left: answers.filter((a) => a.status === 'pending').length };
  };
  const api = mockApi(buildUser({ role: 'teacher' }), [['GET', QUESTION_PATH, () => ({ body: { success: true, data: served } })], ...remembering]);
  renderApp(`/exam/e1/marking/${QID.essay}`, [{ path: '/exam/:examId/marking/:questionId', element: <QuestionMarkingPage /> }]);
  return { api, change };
}

const setup = (...args: Parameters<typeof setupServer>) => setupServer(...args).api;

const press = (key: string, init: KeyboardEventInit = {}, target: Element = document.body) => fireEvent.keyDown(target, { key, ...init });
const text = (id: string) => screen.getByTestId(id).textContent;
const marks = () => screen.getByTestId('marking-marks') as HTMLInputElement;
const feedback = () => screen.getByTestId('marking-feedback') as HTMLTextAreaElement;

configure({ asyncUtilTimeout: 5000 });

describe('Marking one question for the whole class', { timeout: 20_000 }, () => {
  it('shows one answer at a time with its place and what is left, j and k moving between them', async () => {
    setup();
    expect((await screen.findByTestId('marking-position')).textContent).toBe('Answer 1 of 3');
    expect(text('marking-left')).toBe('2 left');
    expect(text('marking-student')).toBe('Asha Rao');
    expect(text('marking-answer')).toBe('Plants turn light\ninto sugar.');
    press('j');
    expect(text('marking-position')).toBe('Answer 2 of 3');
    expect(text('marking-student')).toBe('Ben Ode');
    expect(marks().value).toBe('4');
    press('ArrowRight');
    expect(text('marking-position')).toBe('Answer 3 of 3');
    press('k');
    press('ArrowLeft');
    expect(text('marking-position')).toBe('Answer 1 of 3');
  });

  it('m goes to the marks and c to the feedback', async () => {
    setup();
    await screen.findByTestId('marking-position');
    press('m');
    expect(document.activeElement).toBe(marks());
    press('c', {}, document.body);
    expect(document.activeElement).toBe(feedback());
  });

  it('does not take letters typed into the feedback as shortcuts', async () => {
    setup();
    await screen.findByTestId('marking-position');
    press('j', {}, feedback());
    expect(text('marking-position')).toBe('Answer 1 of 3');
  });

  it('saves with Ctrl+Enter, sending the version read, then goes on to the next answer still waiting', async () => {
    const api = setup(questionMarking(), [['PUT', '/submissions/a1/grade', () => ({ body: { success: true, data: graded(4) } })]]);
    await screen.findByTestId('marking-position');
    fireEvent.change(marks(), { target: { value: '4' } });
    fireEvent.change(feedback(), { target: { value: 'Name the pigment.' } });
    press('Enter', { ctrlKey: true }, feedback());
    // Answer 2 is marked already: the next one waiting is answer 3.
    await waitFor(() => expect(text('marking-position')).toBe('Answer 3 of 3'));
    expect(api.callsTo('PUT', '/submissions/a1/grade')[0]!.body).toEqual({ grades: [{ questionId: QID.essay, marks: 4, feedback: 'Name the pigment.', version: 0 }] });
    expect(text('marking-left')).toBe('1 left');
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('Saved. 1 answer left.');
    expect(marks().value).toBe('');
  });

  it('wraps round to the first answer waiting, and says when every answer is marked', async () => {
    const data = questionMarking({}, [markingAnswer({ marks: 2, status: 'marked', markVersion: 3 }), markingAnswer({ attemptId: 'a3', position: 2, studentName: 'Cara Lim' })]);
    const api = setup(data, [['PUT', '/submissions/a3/grade', () => ({ body: { success: true, data: graded(5) } })]]);
    expect((await screen.findByTestId('marking-position')).textContent).toBe('Answer 2 of 2');
    fireEvent.change(marks(), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('marking-save'));
    expect((await screen.findByTestId('marking-done')).textContent).toBe('All answers to this question are marked.');
    expect(text('marking-left')).toBe('0 left');
    expect(api.callsTo('PUT', '/submissions/a3/grade')).toHaveLength(1);
  });

  it('keeps unsaved marks per answer when moving between them, and counts them', async () => {
    setup();
    await screen.findByTestId('marking-position');
    fireEvent.change(marks(), { target: { value: '3' } });
    press('j');
    press('j');
    fireEvent.change(feedback(), { target: { value: 'Too short.' } });
    expect(text('marking-unsaved')).toBe('2 answers have unsaved changes');
    press('k');
    press('k');
    expect(marks().value).toBe('3');
    press('j');
    press('j');
    expect(feedback().value).toBe('Too short.');
  });

  it('asks before leaving the page with marks not saved', async () => {
    mockApi(buildUser({ role: 'teacher' }), [['GET', QUESTION_PATH, () => ({ body: { success: true, data: questionMarking() } })]]);
    const { router } = renderApp(`/exam/e1/marking/${QID.essay}`, [
      { path: '/exam/:examId/marking/:questionId', element: <QuestionMarkingPage /> },
      { path: '/exam/:examId/marking', element: <p>Overview</p> },
    ]);
    await screen.findByTestId('marking-position');
    fireEvent.change(marks(), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('link', { name: 'Back to all questions' }));
    expect((await screen.findByRole('dialog', { name: 'Leave with unsaved marks?' })).textContent).toContain('1 answer has marks or feedback not saved');
    fireEvent.click(screen.getByRole('button', { name: 'Stay and save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe(`/exam/e1/marking/${QID.essay}`);
    expect(marks().value).toBe('3');
  });

  it('refuses marks above the question’s points without calling the server', async () => {
    const api = setup();
    await screen.findByTestId('marking-position');
    fireEvent.change(marks(), { target: { value: '7' } });
    press('Enter', { metaKey: true });
    expect(await screen.findByText(/\(5\)$/)).toBeTruthy();
    expect(api.callsTo('PUT', '/submissions/a1/grade')).toHaveLength(0);
  });

  it('marks with the rubric: digit keys choose levels, the total follows, and the levels’ marks are sent', async () => {
    const data = questionMarking({ question: { ...questionMarking().question, rubric: RUBRIC } });
    const api = setup(data, [['PUT', '/submissions/a1/grade', () => ({ body: { success: true, data: graded(4) } })]]);
    await screen.findByTestId('rubric-criterion-0');
    expect(screen.queryByTestId('marking-marks')).toBeNull();
    press('3');
    expect((within(screen.getByTestId('rubric-criterion-0')).getByLabelText('3. Complete (3)') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(screen.getByTestId('rubric-criterion-1')).getByLabelText('2. Clear (1)'));
    expect(text('rubric-total')).toBe('Total: 4 / 5');
    // m puts the focus in the first criterion; a digit then changes that criterion's level.
    press('m');
    const content = within(screen.getByTestId('rubric-criterion-0'));
    expect(document.activeElement).toBe(content.getByLabelText('3. Complete (3)'));
    press('2', {}, document.activeElement!);
    expect((content.getByLabelText('2. Partial (2)') as HTMLInputElement).checked).toBe(true);
    expect(text('rubric-total')).toBe('Total: 3 / 5');
    press('3', {}, document.activeElement!);
    expect(text('rubric-total')).toBe('Total: 4 / 5');
    fireEvent.click(screen.getByTestId('marking-save'));
    await waitFor(() => expect(api.callsTo('PUT', '/submissions/a1/grade')).toHaveLength(1));
    expect(api.callsTo('PUT', '/submissions/a1/grade')[0]!.body).toEqual({ grades: [{ questionId: QID.essay, marks: 4, rubric: { content: 'c2', style: 's1' }, version: 0 }] });
  });

  it('asks for every criterion before saving a rubric mark', async () => {
    const data = questionMarking({ question: { ...questionMarking().question, rubric: RUBRIC } });
    const api = setup(data);
    await screen.findByTestId('rubric-criterion-0');
    press('2');
    expect(text('rubric-total')).toBe('So far: 2 / 5 (choose a level for every criterion)');
    fireEvent.click(screen.getByTestId('marking-save'));
    expect(await screen.findByText(MARKING_MSG.rubricIncomplete)).toBeTruthy();
    expect(api.callsTo('PUT', '/submissions/a1/grade')).toHaveLength(0);
  });

  it('inserts a saved comment from the bank at the cursor and counts its use', async () => {
    const comments: MarkingComment[] = [
      { id: 'k1', text: 'Cite a source.', useCount: 2, lastUsedAt: null, createdAt: '2026-11-01T00:00:00.000Z' },
      { id: 'k2', text: 'Good structure.', useCount: 9, lastUsedAt: null, createdAt: '2026-11-01T00:00:00.000Z' },
    ];
    const api = setup(questionMarking(), [
      ['GET', '/marking-comments', () => ({ body: { success: true, data: { comments } } })],
      ['POST', '/marking-comments/k1/use', () => ({ body: { success: true, data: { comment: { ...comments[0], useCount: 3 } } } })],
    ]);
    await screen.findByTestId('marking-position');
    fireEvent.change(feedback(), { target: { value: 'Good start. Well argued.' } });
    feedback().setSelectionRange(11, 11);
    fireEvent.blur(feedback());
    press('\\');
    const filter = await screen.findByTestId('comment-bank-filter');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Good structure.', 'Cite a source.']);
    fireEvent.change(filter, { target: { value: 'cite' } });
    fireEvent.keyDown(filter, { key: 'Enter' });
    await waitFor(() => expect(feedback().value).toBe('Good start. Cite a source. Well argued.'));
    await waitFor(() => expect(api.callsTo('POST', '/marking-comments/k1/use')).toHaveLength(1));
    expect(screen.queryByTestId('comment-bank-filter')).toBeNull();
  });

  it('chooses a comment with the arrow keys, appending it when the feedback never had the cursor', async () => {
    const comments: MarkingComment[] = [
      { id: 'k1', text: 'Cite a source.', useCount: 2, lastUsedAt: null, createdAt: '2026-11-01T00:00:00.000Z' },
      { id: 'k2', text: 'Good structure.', useCount: 9, lastUsedAt: null, createdAt: '2026-11-01T00:00:00.000Z' },
    ];
    const api = setup(questionMarking(), [
      ['GET', '/marking-comments', () => ({ body: { success: true, data: { comments } } })],
      ['POST', '/marking-comments/k1/use', () => ({ body: { success: true, data: { comment: comments[0] } } })],
    ]);
    await screen.findByTestId('marking-position');
    fireEvent.click(screen.getByRole('button', { name: 'Insert saved comment' }));
    const filter = await screen.findByTestId('comment-bank-filter');
    await screen.findAllByRole('option');
    fireEvent.keyDown(filter, { key: 'ArrowDown' });
    fireEvent.keyDown(filter, { key: 'Enter' });
    await waitFor(() => expect(feedback().value).toBe('Cite a source.'));
    await waitFor(() => expect(api.callsTo('POST', '/marking-comments/k1/use')).toHaveLength(1));
  });

  it('when another teacher saved first: says so, shows their marks, keeps this teacher’s draft, and “Use mine” saves it over', async () => {
    let reads = 0;
    const theirs = questionMarking({}, [
      markingAnswer({ marks: 3, feedback: 'Their note.', status: 'marked', markVersion: 1, markedBy: 'Mr Ode' }),
      questionMarking().answers[1]!,
      questionMarking().answers[2]!,
    ]);
    let puts = 0;
    const api = mockApi(buildUser({ role: 'teacher' }), [
      ['GET', QUESTION_PATH, () => ({ body: { success: true, data: reads++ === 0 ? questionMarking() : theirs } })],
      ['PUT', '/submissions/a1/grade', () => (puts++ === 0 ? { status: 409, body: { success: false, message: MARKING_MSG.markedMeanwhile } } : { body: { success: true, data: graded(4, 2) } })],
    ]);
    renderApp(`/exam/e1/marking/${QID.essay}`, [{ path: '/exam/:examId/marking/:questionId', element: <QuestionMarkingPage /> }]);
    await screen.findByTestId('marking-position');
    fireEvent.change(marks(), { target: { value: '4' } });
    fireEvent.change(feedback(), { target: { value: 'Mine.' } });
    press('Enter', { ctrlKey: true });
    const conflict = await screen.findByTestId('marking-conflict');
    expect(conflict.textContent).toContain(MARKING_MSG.markedMeanwhile);
    await waitFor(() => expect(marks().value).toBe('3'));
    expect(feedback().value).toBe('Their note.');
    expect(text('marking-conflict-mine')).toBe('Your unsaved marks: 4 · Mine.');
    expect(text('marking-position')).toBe('Answer 1 of 3');
    fireEvent.click(within(conflict).getByRole('button', { name: 'Use mine' }));
    await waitFor(() => expect(api.callsTo('PUT', '/submissions/a1/grade')).toHaveLength(2));
    expect(api.callsTo('PUT', '/submissions/a1/grade')[1]!.body).toEqual({ grades: [{ questionId: QID.essay, marks: 4, feedback: 'Mine.', version: 1 }] });
    await waitFor(() => expect(screen.queryByTestId('marking-conflict')).toBeNull());
  });

  it('shows another teacher’s marks after a save, yet a draft begun before them is still refused rather than written over them', async () => {
    const { api, change } = setupServer(questionMarking(), [
      ['PUT', '/submissions/a3/grade', () => ({ body: { success: true, data: graded(5) } })],
      ['PUT', '/submissions/a1/grade', () => ({ status: 409, body: { success: false, message: MARKING_MSG.markedMeanwhile } })],
    ]);
    await screen.findByTestId('marking-position');
    fireEvent.change(marks(), { target: { value: '2' } });
    // Meanwhile another teacher marks Asha's answer.
    change((a) => (a.attemptId === 'a1' ? { ...a, marks: 5, status: 'marked', markVersion: 4, markedBy: 'Mr Ode' } : a));
    press('j');
    press('j');
    fireEvent.change(marks(), { target: { value: '5' } });
    press('Enter', { ctrlKey: true });
    // The list read again after the save counts the other teacher's mark: nothing is left.
    await waitFor(() => expect(text('marking-left')).toBe('0 left'));
    press('k');
    press('k');
    expect(text('marking-position')).toBe('Answer 1 of 3');
    expect(marks().value).toBe('2');
    press('Enter', { ctrlKey: true });
    await screen.findByTestId('marking-conflict');
    expect(api.callsTo('PUT', '/submissions/a1/grade')[0]!.body).toEqual({ grades: [{ questionId: QID.essay, marks: 2, version: 0 }] });
  });

  it('never names the student when the exam is marked anonymously', async () => {
    const anonymous = questionMarking(
      { exam: { ...EXAM, anonymousMarking: true } },
      questionMarking().answers.map((a) => ({ ...a, studentName: null })),
    );
    setup(anonymous);
    expect((await screen.findByTestId('marking-student')).textContent).toBe('Answer 1');
    expect((screen.getByRole('switch', { name: /Anonymous grading/ }) as HTMLInputElement).disabled).toBe(true);
  });

  it('hides the name when the teacher chose anonymous grading', async () => {
    localStorage.setItem(ANONYMOUS_KEY, 'true');
    setup();
    expect((await screen.findByTestId('marking-student')).textContent).toBe('Answer 1');
    expect(document.body.textContent).not.toContain('Asha Rao');
  });

  it('lists the shortcuts with ?', async () => {
    setup();
    await screen.findByTestId('marking-position');
    press('?');
    const list = await screen.findByTestId('marking-shortcuts');
    expect(list.textContent).toContain('Save and go to the next answer left');
  });
});
