import { violationLimits, type QuestionType } from '@exam/shared';
import { i18n } from '../../i18n';
import { enumLabel, formatNumber } from '../../i18n/format';
import type { ExamFormValues } from './form/examForm';

const text = (key: string, values?: Record<string, unknown>) => i18n.t(`exams:${key}`, values);

/**
 * How the question types read on screen, in the reader's language (read when shown). Other
 * screens index it by type; new code can call enumLabel('questionTypes', type) directly.
 */
export const QUESTION_TYPE_LABELS: Readonly<Record<QuestionType, string>> = {
  get 'multiple-choice'() { return enumLabel('questionTypes', 'multiple-choice'); },
  get 'true-false'() { return enumLabel('questionTypes', 'true-false'); },
  get essay() { return enumLabel('questionTypes', 'essay'); },
  get 'fill-blank'() { return enumLabel('questionTypes', 'fill-blank'); },
  get 'multiple-response'() { return enumLabel('questionTypes', 'multiple-response'); },
  get 'short-answer'() { return enumLabel('questionTypes', 'short-answer'); },
  get numerical() { return enumLabel('questionTypes', 'numerical'); },
  get matching() { return enumLabel('questionTypes', 'matching'); },
};

/** '1 point', '12 points' (the number in the reader's notation). */
export const pointsLabel = (points: number) => text('points', { count: points, points: formatNumber(points) });

/** The settings shown as checkboxes and in the read-only summaries, in their order. */
export const SETTING_KEYS = ['randomizeQuestions', 'randomizeOptions', 'allowReview', 'showResultsImmediately', 'showCorrectAnswers', 'allowMultipleAttempts'] as const;
export const PROCTORING_KEYS = ['preventTabSwitching', 'requireFullscreen', 'disableRightClick', 'preventCopyPaste', 'enableCamera', 'enableMicrophone'] as const;

export const settingLabel = (key: (typeof SETTING_KEYS)[number]) => text(`settings.${key}`);
export const proctoringLabel = (key: (typeof PROCTORING_KEYS)[number]) => text(`proctoring.${key}`);

/** How many of each the exam lets pass; the next one submits the attempt (read when shown). */
export const ALLOWANCE_LABELS = {
  get tabSwitchesAllowed() { return text('proctoring.tabSwitchesAllowed'); },
  get fullscreenExitsAllowed() { return text('proctoring.fullscreenExitsAllowed'); },
};

/** Settings as label/value lines for the review step and the exam details screen. */
type Allowance = number | string | undefined;
export type SummarySettings = Omit<ExamFormValues['settings'], 'proctoring'> & {
  proctoring: Omit<ExamFormValues['settings']['proctoring'], keyof typeof ALLOWANCE_LABELS> & { tabSwitchesAllowed?: Allowance; fullscreenExitsAllowed?: Allowance };
};
const allowance = (v: Allowance) => (v === undefined || v === '' ? undefined : Number(v));

export function settingsSummary(settings: SummarySettings): { label: string; value: string }[] {
  const yesNo = (b: boolean) => i18n.t(b ? 'common:actions.yes' : 'common:actions.no');
  const lines: { label: string; value: string }[] = SETTING_KEYS.map((key) => ({ label: settingLabel(key), value: yesNo(settings[key]) }));
  if (settings.allowMultipleAttempts) lines.push({ label: text('settings.maxAttempts'), value: formatNumber(Number(settings.maxAttempts)) });
  lines.push({ label: i18n.t('integrity:examSetting.summary'), value: yesNo(!!settings.resultsWaitForReview) });
  lines.push({ label: i18n.t('seb:form.summary'), value: yesNo(!!settings.requireSeb) });
  lines.push({ label: i18n.t('grading:examSetting.summary'), value: yesNo(!!settings.anonymousMarking) });
  const on = PROCTORING_KEYS.filter((k) => settings.proctoring[k]);
  lines.push({
    label: text('proctoring.title'),
    value: settings.proctoring.enabled ? (on.length ? on.map(proctoringLabel).join(', ') : text('proctoring.enabled')) : text('proctoring.off'),
  });
  if (settings.proctoring.enabled) {
    const limits = violationLimits({ tabSwitchesAllowed: allowance(settings.proctoring.tabSwitchesAllowed), fullscreenExitsAllowed: allowance(settings.proctoring.fullscreenExitsAllowed) });
    if (settings.proctoring.preventTabSwitching) lines.push({ label: ALLOWANCE_LABELS.tabSwitchesAllowed, value: formatNumber(limits.tabSwitches) });
    if (settings.proctoring.requireFullscreen) lines.push({ label: ALLOWANCE_LABELS.fullscreenExitsAllowed, value: formatNumber(limits.fullscreenExits) });
    const p = settings.proctoring;
    const checks = [
      p.faceChecks?.enabled && text('proctoring.profile.faceChecks'),
      p.voiceCheck?.enabled && text('proctoring.profile.voiceCheck'),
      p.screenShare?.required && text('proctoring.profile.screenShare'),
      p.secondMonitorCheck && text('proctoring.profile.secondMonitor'),
      p.evidencePictures && text('proctoring.profile.evidencePictures'),
    ].filter((c): c is string => !!c);
    if (checks.length) lines.push({ label: text('proctoring.profile.summary'), value: checks.join(', ') });
  }
  return lines;
}
