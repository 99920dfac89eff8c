import { SimpleGrid } from '@mantine/core';
import { StatCard } from '../../../components/StatCard';
import type { ExamStats } from '../types';

/** The exam's counters (spec core §3 "Exam stats"); scores are percentages over graded attempts. */
export function ExamStatCards({ stats }: { stats: ExamStats }) {
  const graded = stats.gradedSubmissions > 0;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      <StatCard label="Total Submissions" value={stats.totalSubmissions} />
      <StatCard label="Pending Grading" value={stats.pendingGrading} />
      <StatCard label="Average Score" value={graded ? `${stats.averageScore}%` : '—'} />
      <StatCard label="Passed" value={stats.passedCount} />
      <StatCard label="Failed" value={stats.failedCount} />
      <StatCard label="Highest Score" value={graded ? `${stats.highestScore}%` : '—'} />
      <StatCard label="Lowest Score" value={graded ? `${stats.lowestScore}%` : '—'} />
      <StatCard label="Passing Marks" value={`${stats.passingMarks}%`} />
    </SimpleGrid>
  );
}
