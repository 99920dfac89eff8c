import { EXAM_MSG } from '@exam/shared';
import { describe, expect, it } from 'vitest';
import { emptyDraft } from './questionDraft';
import { editorInUse, initialWizardQuestions, questionCount, wizardQuestionsReducer as reduce, type WizardQuestionsState } from './wizardQuestions';

const write = (state: WizardQuestionsState, text: string) => {
  const draft = { ...emptyDraft('essay'), text };
  return reduce(reduce(state, { type: 'editor.change', draft }), { type: 'editor.submit', subject: 'history' });
};

describe('the wizard questions', () => {
  it('adds a question only when it passes the rules, then clears the editor', () => {
    const refused = write(initialWizardQuestions(), 'Too short');
    expect(refused.drafts).toHaveLength(0);
    expect(refused.editor.errors).toEqual({ text: EXAM_MSG.questionTextTooShort });
    expect(editorInUse(refused)).toBe(true);

    const added = write(refused, 'Describe the causes of the First World War.');
    expect(added.drafts.map((d) => d.text)).toEqual(['Describe the causes of the First World War.']);
    expect(editorInUse(added)).toBe(false);
  });

  it('edits a question in place and forgets the server error it fixed', () => {
    let state = write(write(initialWizardQuestions(), 'First question text here.'), 'Second question text here.');
    state = reduce(state, { type: 'server.errors', errors: { 1: { text: 'bad' } } });
    state = reduce(state, { type: 'editor.edit', index: 1 });
    expect(state.editor.errors).toEqual({ text: 'bad' });
    state = write(state, 'Second question, now better.');
    expect(state.drafts.map((d) => d.text)).toEqual(['First question text here.', 'Second question, now better.']);
    expect(state.serverErrors).toEqual({});
  });

  it('keeps the edited question when an earlier one is removed', () => {
    let state = write(write(initialWizardQuestions(), 'First question text here.'), 'Second question text here.');
    state = reduce(state, { type: 'editor.edit', index: 1 });
    state = reduce(state, { type: 'draft.remove', index: 0 });
    expect(state.editor.index).toBe(0);
    expect(state.drafts.map((d) => d.text)).toEqual(['Second question text here.']);
  });

  it('counts bank questions once each', () => {
    const q = { _id: 'q1', points: 2 } as never;
    const state = reduce(reduce(initialWizardQuestions(), { type: 'bank.add', questions: [q] }), { type: 'bank.add', questions: [q] });
    expect(questionCount(state)).toBe(1);
    expect(questionCount(reduce(state, { type: 'bank.remove', id: 'q1' }))).toBe(0);
  });
});
