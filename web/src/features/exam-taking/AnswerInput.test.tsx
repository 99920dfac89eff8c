import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnswerInput } from './AnswerInput';
import type { TakingQuestion } from './types';
import { DRAFT_DEBOUNCE_MS } from './useDraft';

const question = (over: Partial<TakingQuestion>): TakingQuestion => ({ _id: 'q1', text: 'Question', type: 'multiple-choice', points: 1, options: [], image: null, ...over });

/** The control as the exam screen holds it: the answer it shows is the last one it sent. */
function Harness({ q, initial = null, onAnswer }: { q: TakingQuestion; initial?: string | null; onAnswer: (a: string | null) => void }) {
  const [answer, setAnswer] = useState<string | null>(initial);
  const flushRef = useRef<(() => void) | null>(null);
  return (
    <AnswerInput
      question={q}
      number={3}
      answer={answer}
      disabled={false}
      flushRef={flushRef}
      onAnswer={(a) => {
        setAnswer(a);
        onAnswer(a);
      }}
    />
  );
}

function renderAnswer(q: TakingQuestion, initial: string | null = null) {
  const onAnswer = vi.fn();
  render(
    <MantineProvider env="test">
      <Harness q={q} initial={initial} onAnswer={onAnswer} />
    </MantineProvider>,
  );
  return onAnswer;
}

/** Space on a focused checkbox or radio is a click; a focused native control is reachable by Tab. */
const reachable = (el: HTMLElement) => expect(el.tabIndex).toBeGreaterThanOrEqual(0);

describe('answer controls of the partial-credit types', () => {
  it('multiple response: a named group of checkboxes, saved as the chosen texts in the options’ order', () => {
    const onAnswer = renderAnswer(question({ type: 'multiple-response', options: ['Two', 'Three', 'Four', 'Five'] }));
    const group = screen.getByRole('group', { name: 'Your answer to question 3' });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes).toHaveLength(4);
    boxes.forEach(reachable);

    fireEvent.click(within(group).getByRole('checkbox', { name: 'Five' }));
    expect(onAnswer).toHaveBeenLastCalledWith('["Five"]');
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Two' }));
    expect(onAnswer).toHaveBeenLastCalledWith('["Two","Five"]');
    expect((within(group).getByRole('checkbox', { name: 'Two' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(within(group).getByRole('checkbox', { name: 'Two' }));
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Five' }));
    expect(onAnswer).toHaveBeenLastCalledWith(null);
  });

  it('multiple response: shows a saved answer ticked and can clear it', () => {
    const onAnswer = renderAnswer(question({ type: 'multiple-response', options: ['Two', 'Three', 'Four'] }), '["Three"]');
    expect((screen.getByRole('checkbox', { name: 'Three' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Clear answer' }));
    expect(onAnswer).toHaveBeenLastCalledWith(null);
  });

  it('matching: one labelled list per stem offering every answer after “Choose…”, saved as stem → answer', () => {
    const onAnswer = renderAnswer(question({ type: 'matching', stems: ['Cat', 'Eagle'], options: ['Bird', 'Fish', 'Mammal'] }));
    const group = screen.getByRole('group', { name: 'Your answer to question 3' });
    const cat = within(group).getByRole('combobox', { name: 'Cat' }) as HTMLSelectElement;
    reachable(cat);
    expect([...cat.options].map((o) => o.text)).toEqual(['Choose…', 'Bird', 'Fish', 'Mammal']);
    expect(cat.value).toBe('');

    fireEvent.change(cat, { target: { value: 'Mammal' } });
    expect(onAnswer).toHaveBeenLastCalledWith('{"Cat":"Mammal"}');
    fireEvent.change(within(group).getByRole('combobox', { name: 'Eagle' }), { target: { value: 'Bird' } });
    expect(onAnswer).toHaveBeenLastCalledWith('{"Cat":"Mammal","Eagle":"Bird"}');

    // Going back to "Choose…" takes the stem out; with none left there is no answer.
    fireEvent.change(cat, { target: { value: '' } });
    expect(onAnswer).toHaveBeenLastCalledWith('{"Eagle":"Bird"}');
    fireEvent.change(within(group).getByRole('combobox', { name: 'Eagle' }), { target: { value: '' } });
    expect(onAnswer).toHaveBeenLastCalledWith(null);
  });

  describe('typed answers', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('numerical: a decimal keypad field, saved as typed (comma kept) after a pause', () => {
      const onAnswer = renderAnswer(question({ type: 'numerical' }));
      const input = screen.getByRole('textbox', { name: 'Your answer to question 3' });
      expect(input.getAttribute('inputmode')).toBe('decimal');
      fireEvent.change(input, { target: { value: '3,14' } });
      expect(onAnswer).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS));
      expect(onAnswer).toHaveBeenLastCalledWith('3,14');
      expect(screen.queryByText('This is not a number yet.')).toBeNull();
    });

    it('numerical: says when what was saved does not read as a number', () => {
      renderAnswer(question({ type: 'numerical' }));
      const input = screen.getByRole('textbox', { name: 'Your answer to question 3' });
      fireEvent.change(input, { target: { value: 'three' } });
      act(() => vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS));
      expect(screen.getByText('This is not a number yet.')).toBeTruthy();
    });

    it('short answer: a text field saved on leaving it', () => {
      const onAnswer = renderAnswer(question({ type: 'short-answer' }));
      const input = screen.getByRole('textbox', { name: 'Your answer to question 3' });
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value: 'Paris' } });
      fireEvent.blur(input);
      expect(onAnswer).toHaveBeenCalledExactlyOnceWith('Paris');
    });
  });
});
