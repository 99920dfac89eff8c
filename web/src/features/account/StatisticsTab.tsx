import type { UserStats } from '@exam/shared';
import { Alert, Loader, Paper, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/http';
import { i18n } from '../../i18n';
import { formatNumber, formatPercent } from '../../i18n/format';
import { useAuth } from '../../session/useAuth';
import { accountApi, accountKeys } from './api';

/** A card: its label's key in account:statistics, and its value. */
type Card = [label: string, value: string];

const count = (n: number | undefined) => formatNumber(n ?? 0);
const percent = (n: number | undefined) => formatPercent(n ?? 0, 2);

function cardsOf(s: UserStats): Card[] {
  if (s.role === 'student')
    return [
      ['examsTaken', count(s.totalExams)],
      ['completed', count(s.completedExams)],
      ['averageScore', percent(s.averageScore)],
      [
        'rankInGrade',
        s.rank
          ? i18n.t('account:statistics.rank', { rank: formatNumber(s.rank), total: formatNumber(s.rankOutOf ?? 0) })
          : i18n.t('account:statistics.noGradedResults'),
      ],
    ];
  if (s.role === 'teacher')
    return [
      ['examsCreated', count(s.createdExams)],
      ['activeExams', count(s.activeExams)],
      ['students', count(s.totalStudents)],
      ['passRate', percent(s.successRate)],
    ];
  if (s.role === 'parent')
    return [
      ['children', count(s.totalChildren)],
      ['childrenResults', count(s.totalExams)],
      ['averageScore', percent(s.averageScore)],
      ['notifications', count(s.notifications)],
    ];
  return [];
}

/** The Statistics tab: the caller's own figures, for students, teachers and parents. */
export function StatisticsTab() {
  const { t } = useTranslation('account');
  const { user } = useAuth();
  const hasStats = !!user && user.role !== 'admin';
  const stats = useQuery({ queryKey: accountKeys.stats(user?._id ?? ''), queryFn: accountApi.stats, enabled: hasStats });
  if (!hasStats) return <Text c="dimmed">{t('statistics.notKept')}</Text>;
  if (stats.isPending) return <Loader aria-label={t('statistics.loading')} />;
  if (stats.isError) return <Alert color="red">{errorMessage(stats.error)}</Alert>;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }}>
      {cardsOf(stats.data).map(([label, value]) => (
        <Paper key={label} withBorder p="md" data-testid="stat-card">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t(`statistics.${label}`)}
          </Text>
          <Text fw={700} size="xl">
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
