import { EXAM_MSG, MARKING_MSG, type Rubric, type RubricTemplate } from '@exam/shared';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect, useReducer } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/buildUser';
import { mockApi } from '../../../test/mockApi';
import { QUESTION_EXTRAS } from '../../../test/questionExtras';
import { renderApp } from '../../../test/renderApp';
import { QuestionView } from '../components/QuestionView';
import { QuestionEditor } from './QuestionEditor';
import { draftToInput, questionToDraft } from './questionDraft';
import { initialWizardQuestions, viewOfDraft, wizardQuestionsReducer } from './wizardQuestions';

const SUBJECT = 'mathematics';
let sent: Record<string, unknown>[] = [];

/** The editor and the written questions, as the wizard's questions step holds them. */
function Step({ onDrafts }: { onDrafts: (sent: Record<string, unknown>[]) => void }) {
  const [state, dispatch] = useReducer(wizardQuestionsReducer, undefined, initialWizardQuestions);
  useEffect(() => {
    onDrafts(state.drafts.map((d) => draftToInput(d, SUBJECT)));
  }, [state.drafts, onDrafts]);
  return (
    <>
      {state.drafts.map((d, i) => (
        <QuestionView key={i} number={i + 1} question={viewOfDraft(d, SUBJECT)} />
      ))}
      <QuestionEditor
        draft={state.editor.draft}
        errors={state.editor.errors}
        editingIndex={state.editor.index}
        onChange={(draft) => dispatch({ type: 'editor.change', draft })}
        onSubmit={() => dispatch({ type: 'editor.submit', subject: SUBJECT })}
        onCancel={() => dispatch({ type: 'editor.cancel' })}
      />
    </>
  );
}

function renderStep(type: string, text: string, { withServer = false } = {}) {
  sent = [];
  const step = (
    <Step
      onDrafts={(d) => {
        sent = d;
      }}
    />
  );
  // The saved-rubric dialogs ask the server; the rest of the editor needs none.
  if (withServer) renderApp('/', [{ path: '/', element: step }]);
  else render(<MantineProvider env="test">{step}</MantineProvider>);
  fireEvent.change(screen.getByLabelText('Question Type'), { target: { value: type } });
  type_('Question Text', text);
}

const type_ = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const add = () => fireEvent.click(screen.getByRole('button', { name: 'Add Question' }));
const keyOf = (number: number) => within(screen.getByRole('article', { name: `Question ${number}` })).getByTestId('answer-key').textContent;
/** The message shown with a field (Mantine links it by aria-describedby). */
const errorOf = (label: string) => {
  const input = screen.getByLabelText(label);
  expect(input.getAttribute('aria-invalid')).toBe('true');
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');
};

describe('writing the partial-credit types in the wizard', { timeout: 30_000 }, () => {
  it('multiple response: ticked options share full credit, or each gets its own', () => {
    renderStep('multiple-response', 'Which of these numbers are prime?');
    ['2', '3', '4', '9'].forEach((o, i) => type_(`Option ${i + 1}`, o));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Option 1 is correct' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Option 2 is correct' }));
    expect(screen.getByLabelText('Credit for option 1 (%)').getAttribute('placeholder')).toBe('50%');
    type_('Credit for option 4 (%)', '-50');
    add();
    expect(keyOf(1)).toBe('Answer key: 2 (50%); 3 (50%)');
    expect(screen.getByText('(-50% credit)')).toBeTruthy();
    expect(sent[0]).toMatchObject({ type: 'multiple-response', options: [{ text: '2', isCorrect: true }, { text: '3', isCorrect: true }, { text: '4', isCorrect: false }, { text: '9', isCorrect: false, fraction: -0.5 }] });
  });

  it('multiple response: says the credits must add up to 100%, under the options', () => {
    renderStep('multiple-response', 'Which of these numbers are prime?');
    ['2', '3'].forEach((o, i) => type_(`Option ${i + 1}`, o));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Option 1 is correct' }));
    type_('Credit for option 1 (%)', '60');
    add();
    expect(within(screen.getByRole('group', { name: 'Options' })).getByRole('alert').textContent).toBe(EXAM_MSG.creditsMustTotal);
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('numerical: tells a mistyped number at its field, then takes a value ± tolerance with a decimal comma and a range', () => {
    renderStep('numerical', 'What is $\\pi$ to two decimal places?');
    type_('Value of answer 1', 'pi');
    add();
    expect(errorOf('Value of answer 1')).toContain('Enter a number');

    type_('Value of answer 1', '3,14');
    type_('Tolerance of answer 1', '0,005');
    fireEvent.click(screen.getByRole('button', { name: 'Add Answer' }));
    fireEvent.change(screen.getByLabelText('Kind of answer 2'), { target: { value: 'range' } });
    type_('Lowest of answer 2', '3');
    type_('Highest of answer 2', '3.2');
    type_('Credit of answer 2 (%)', '50');
    add();
    expect(keyOf(1)).toBe('Answer key: 3.14 ± 0.005 / 3–3.2 (50%)');
    expect(sent[0]).toMatchObject({ numericAnswers: [{ value: 3.14, tolerance: 0.005, fraction: 1 }, { min: 3, max: 3.2, fraction: 0.5 }] });
  });

  it('short answer: accepted answers with credit and the case-sensitive switch', () => {
    renderStep('short-answer', 'Name the capital of France.');
    add();
    expect(within(screen.getByRole('group', { name: 'Accepted Answers' })).getByRole('alert').textContent).toBe(EXAM_MSG.shortAnswerRequired);
    type_('Accepted answer 1', 'Paris');
    fireEvent.click(screen.getByRole('button', { name: 'Add Answer' }));
    type_('Accepted answer 2', 'Lutetia');
    type_('Credit of answer 2 (%)', '50');
    fireEvent.click(screen.getByRole('switch', { name: 'Case sensitive' }));
    add();
    expect(keyOf(1)).toBe('Answer key: Paris / Lutetia (50%)(case sensitive)');
    expect(sent[0]).toMatchObject({ shortAnswers: [{ text: 'Paris', fraction: 1 }, { text: 'Lutetia', fraction: 0.5 }], caseSensitive: true });
  });

  it('matching: pairs and distractors; a half-written pair is told at its field', () => {
    renderStep('matching', 'Match each animal with its class.');
    type_('Stem 1', 'Cat');
    type_('Answer to stem 1', 'Mammal');
    type_('Stem 2', 'Eagle');
    add();
    expect(errorOf('Answer to stem 2')).toContain('Required');
    type_('Answer to stem 2', 'Bird');
    type_('Distractors', 'Fish\nReptile');
    add();
    expect(keyOf(1)).toBe('Answer key: Cat → Mammal; Eagle → Bird');
    expect(screen.getByText('Fish, Reptile')).toBeTruthy();
    expect(sent[0]).toMatchObject({ pairs: [{ stem: 'Cat', answer: 'Mammal' }, { stem: 'Eagle', answer: 'Bird' }], distractors: ['Fish', 'Reptile'] });
  });
});

const RUBRIC: Rubric = {
  criteria: [
    {
      id: 'c-arg',
      title: 'Argument',
      description: '',
      levels: [
        { id: 'l-weak', title: 'Weak', description: '', points: 0 },
        { id: 'l-strong', title: 'Strong', description: '', points: 3 },
      ],
    },
  ],
};
const rubricGroup = () => within(screen.getByRole('group', { name: 'Rubric' }));
const mismatch = () => screen.queryByTestId('rubric-points-mismatch');

afterEach(() => vi.restoreAllMocks());

describe('a rubric on an essay question', { timeout: 30_000 }, () => {
  it('sends the rubric written for an essay, its best level worth the question points', () => {
    renderStep('essay', 'Discuss the causes of the First World War.');
    type_('Points', '4');
    fireEvent.click(screen.getByRole('button', { name: 'Add a rubric' }));
    expect(screen.getByTestId('rubric-total').textContent).toBe('Rubric total: 4 points');
    expect(mismatch()).toBeNull();
    type_('Criterion 1 title', 'Argument');
    type_('Level 1 title', 'Weak');
    type_('Level 2 title', 'Strong');
    add();
    // The written question shows its rubric with its key.
    expect(within(screen.getByRole('article', { name: 'Question 1' })).getByTestId('rubric-summary').textContent).toBe('Rubric: Argument (4) · 4 points in all');
    expect(sent[0]).toMatchObject({
      type: 'essay',
      points: 4,
      rubric: { criteria: [{ title: 'Argument', levels: [{ title: 'Weak', points: 0 }, { title: 'Strong', points: 4 }] }] },
    });
  });

  it('sends no rubric for another type, even one written before the type changed', () => {
    renderStep('essay', 'Name the capital of France.');
    fireEvent.click(screen.getByRole('button', { name: 'Add a rubric' }));
    fireEvent.change(screen.getByLabelText('Question Type'), { target: { value: 'fill-blank' } });
    expect(screen.queryByTestId('rubric-editor')).toBeNull();
    type_('Accepted Answers', 'Paris');
    add();
    expect(sent[0]).toMatchObject({ type: 'fill-blank', rubric: null });
  });

  it('says when the rubric and the points differ, and sets the points on request', () => {
    renderStep('essay', 'Discuss the causes of the First World War.');
    type_('Points', '5');
    fireEvent.click(screen.getByRole('button', { name: 'Add a rubric' }));
    fireEvent.click(screen.getByTestId('rubric-add-criterion'));
    expect(mismatch()?.textContent).toContain('The rubric’s best levels add up to 6; the question is worth 5 points');
    // Adding it anyway is refused: the server would refuse it too.
    type_('Criterion 1 title', 'Argument');
    type_('Criterion 2 title', 'Style');
    ['Level 1 title', 'Level 2 title'].forEach((label) => {
      for (const input of screen.getAllByLabelText(label)) fireEvent.change(input, { target: { value: 'Some' } });
    });
    add();
    expect(screen.queryByRole('article')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Set points to 6' }));
    expect(screen.getByLabelText<HTMLInputElement>('Points').value).toBe('6');
    expect(mismatch()).toBeNull();
    add();
    expect(sent[0]).toMatchObject({ points: 6, rubric: { criteria: [{ title: 'Argument' }, { title: 'Style' }] } });
  });

  it('asks for other levels when they add up to no whole number of points', () => {
    renderStep('essay', 'Discuss the causes of the First World War.');
    fireEvent.click(screen.getByRole('button', { name: 'Add a rubric' }));
    type_('Level 2 points', '2.5');
    expect(mismatch()?.textContent).toContain('add up to 2.5; the question is worth 1 point A question is worth whole points: change the levels.');
    expect(screen.queryByRole('button', { name: /Set points/ })).toBeNull();
  });

  it('tells a rubric mistake at its field, in the catalogue words', () => {
    renderStep('essay', 'Discuss the causes of the First World War.');
    fireEvent.click(screen.getByRole('button', { name: 'Add a rubric' }));
    add();
    expect(errorOf('Criterion 1 title')).toContain(MARKING_MSG.criterionTitleRequired);
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('removes the rubric', () => {
    renderStep('essay', 'Discuss the causes of the First World War.');
    fireEvent.click(screen.getByRole('button', { name: 'Add a rubric' }));
    fireEvent.click(rubricGroup().getByRole('button', { name: 'Remove rubric' }));
    expect(screen.queryByTestId('rubric-editor')).toBeNull();
    add();
    expect(sent[0]).toMatchObject({ type: 'essay', rubric: null });
  });

  it('copies a saved rubric in, and keeps one in the library', async () => {
    const saved: RubricTemplate = { id: 'r1', title: 'Essay basics', rubric: RUBRIC, maxPoints: 3, createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z' };
    const api = mockApi(buildUser({ role: 'teacher' }), [
      ['GET', '/rubrics', () => ({ body: { success: true, data: { rubrics: [saved] } } })],
      ['POST', '/rubrics', ({ body }) => ({ status: 201, body: { success: true, data: { rubric: { ...saved, id: 'r2', ...(body as object) } } } })],
    ]);
    renderStep('essay', 'Discuss the causes of the First World War.', { withServer: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Use a saved rubric' }));
    const picker = await screen.findByRole('dialog', { name: 'Use a saved rubric' });
    fireEvent.change(await within(picker).findByLabelText('Saved rubric'), { target: { value: 'r1' } });
    fireEvent.click(within(picker).getByRole('button', { name: 'Use this rubric' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByLabelText<HTMLInputElement>('Criterion 1 title').value).toBe('Argument');
    expect(screen.getByLabelText<HTMLInputElement>('Level 2 title').value).toBe('Strong');
    // The question is worth 1 point, the rubric 3.
    expect(screen.getByRole('button', { name: 'Set points to 3' })).toBeTruthy();

    fireEvent.click(rubricGroup().getByRole('button', { name: 'Save to my rubrics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save to my rubrics' });
    fireEvent.change(within(dialog).getByLabelText('Rubric title'), { target: { value: 'War essays' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rubric' }));
    await waitFor(() => expect(api.callsTo('POST', '/rubrics')).toHaveLength(1));
    expect(api.callsTo('POST', '/rubrics')[0]!.body).toMatchObject({ title: 'War essays', rubric: { criteria: [{ id: 'c-arg', title: 'Argument' }] } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the rubric of a question being edited', () => {
    const question = { ...QUESTION_EXTRAS, type: 'essay' as const, text: 'Discuss.', points: 3, options: [], correctAnswer: '', acceptedAnswers: [], sampleAnswer: '', explanation: '', topic: '', difficulty: 'medium' as const, rubric: RUBRIC };
    render(
      <MantineProvider env="test">
        <QuestionEditor draft={questionToDraft(question)} errors={{}} editingIndex={0} onChange={() => undefined} onSubmit={() => undefined} onCancel={() => undefined} />
      </MantineProvider>,
    );
    expect(screen.getByLabelText<HTMLInputElement>('Criterion 1 title').value).toBe('Argument');
    expect(screen.getByTestId('rubric-total').textContent).toBe('Rubric total: 3 points');
    expect(mismatch()).toBeNull();
  });
});
