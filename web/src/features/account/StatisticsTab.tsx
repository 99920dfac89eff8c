import type { UserStats } from '@exam/shared';
import { Alert, Loader, Paper, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../api/http';
import { useAuth } from '../auth/useAuth';
import { accountApi, accountKeys } from './api';

type Card = [label: string, value: string];

function cardsOf(s: UserStats): Card[] {
  if (s.role === 'student')
    return [
      ['Exams taken', String(s.totalExams ?? 0)],
      ['Completed', String(s.completedExams ?? 0)],
      ['Average score', `${s.averageScore ?? 0}%`],
      ['Rank in your grade', s.rank ? `${s.rank} of ${s.rankOutOf}` : 'No graded results yet'],
    ];
  if (s.role === 'teacher')
    return [
      ['Exams created', String(s.createdExams ?? 0)],
      ['Active exams', String(s.activeExams ?? 0)],
      ['Students', String(s.totalStudents ?? 0)],
      ['Pass rate', `${s.successRate ?? 0}%`],
    ];
  if (s.role === 'parent')
    return [
      ['Children', String(s.totalChildren ?? 0)],
      ['Children’s results', String(s.totalExams ?? 0)],
      ['Average score', `${s.averageScore ?? 0}%`],
      ['Notifications', String(s.notifications ?? 0)],
    ];
  return [];
}

/** The Statistics tab: the caller's own figures, for students, teachers and parents (§6). */
export function StatisticsTab() {
  const { user } = useAuth();
  const hasStats = !!user && user.role !== 'admin';
  const stats = useQuery({ queryKey: accountKeys.stats(user?._id ?? ''), queryFn: accountApi.stats, enabled: hasStats });
  if (!hasStats) return <Text c="dimmed">Statistics are kept for students, teachers and parents.</Text>;
  if (stats.isPending) return <Loader aria-label="Loading statistics" />;
  if (stats.isError) return <Alert color="red">{errorMessage(stats.error)}</Alert>;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }}>
      {cardsOf(stats.data).map(([label, value]) => (
        <Paper key={label} withBorder p="md" data-testid="stat-card">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text fw={700} size="xl">
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
