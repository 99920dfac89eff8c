import type { Submission } from '@exam/shared';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPercent } from '../../../i18n/format';

interface Bar {
  /** Names the bar in tests: 'correct', 'partially-correct', … */
  id: string;
  label: string;
  count: number;
  color: string;
}

/**
 * Correct, partially correct, incorrect and skipped (and pending, while there are any) as labelled
 * bars with counts: an answer given some of its marks has its own bar, never counted as wrong.
 */
export function PerformanceBars({ submission }: { submission: Submission }) {
  const { t } = useTranslation('results');
  const total = Math.max(1, submission.totalQuestions);
  const bars: Bar[] = [
    { id: 'correct', label: t('bars.correct'), count: submission.correctAnswers ?? 0, color: 'green' },
    { id: 'partially-correct', label: t('bars.partial'), count: submission.partialAnswers ?? 0, color: 'orange' },
    { id: 'incorrect', label: t('bars.incorrect'), count: submission.incorrectAnswers ?? 0, color: 'red' },
    { id: 'skipped', label: t('bars.skipped'), count: submission.skippedAnswers ?? 0, color: 'gray' },
  ];
  const pending = submission.pendingAnswers ?? 0;
  if (pending > 0) bars.push({ id: 'pending-review', label: t('bars.pending'), count: pending, color: 'yellow' });
  return (
    <Stack gap="sm">
      {bars.map((bar) => {
        const share = Math.round((bar.count / total) * 100);
        const figures = { count: formatNumber(bar.count), total: formatNumber(submission.totalQuestions), percent: formatPercent(share) };
        const text = t('bars.label', { label: bar.label, ...figures });
        return (
          <div key={bar.id}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={500}>
                {bar.label}
              </Text>
              <Text size="sm" data-testid={`bar-${bar.id}`}>
                {t('bars.count', figures)}
              </Text>
            </Group>
            <Progress value={share} color={bar.color} aria-label={text} size="lg" />
          </div>
        );
      })}
    </Stack>
  );
}
