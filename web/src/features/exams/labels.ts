import { violationLimits, type Difficulty, type QuestionType } from '@exam/shared';
import type { ExamFormValues } from './form/examForm';

/** How the domain's values read on screen. */
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  'multiple-choice': 'Multiple Choice',
  'true-false': 'True/False',
  essay: 'Essay',
  'fill-blank': 'Fill in the Blank',
};

export const DIFFICULTY_LABELS: Record<Difficulty, string> = { easy: 'Easy', medium: 'Medium', hard: 'Hard' };

export const pointsLabel = (points: number) => `${points} ${points === 1 ? 'point' : 'points'}`;

/** The settings' names, shared by the forms' checkboxes and the read-only summaries. */
export const SETTING_LABELS = {
  randomizeQuestions: 'Randomize question order',
  randomizeOptions: 'Randomize option order',
  allowReview: 'Allow review before submitting',
  showResultsImmediately: 'Show results immediately',
  showCorrectAnswers: 'Show correct answers in results',
  allowMultipleAttempts: 'Allow multiple attempts',
} as const;

export const PROCTORING_LABELS = {
  preventTabSwitching: 'Prevent tab switching',
  requireFullscreen: 'Require fullscreen',
  disableRightClick: 'Disable right-click',
  preventCopyPaste: 'Prevent copy and paste',
  enableCamera: 'Enable camera',
  enableMicrophone: 'Enable microphone',
} as const;

/** How many of each the exam lets pass; the next one submits the attempt. */
export const ALLOWANCE_LABELS = {
  tabSwitchesAllowed: 'Tab switches allowed before auto-submit',
  fullscreenExitsAllowed: 'Fullscreen exits allowed before auto-submit',
} as const;

/** Settings as label/value lines for the review step and the exam details screen. */
type Allowance = number | string | undefined;
export type SummarySettings = Omit<ExamFormValues['settings'], 'proctoring'> & {
  proctoring: Omit<ExamFormValues['settings']['proctoring'], keyof typeof ALLOWANCE_LABELS> & { tabSwitchesAllowed?: Allowance; fullscreenExitsAllowed?: Allowance };
};
const allowance = (v: Allowance) => (v === undefined || v === '' ? undefined : Number(v));

export function settingsSummary(settings: SummarySettings): { label: string; value: string }[] {
  const yesNo = (b: boolean) => (b ? 'Yes' : 'No');
  const lines: { label: string; value: string }[] = (Object.keys(SETTING_LABELS) as (keyof typeof SETTING_LABELS)[]).map((key) => ({
    label: SETTING_LABELS[key],
    value: yesNo(settings[key]),
  }));
  if (settings.allowMultipleAttempts) lines.push({ label: 'Max Attempts', value: String(settings.maxAttempts) });
  const on = (Object.keys(PROCTORING_LABELS) as (keyof typeof PROCTORING_LABELS)[]).filter((k) => settings.proctoring[k]);
  lines.push({
    label: 'Proctoring',
    value: settings.proctoring.enabled ? (on.length ? on.map((k) => PROCTORING_LABELS[k]).join(', ') : 'Enabled') : 'Off',
  });
  if (settings.proctoring.enabled) {
    const limits = violationLimits({ tabSwitchesAllowed: allowance(settings.proctoring.tabSwitchesAllowed), fullscreenExitsAllowed: allowance(settings.proctoring.fullscreenExitsAllowed) });
    if (settings.proctoring.preventTabSwitching) lines.push({ label: ALLOWANCE_LABELS.tabSwitchesAllowed, value: String(limits.tabSwitches) });
    if (settings.proctoring.requireFullscreen) lines.push({ label: ALLOWANCE_LABELS.fullscreenExitsAllowed, value: String(limits.fullscreenExits) });
  }
  return lines;
}
