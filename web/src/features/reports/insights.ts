import { i18n } from '../../i18n';

const t = (key: string, values?: Record<string, unknown>) => i18n.t(`reports:${key}`, values);

/**
 * The report's recommendations: one line by the average's tier (90 or more,
 * 70–89, 50–69, under 50), and extra lines when the pass rate is at least 80 or below 70 together
 * with an average of at least 85 or below 70.
 */
export function recommendations(averageScore: number, passRate: number): string[] {
  const lines: string[] = [];
  if (averageScore >= 90) lines.push(t('insights.excellent'));
  else if (averageScore >= 70) lines.push(t('insights.good'));
  else if (averageScore >= 50) lines.push(t('insights.mixed'));
  else lines.push(t('insights.support'));
  if (passRate >= 80 && averageScore >= 85) lines.push(t('insights.strong'));
  if (passRate < 70 && averageScore < 70) lines.push(t('insights.notPassed'));
  return lines;
}

/** An improvement in percentage points with its sign: "+12 points", "−5 points", "No change". */
export function improvementText(points: number): string {
  if (points === 0) return t('subject.noChange');
  return t(points > 0 ? 'subject.up' : 'subject.down', { count: Math.abs(points) });
}

export const notEnoughResultsText = () => t('subject.notEnough');
