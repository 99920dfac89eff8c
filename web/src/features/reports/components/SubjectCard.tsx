import type { SubjectProgress } from '@exam/shared';
import { Paper, RingProgress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { enumLabel, formatPercent } from '../../../i18n/format';
import { scoreColor } from '../../../lib/resultLabels';
import { improvementText, notEnoughResultsText } from '../insights';

/** One subject's figures; the improvement is the server's measured one, or none. */
export function SubjectCard({ subject: s }: { subject: SubjectProgress }) {
  const { t } = useTranslation('reports');
  const subject = enumLabel('subjects', s.subject);
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={subject}>
      <Stack gap="xs" align="center">
        <Text fw={600}>{subject}</Text>
        <Text size="sm" c="dimmed">
          {t('subject.exams', { count: s.totalExams })}
        </Text>
        <RingProgress
          size={110}
          thickness={10}
          roundCaps
          sections={[{ value: s.averageScore, color: scoreColor(s.averageScore) }]}
          label={
            <Text ta="center" fw={700}>
              {formatPercent(s.averageScore, 2)}
            </Text>
          }
          aria-hidden
        />
        <Text size="sm">{t('subject.average', { percent: formatPercent(s.averageScore, 2) })}</Text>
        <Text size="sm">{t('subject.best', { percent: formatPercent(s.bestScore, 2) })}</Text>
        <Text size="sm" data-testid="improvement">
          {t('subject.improvement', { value: s.improvement === null ? notEnoughResultsText() : improvementText(s.improvement) })}
        </Text>
      </Stack>
    </Paper>
  );
}
