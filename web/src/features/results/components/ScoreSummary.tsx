import { resultMessage } from '@exam/shared';
import { Alert, Badge, Group, Paper, RingProgress, Stack, Text } from '@mantine/core';
import { DISPLAY_STATUS_COLOR, scoreColor } from '../labels';
import type { Submission } from '../types';
import { useGradeOf } from '../../platform/useGradeOf';

/**
 * The score circle, points fraction and message of the result screen. While essays wait for a
 * teacher the figures are provisional and say so, and no grade or final message is shown.
 */
export function ScoreSummary({ submission }: { submission: Submission }) {
  const pct = submission.percentage ?? 0;
  const final = submission.isGraded;
  const letter = useGradeOf()(final ? submission.percentage : null);
  return (
    <Paper withBorder p="lg" radius="md">
      <Group gap="xl" align="center" wrap="wrap">
        <RingProgress
          size={160}
          thickness={14}
          roundCaps
          sections={[{ value: Math.min(100, Math.max(0, pct)), color: final ? scoreColor(pct) : 'gray' }]}
          label={
            <Stack gap={0} align="center">
              <Text fz={28} fw={700} data-testid="result-percentage">
                {pct}%
              </Text>
              <Text fw={600} data-testid="result-grade">
                {letter ? `Grade ${letter}` : 'Grade pending'}
              </Text>
            </Stack>
          }
          aria-hidden
        />
        <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
          {/* The ring is decorative: the same figures are written out here for everyone. */}
          <Text size="lg" fw={600} data-testid="result-points">
            {submission.score ?? 0} / {submission.totalMarks ?? 0} points ({pct}%)
          </Text>
          <Group gap="xs">
            <Badge color={DISPLAY_STATUS_COLOR[submission.displayStatus]} variant="light" data-testid="result-status">
              {submission.displayStatus}
            </Badge>
            {letter && <Text size="sm">Grade {letter}</Text>}
            <Text size="sm" c="dimmed">
              Pass mark {submission.passingMarks}%
            </Text>
          </Group>
          {final ? (
            <Text data-testid="result-message">{resultMessage(pct)}</Text>
          ) : (
            <Alert color="yellow" title="Awaiting review" data-testid="result-pending">
              {submission.pendingAnswers === 1 ? '1 answer is' : `${submission.pendingAnswers} answers are`} waiting for a teacher’s review.
              The score so far counts only the marked answers and may go up.
            </Alert>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
