import type { Submission } from '@exam/shared';
import { Alert, Badge, Group, Paper, RingProgress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPercent } from '../../../i18n/format';
import { DISPLAY_STATUS_COLOR, displayStatusText, resultMessageText, scoreColor } from '../../../lib/resultLabels';
import { useGradeOf } from '../../../lib/useGradeOf';

/**
 * The score circle, points fraction and message of the result screen. While essays wait for a
 * teacher the figures are provisional and say so, and no grade or final message is shown.
 */
export function ScoreSummary({ submission }: { submission: Submission }) {
  const { t } = useTranslation('results');
  const pct = submission.percentage ?? 0;
  const pctText = formatPercent(pct, 2);
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
                {pctText}
              </Text>
              <Text fw={600} data-testid="result-grade">
                {letter ? t('score.grade', { letter }) : t('score.gradePending')}
              </Text>
            </Stack>
          }
          aria-hidden
        />
        <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
          {/* The ring is decorative: the same figures are written out here for everyone. */}
          <Text size="lg" fw={600} data-testid="result-points">
            {t('score.points', { score: formatNumber(submission.score ?? 0), total: formatNumber(submission.totalMarks ?? 0), percent: pctText })}
          </Text>
          <Group gap="xs">
            <Badge color={DISPLAY_STATUS_COLOR[submission.displayStatus]} variant="light" data-testid="result-status">
              {displayStatusText(submission.displayStatus)}
            </Badge>
            {letter && <Text size="sm">{t('score.grade', { letter })}</Text>}
            <Text size="sm" c="dimmed">
              {t('score.passMark', { percent: formatPercent(submission.passingMarks, 2) })}
            </Text>
          </Group>
          {final ? (
            <Text data-testid="result-message">{resultMessageText(pct)}</Text>
          ) : (
            <Alert color="yellow" title={t('score.awaitingReview')} data-testid="result-pending">
              {t('score.pending', { count: submission.pendingAnswers })}
            </Alert>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
