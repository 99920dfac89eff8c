import { EXAM_MSG } from '@exam/shared';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useEffect, useReducer } from 'react';
import { describe, expect, it } from 'vitest';
import { QuestionView } from '../components/QuestionView';
import { QuestionEditor } from './QuestionEditor';
import { draftToInput } from './questionDraft';
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

function renderStep(type: string, text: string) {
  sent = [];
  render(
    <MantineProvider env="test">
      <Step
        onDrafts={(d) => {
          sent = d;
        }}
      />
    </MantineProvider>,
  );
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
