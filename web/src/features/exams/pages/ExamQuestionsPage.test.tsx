import { EXAM_MSG, type Question } from '@exam/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/buildUser';
import { mockApi } from '../../../test/mockApi';
import { QUESTION_EXTRAS } from '../../../test/questionExtras';
import { renderApp } from '../../../test/renderApp';
import { buildExam } from '../test/buildExam';
import { ExamQuestionsPage } from './ExamQuestionsPage';

const question = (id: string, text: string): Question => ({
  ...QUESTION_EXTRAS,
  _id: id,
  text,
  question: text,
  marks: 2,
  createdBy: 't1',
  type: 'multiple-choice',
  subject: 'mathematics',
  topic: '',
  difficulty: 'easy',
  points: 2,
  options: [
    { text: '4', isCorrect: true },
    { text: '5', isCorrect: false },
  ],
  correctAnswer: '4',
  acceptedAnswers: [],
  sampleAnswer: '',
  explanation: '',
  image: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const long = `What is the value of $x$ if $2x + 6 = 14$? ${'Show every step of your working. '.repeat(5)}`;
const inExam = [question('q1', long)];
const BANK_ID = '5f0c6f1e-0000-4000-8000-000000000002';
const bank = [question(BANK_ID, 'Which of these is a prime number?')];

function setup(routes: Parameters<typeof mockApi>[1] = []) {
  const api = mockApi(buildUser({ role: 'teacher' }), [
    ['GET', '/exams/e1', () => ({ body: { success: true, data: { exam: buildExam() } } })],
    ['GET', '/exams/e1/questions', () => ({ body: { success: true, data: { questions: inExam } } })],
    ['GET', '/questions', () => ({ body: { success: true, data: { questions: bank, currentPage: 1, total: 1, totalPages: 1 } } })],
    ...routes,
  ]);
  renderApp('/exam/e1/questions', [{ path: '/exam/:examId/questions', element: <ExamQuestionsPage /> }]);
  return api;
}

describe('ExamQuestionsPage', () => {
  it('lists the questions with their text cut at 100 characters, math rendered, and options with the key for the owner', async () => {
    setup();
    const item = await screen.findByRole('article', { name: 'Question 1' });
    expect(item.querySelector('.katex')).not.toBeNull();
    expect(item.textContent).toContain('…');
    const options = within(item).getByRole('list', { name: 'Options' });
    expect(options.textContent).toContain('4(correct answer)');
    expect(options.textContent).toContain('5');
  });

  it('offers a preview of the exam as a student sees it', async () => {
    setup();
    const link = await screen.findByRole('link', { name: 'Preview as Student' });
    expect(link.getAttribute('href')).toBe('/exam/e1/preview');
  });

  it("shows the server's 'frozen' refusal when removing a question", async () => {
    const api = setup([['DELETE', '/exams/e1/questions/q1', () => ({ status: 409, body: { success: false, message: EXAM_MSG.frozen } })]]);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove question 1' }));
    expect((await screen.findByTestId('confirm-message')).textContent).toBe('Are you sure you want to remove this question from the exam?');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(`Error removing question: ${EXAM_MSG.frozen}`)).toBeTruthy();
    expect(api.callsTo('DELETE', '/exams/e1/questions/q1')).toHaveLength(1);
  });

  it('adds questions picked in the bank, which excludes those already in the exam', async () => {
    const api = setup([['POST', '/exams/e1/questions', () => ({ body: { success: true, data: { added: 1, questions: [...inExam, ...bank] } } })]]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Questions' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Which of these is a prime number?');
    expect(api.calls.find((c) => c.path === '/questions')!.url.searchParams.get('excludeExam')).toBe('e1');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Selected' }));
    expect(await within(dialog).findByText('Please select at least one question')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Which of these is a prime number/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Selected' }));
    expect(await screen.findByText('Questions added successfully!')).toBeTruthy();
    expect(api.callsTo('POST', '/exams/e1/questions')[0]!.body).toEqual({ questionIds: [BANK_ID] });
  });

  it("says 'No Questions Added' for an empty exam", async () => {
    mockApi(buildUser({ role: 'teacher' }), [
      ['GET', '/exams/e1', () => ({ body: { success: true, data: { exam: buildExam() } } })],
      ['GET', '/exams/e1/questions', () => ({ body: { success: true, data: { questions: [] } } })],
    ]);
    renderApp('/exam/e1/questions', [{ path: '/exam/:examId/questions', element: <ExamQuestionsPage /> }]);
    expect(await screen.findByText('No Questions Added')).toBeTruthy();
  });

  it("downloads the exam's questions as a question file in the chosen format", async () => {
    const api = setup([['GET', '/questions/export', () => ({ body: '<quiz/>' })]]);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:quiz');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(await screen.findByRole('button', { name: 'Export questions' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Moodle XML' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(Object.fromEntries(api.callsTo('GET', '/questions/export')[0]!.url.searchParams)).toEqual({ examId: 'e1', format: 'moodlexml' });
    vi.restoreAllMocks();
  });
});
