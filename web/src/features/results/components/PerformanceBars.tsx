import { Group, Progress, Stack, Text } from '@mantine/core';
import type { Submission } from '../types';

interface Bar {
  label: string;
  count: number;
  color: string;
}

/**
 * Correct, partially correct, incorrect and skipped (and pending, while there are any) as labelled
 * bars with counts: an answer given some of its marks has its own bar, never counted as wrong.
 */
export function PerformanceBars({ submission }: { submission: Submission }) {
  const total = Math.max(1, submission.totalQuestions);
  const bars: Bar[] = [
    { label: 'Correct', count: submission.correctAnswers ?? 0, color: 'green' },
    { label: 'Partially correct', count: submission.partialAnswers ?? 0, color: 'orange' },
    { label: 'Incorrect', count: submission.incorrectAnswers ?? 0, color: 'red' },
    { label: 'Skipped', count: submission.skippedAnswers ?? 0, color: 'gray' },
  ];
  if (submission.pendingAnswers > 0) bars.push({ label: 'Pending review', count: submission.pendingAnswers, color: 'yellow' });
  return (
    <Stack gap="sm">
      {bars.map((bar) => {
        const share = Math.round((bar.count / total) * 100);
        const text = `${bar.label}: ${bar.count} of ${submission.totalQuestions} (${share}%)`;
        return (
          <div key={bar.label}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={500}>
                {bar.label}
              </Text>
              <Text size="sm" data-testid={`bar-${bar.label.toLowerCase().replace(/\s+/g, '-')}`}>
                {bar.count} of {submission.totalQuestions} ({share}%)
              </Text>
            </Group>
            <Progress value={share} color={bar.color} aria-label={text} size="lg" />
          </div>
        );
      })}
    </Stack>
  );
}
