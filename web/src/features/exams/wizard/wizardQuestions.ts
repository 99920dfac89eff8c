import type { Question } from '@exam/shared';
import type { FormErrors } from '@mantine/form';
import type { ViewableQuestion } from '../components/QuestionView';
import { draftPreview, emptyDraft, validateDraft, type QuestionDraft } from './questionDraft';

/**
 * The wizard's questions: new ones written here (sent as `questions`) and bank questions reused
 * (sent as `questionIds`). The server links new questions first, then bank ones, and the list
 * shows them in that order. `serverErrors` are the failed POST's `questions.N` errors.
 */
export interface WizardQuestionsState {
  drafts: QuestionDraft[];
  bank: Question[];
  editor: { index: number | null; draft: QuestionDraft; errors: FormErrors };
  serverErrors: Record<number, FormErrors>;
}

export type WizardQuestionsAction =
  | { type: 'editor.change'; draft: QuestionDraft }
  | { type: 'editor.submit'; subject: string }
  | { type: 'editor.edit'; index: number }
  | { type: 'editor.cancel' }
  | { type: 'draft.remove'; index: number }
  | { type: 'bank.add'; questions: Question[] }
  | { type: 'bank.remove'; id: string }
  | { type: 'server.errors'; errors: Record<number, FormErrors> };

const freshEditor = () => ({ index: null, draft: emptyDraft(), errors: {} });

export const initialWizardQuestions = (): WizardQuestionsState => ({ drafts: [], bank: [], editor: freshEditor(), serverErrors: {} });

export function wizardQuestionsReducer(state: WizardQuestionsState, action: WizardQuestionsAction): WizardQuestionsState {
  switch (action.type) {
    case 'editor.change':
      return { ...state, editor: { ...state.editor, draft: action.draft } };
    case 'editor.submit': {
      const errors = validateDraft(state.editor.draft, action.subject);
      if (Object.keys(errors).length) return { ...state, editor: { ...state.editor, errors } };
      const { index, draft } = state.editor;
      if (index === null) return { ...state, drafts: [...state.drafts, draft], editor: freshEditor() };
      const { [index]: _fixed, ...serverErrors } = state.serverErrors;
      return { ...state, drafts: state.drafts.map((d, i) => (i === index ? draft : d)), editor: freshEditor(), serverErrors };
    }
    case 'editor.edit':
      return { ...state, editor: { index: action.index, draft: state.drafts[action.index]!, errors: state.serverErrors[action.index] ?? {} } };
    case 'editor.cancel':
      return { ...state, editor: freshEditor() };
    case 'draft.remove': {
      const editing = state.editor.index;
      let editor = state.editor;
      if (editing === action.index) editor = freshEditor();
      else if (editing !== null && editing > action.index) editor = { ...editor, index: editing - 1 };
      // Positions shift, so the server's per-position errors no longer point at the right ones.
      return { ...state, drafts: state.drafts.filter((_, i) => i !== action.index), editor, serverErrors: {} };
    }
    case 'bank.add': {
      const have = new Set(state.bank.map((q) => q._id));
      return { ...state, bank: [...state.bank, ...action.questions.filter((q) => !have.has(q._id))] };
    }
    case 'bank.remove':
      return { ...state, bank: state.bank.filter((q) => q._id !== action.id) };
    case 'server.errors':
      return { ...state, serverErrors: action.errors };
  }
}

export const questionCount = (state: WizardQuestionsState) => state.drafts.length + state.bank.length;

/** A question half-written in the editor would be lost by moving on. */
export const editorInUse = (state: WizardQuestionsState) => state.editor.index !== null || state.editor.draft.text.trim() !== '';

/** A draft as the lists show it: normalised by the shared schema when valid, as typed otherwise. */
export function viewOfDraft(draft: QuestionDraft, subject: string): ViewableQuestion {
  const normalised = draftPreview(draft, subject);
  if (normalised) return normalised;
  return { text: draft.text, type: draft.type, points: Number(draft.points) || 0, difficulty: draft.difficulty, topic: draft.topic };
}

export function totalPoints(state: WizardQuestionsState, subject: string): number {
  const written = state.drafts.reduce((sum, d) => sum + viewOfDraft(d, subject).points, 0);
  return written + state.bank.reduce((sum, q) => sum + q.points, 0);
}
