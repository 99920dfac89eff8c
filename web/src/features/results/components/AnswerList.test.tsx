import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAnswer } from '../test/buildSubmission';
import { AnswerList } from './AnswerList';

const multipleResponse = buildAnswer({
  index: 1,
  questionId: 'q-mr',
  question: 'Which numbers are prime?',
  text: 'Which numbers are prime?',
  type: 'multiple-response',
  options: ['2', '3', '4', '9'],
  userAnswer: '["2","4"]',
  marks: 2.5,
  points: 5,
  isCorrect: false,
  partiallyCorrect: true,
  status: 'partial',
  correctAnswer: '2 (50%); 3 (50%)',
});

const matching = buildAnswer({
  index: 2,
  questionId: 'q-m',
  question: 'Match each animal with its class.',
  text: 'Match each animal with its class.',
  type: 'matching',
  options: ['Bird', 'Fish', 'Mammal'],
  stems: ['Cat', 'Eagle'],
  userAnswer: '{"Cat":"Mammal","Eagle":"Fish"}',
  marks: 1,
  points: 2,
  isCorrect: false,
  partiallyCorrect: true,
  status: 'partial',
  correctAnswer: 'Cat → Mammal; Eagle → Bird',
});

const numerical = buildAnswer({ index: 3, questionId: 'q-n', question: 'What is π to two places?', type: 'numerical', options: [], userAnswer: '3,14', correctAnswer: '3.14 ± 0.005' });

function renderList(showKeys: boolean) {
  render(
    <MantineProvider env="test">
      <AnswerList answers={[multipleResponse, matching, numerical]} showKeys={showKeys} answerLabel="Your answer" />
    </MantineProvider>,
  );
}

const card = (number: number) => within(screen.getByRole('article', { name: `Question ${number}` }));

describe('the answer list with the partial-credit types', () => {
  it('spells out chosen options and matched pairs, with the partial marks', () => {
    renderList(false);
    expect(card(1).getByText('2; 4')).toBeTruthy();
    expect(card(1).getByTestId('answer-status').textContent).toBe('Partially correct · 2.5 / 5');
    expect(card(1).getByText('Marks: 2.5 / 5')).toBeTruthy();
    expect(card(2).getByText('Cat → Mammal; Eagle → Fish')).toBeTruthy();
    expect(card(2).getByTestId('answer-status').textContent).toBe('Partially correct · 1 / 2');
    expect(card(3).getByText('3,14')).toBeTruthy();
    expect(screen.queryByText(/\["2"/)).toBeNull();
    expect(screen.queryByTestId('correct-answer')).toBeNull();
  });

  it('shows the key as the server words it, credits included', () => {
    renderList(true);
    expect(card(1).getByTestId('correct-answer').textContent).toBe('Correct answer: 2 (50%); 3 (50%)');
    expect(card(2).getByTestId('correct-answer').textContent).toBe('Correct answer: Cat → Mammal; Eagle → Bird');
    expect(card(3).getByTestId('correct-answer').textContent).toBe('Correct answer: 3.14 ± 0.005');
  });
});

const essay = buildAnswer({
  index: 4,
  questionId: 'q-e',
  question: 'Discuss the causes of the First World War.',
  text: 'Discuss the causes of the First World War.',
  type: 'essay',
  options: [],
  userAnswer: 'Alliances and nationalism.',
  marks: 3.5,
  points: 5,
  isCorrect: false,
  partiallyCorrect: true,
  status: 'partial',
  correctAnswer: null,
  rubricAssessment: {
    rubric: {
      criteria: [
        {
          id: 'c-arg',
          title: 'Argument',
          description: 'Claims supported by evidence',
          levels: [
            { id: 'a0', title: 'Weak', description: '', points: 0 },
            { id: 'a1', title: 'Fair', description: '', points: 1.5 },
            { id: 'a2', title: 'Strong', description: '', points: 3 },
          ],
        },
        {
          id: 'c-style',
          title: 'Style',
          description: '',
          levels: [
            { id: 's0', title: 'Unclear', description: '', points: 0 },
            { id: 's1', title: 'Clear', description: '', points: 2 },
          ],
        },
      ],
    },
    chosen: { 'c-arg': 'a1', 'c-style': 's1' },
  },
});

describe('an answer marked with a rubric', () => {
  it('shows every criterion with all its levels, the chosen one marked for eyes and screen readers, and the total', () => {
    render(
      <MantineProvider env="test">
        <AnswerList answers={[essay, numerical]} showKeys={false} answerLabel="Your answer" />
      </MantineProvider>,
    );
    const table = card(4).getByTestId('rubric-table');
    const argument = within(table).getByRole('row', { name: /Argument/ });
    const levels = within(argument).getAllByRole('listitem');
    expect(levels.map((l) => l.textContent)).toEqual(['Weak (0)', 'ChosenFair (1.5)', 'Strong (3)']);
    expect(levels.map((l) => l.getAttribute('aria-current'))).toEqual([null, 'true', null]);
    expect(argument.textContent).toContain('Claims supported by evidence');
    expect(argument.textContent).toContain('1.5 / 3');
    const style = within(table).getByRole('row', { name: /Style/ });
    expect(within(style).getByText('Clear (2)').closest('li')?.getAttribute('aria-current')).toBe('true');
    expect(within(table).getByTestId('rubric-table-total').textContent).toBe('3.5 / 5');
    // An answer marked without a rubric shows none.
    expect(card(3).queryByTestId('rubric-table')).toBeNull();
  });
});
