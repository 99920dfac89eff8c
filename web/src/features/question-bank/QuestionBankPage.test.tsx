import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { QuestionBankPage } from './QuestionBankPage';
import { TEACHER_ID, bankQuestion, page } from './test/fixtures';

const OWN = bankQuestion({ _id: 'a1', tags: ['fractions'], shared: true });
const OTHER = bankQuestion({ _id: 'b2', text: 'Name the largest planet of the solar system.', type: 'short-answer', options: [], createdBy: 'someone-else', shared: true });

function setup(routes: Parameters<typeof mockApi>[1] = []) {
  const api = mockApi(buildUser({ _id: TEACHER_ID, role: 'teacher' }), [...routes, ['GET', '/questions', () => ({ body: page([OWN, OTHER]) })]]);
  renderApp('/questions', [{ path: '/questions', element: <QuestionBankPage /> }]);
  return api;
}

const lastList = (api: ReturnType<typeof mockApi>) => api.callsTo('GET', '/questions').at(-1)!.url.searchParams;

afterEach(() => {
  vi.restoreAllMocks();
  // The notifications store outlives a test: a "Question saved" left over would be found by the next.
  notifications.clean();
});

// Rendering the page with its dialogs takes seconds on a busy machine.
describe('the question bank page', { timeout: 20_000 }, () => {
  it('lists questions with maths rendered, type, points, tags and whether they are shared', async () => {
    setup();
    const table = await screen.findByRole('table', { name: /Questions, page 1 of 1/ });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.querySelector('.katex')).not.toBeNull();
    expect(rows[1]!.textContent).toContain('Multiple Choice');
    expect(rows[1]!.textContent).toContain('fractions');
    expect(within(rows[1]!).getByText('Shared')).toBeTruthy();
    expect(rows[2]!.textContent).toContain('Short Answer');
    // Another teacher's shared question can be looked at, not changed.
    expect(screen.getByRole('button', { name: 'More actions for question 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More actions for question 2' })).toBeNull();
  });

  it('asks the server for what the filters say: type, subject, tag, whose questions and search', async () => {
    const api = setup();
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'matching' } });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'science' } });
    fireEvent.change(screen.getByLabelText('Whose questions'), { target: { value: 'shared' } });
    fireEvent.change(screen.getByLabelText('Tag'), { target: { value: 'Planets ' } });
    await waitFor(() => expect(lastList(api).get('tag')).toBe('planets'));
    fireEvent.change(screen.getByLabelText('Search questions'), { target: { value: 'jupiter' } });
    await waitFor(() => {
      const query = lastList(api);
      expect(Object.fromEntries(query)).toEqual({ type: 'matching', subject: 'science', scope: 'shared', tag: 'planets', search: 'jupiter', page: '1', limit: '20' });
    });
  });

  it('shortens a long question between words, never inside its formula', async () => {
    const long = bankQuestion({ _id: 'c3', text: 'Let $x_k$ be terms of the series whose partial sums are given by the formula below; decide if it $\\sum_{k=1}^{n} \\frac{1}{k^2}$ converges, giving a reason.' });
    mockApi(buildUser({ _id: TEACHER_ID, role: 'teacher' }), [['GET', '/questions', () => ({ body: page([long]) })]]);
    renderApp('/questions', [{ path: '/questions', element: <QuestionBankPage /> }]);
    const table = await screen.findByRole('table', { name: /Questions, page 1 of 1/ });
    const cell = within(table).getAllByRole('row')[1]!.querySelectorAll('td')[1]!;
    expect(cell.querySelectorAll('.katex')).toHaveLength(1);
    expect(cell.textContent).not.toContain('\\sum');
    expect(cell.textContent).not.toContain('$');
    expect(cell.textContent).toContain('…');
    expect(cell.textContent).not.toContain('converges');
  });

  it('leads to the teacher’s rubrics', async () => {
    setup();
    expect((await screen.findByRole('link', { name: 'My rubrics' })).getAttribute('href')).toBe('/rubrics');
  });

  it('previews a question with the maths of its options rendered', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Preview question 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Question preview' });
    const options = within(dialog).getByRole('list', { name: 'Options' });
    expect(options.querySelectorAll('.katex').length).toBe(2);
    expect(options.textContent).toContain('(correct answer)');
  });

  it('stops sharing a question by sending it back whole with shared off', async () => {
    const api = setup([['PUT', '/questions/a1', () => ({ body: { success: true, data: { question: { ...OWN, shared: false } } } })]]);
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for question 1' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Stop sharing' }));
    expect(await screen.findByText('The question is no longer shared')).toBeTruthy();
    const body = api.callsTo('PUT', '/questions/a1')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ shared: false, tags: ['fractions'], text: OWN.text, type: 'multiple-choice', correctAnswer: OWN.correctAnswer });
  });

  it('adds a tag', async () => {
    const api = setup([['PUT', '/questions/a1', () => ({ body: { success: true, data: { question: OWN } } })]]);
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for question 1' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit tags' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tags of the question' });
    const input = within(dialog).getByRole('combobox', { name: 'Tags' });
    fireEvent.change(input, { target: { value: 'Algebra' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save tags' }));
    await waitFor(() => expect(api.callsTo('PUT', '/questions/a1')).toHaveLength(1));
    expect((api.callsTo('PUT', '/questions/a1')[0]!.body as { tags: string[] }).tags).toEqual(['fractions', 'algebra']);
  });

  it('edits a question in the editor and saves it whole', async () => {
    const api = setup([['PUT', '/questions/a1', () => ({ body: { success: true, data: { question: OWN } } })]]);
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for question 1' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit question' });
    fireEvent.change(within(dialog).getByLabelText('Points'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Question' }));
    expect(await screen.findByText('Question saved')).toBeTruthy();
    expect(api.callsTo('PUT', '/questions/a1')[0]!.body).toMatchObject({ points: 5, text: OWN.text, tags: ['fractions'], shared: true, subject: 'mathematics' });
  });

  it('edits an essay with its rubric, and sends the rubric back with the question', async () => {
    const rubric = {
      criteria: [
        { id: 'c1', title: 'Argument', description: '', levels: [{ id: 'l1', title: 'Weak', description: '', points: 0 }, { id: 'l2', title: 'Strong', description: '', points: 2 }] },
      ],
    };
    const essay = bankQuestion({ _id: 'e4', text: 'Discuss the water cycle.', type: 'essay', options: [], correctAnswer: '', points: 2, rubric });
    const api = mockApi(buildUser({ _id: TEACHER_ID, role: 'teacher' }), [
      ['PUT', '/questions/e4', () => ({ body: { success: true, data: { question: essay } } })],
      ['GET', '/questions', () => ({ body: page([essay]) })],
    ]);
    renderApp('/questions', [{ path: '/questions', element: <QuestionBankPage /> }]);
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for question 1' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit question' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Criterion 1 title').value).toBe('Argument');
    fireEvent.change(within(dialog).getByLabelText('Criterion 1 title'), { target: { value: 'Reasoning' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Question' }));
    expect(await screen.findByText('Question saved')).toBeTruthy();
    expect(api.callsTo('PUT', '/questions/e4')[0]!.body).toMatchObject({
      type: 'essay',
      points: 2,
      rubric: { criteria: [{ id: 'c1', title: 'Reasoning', levels: [{ id: 'l1' }, { id: 'l2', points: 2 }] }] },
    });
  });

  it('offers no rubric for another type of question, and sends none with it', async () => {
    const api = setup([['PUT', '/questions/a1', () => ({ body: { success: true, data: { question: OWN } } })]]);
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for question 1' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit question' });
    expect(within(dialog).queryByRole('button', { name: 'Add a rubric' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Question' }));
    expect(await screen.findByText('Question saved')).toBeTruthy();
    expect(api.callsTo('PUT', '/questions/a1')[0]!.body).toMatchObject({ type: 'multiple-choice', rubric: null });
  });

  it('edits a matching question without losing its pairs', async () => {
    const pairs = [
      { stem: 'France', answer: 'Paris' },
      { stem: 'Italy', answer: 'Rome' },
    ];
    const matching = bankQuestion({ _id: 'm3', text: 'Match each country with its capital.', type: 'matching', options: [], correctAnswer: '', pairs, distractors: ['Madrid'] });
    const api = mockApi(buildUser({ _id: TEACHER_ID, role: 'teacher' }), [
      ['PUT', '/questions/m3', () => ({ body: { success: true, data: { question: matching } } })],
      ['GET', '/questions', () => ({ body: page([matching]) })],
    ]);
    renderApp('/questions', [{ path: '/questions', element: <QuestionBankPage /> }]);
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for question 1' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit question' });
    fireEvent.change(within(dialog).getByLabelText('Points'), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Question' }));
    expect(await screen.findByText('Question saved')).toBeTruthy();
    expect(api.callsTo('PUT', '/questions/m3')[0]!.body).toMatchObject({ type: 'matching', points: 4, pairs, distractors: ['Madrid'] });
  });

  it("shows the server's reason when a question an exam uses cannot be deleted", async () => {
    const reason = 'This question is used in an exam and cannot be deleted';
    const api = setup([['DELETE', '/questions/a1', () => ({ status: 409, body: { success: false, message: reason } })]]);
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for question 1' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete question' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(`The question was not deleted: ${reason}`)).toBeTruthy();
    expect(api.callsTo('DELETE', '/questions/a1')).toHaveLength(1);
  });

  it('downloads the chosen questions in the chosen format', async () => {
    const api = setup([['GET', '/questions/export', () => ({ body: '<assessmentItem/>' })]]);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:questions');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const exportButton = await screen.findByRole('button', { name: 'Export selected' });
    expect(exportButton).toHaveProperty('disabled', true);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select question 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select question 2' }));
    expect(screen.getByText('2 questions selected')).toBeTruthy();
    fireEvent.click(exportButton);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'QTI 2.1 package' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const query = api.callsTo('GET', '/questions/export')[0]!.url.searchParams;
    expect(query.get('format')).toBe('qti21');
    expect(query.get('ids')).toBe('a1,b2');
  });
});
