import type { ExamResultStats } from '@exam/shared';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StatCard } from './StatCard';
import { formatPercent } from '../i18n/format';

/**
 * The exam's counters; scores, passed and failed are over marked attempts only. Those still
 * waiting for a teacher's marks are counted apart, and the cards say so, so a class average never
 * silently leaves anyone out.
 */
export function ExamStatCards({ stats }: { stats: ExamResultStats }) {
  const { t } = useTranslation('results');
  const pct = (value: number) => formatPercent(value, 2);
  const graded = stats.gradedSubmissions > 0;
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <StatCard label={t('stats.totalSubmissions')} value={stats.totalSubmissions} />
        <StatCard label={t('stats.pendingGrading')} value={stats.pendingGrading} />
        <StatCard label={t('stats.averageScore')} value={graded ? pct(stats.averageScore) : '—'} />
        <StatCard label={t('stats.passed')} value={stats.passedCount} />
        <StatCard label={t('stats.failed')} value={stats.failedCount} />
        <StatCard label={t('stats.highestScore')} value={graded ? pct(stats.highestScore) : '—'} />
        <StatCard label={t('stats.lowestScore')} value={graded ? pct(stats.lowestScore) : '—'} />
        <StatCard label={t('stats.passingMarks')} value={pct(stats.passingMarks)} />
      </SimpleGrid>
      {stats.pendingGrading > 0 && (
        <Text size="sm" c="dimmed" data-testid="stats-not-counted">
          {t('waiting.notCounted', { count: stats.pendingGrading })}
        </Text>
      )}
    </Stack>
  );
}
