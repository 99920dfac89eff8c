import { msg } from '../../i18n/messages';
import '@mantine/charts/styles.css';
import { PROGRESS_RANGES, type ChildSubmission, type ProgressRange } from '@exam/shared';
import { BarChart } from '@mantine/charts';
import { Badge, Box, Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { Section } from '../../components/Section';
import { StatCard } from '../../components/StatCard';
import { formatDateTime, titleCase } from '../../lib/format';
import { useChildProgress } from './hooks';
import { useGradeOf } from '../platform/useGradeOf';

const RANGE_LABELS: Record<ProgressRange, string> = { all: 'All time', month: 'Last month', week: 'Last week' };
/** The chart shows this many of the newest submissions (surroundings §2). */
export const CHART_SIZE = 10;

/** Oldest to newest, so the bars read left to right in time. */
export function chartData(submissions: ChildSubmission[]) {
  return submissions
    .slice(0, CHART_SIZE)
    .reverse()
    .map((s, i) => ({ exam: `${i + 1}. ${s.examTitle}`, Score: s.percentage }));
}

/** /parent/child/{childId}/progress: a 404 (not, or no longer, the parent's child) goes back to the dashboard. */
export function ChildProgressPage() {
  const { childId = '' } = useParams();
  const [range, setRange] = useState<ProgressRange>('all');
  const progress = useChildProgress(childId, range);

  if (progress.isError && progress.error instanceof ApiError && progress.error.status === 404) return <Navigate to="/parent/dashboard" replace />;

  const back = (
    <Button component={Link} to="/parent/dashboard" variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content">
      Back to Dashboard
    </Button>
  );
  if (progress.isPending) return <PageLoader label="Loading progress" />;
  if (progress.isError) {
    return (
      <Box py="lg">
        <Stack>
          {back}
          <LoadError message={msg('parent.progressFailed')} onRetry={() => void progress.refetch()} />
        </Stack>
      </Box>
    );
  }

  const p = progress.data;
  return (
    <Box py="lg">
      <Stack gap="lg">
        {back}
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} size="h2">
              {p.child.name}: Progress
            </Title>
            {p.child.email && <Text c="dimmed">{p.child.email}</Text>}
          </div>
          <SegmentedControl
            aria-label="Time range"
            value={range}
            onChange={(v) => setRange(v as ProgressRange)}
            data={PROGRESS_RANGES.map((r) => ({ value: r, label: RANGE_LABELS[r] }))}
          />
        </Group>

        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <StatCard label="Total Exams" value={p.stats.totalExams} />
          <StatCard label="Average Score" value={`${p.stats.averageScore}%`} />
          <StatCard label="Best Score" value={`${p.stats.bestScore}%`} />
          <StatCard label="Pass Rate" value={`${p.stats.passRate}%`} />
        </SimpleGrid>

        <Section title={`Last ${CHART_SIZE} submissions`}>
          {p.submissions.length === 0 ? (
            <Text c="dimmed">No results in this time range.</Text>
          ) : (
            <div role="img" aria-label={`Bar chart of the scores of the last ${Math.min(CHART_SIZE, p.submissions.length)} submissions`} data-testid="progress-chart">
              <BarChart h={280} data={chartData(p.submissions)} dataKey="exam" series={[{ name: 'Score', color: 'blue.6' }]} yAxisProps={{ domain: [0, 100] }} unit="%" />
            </div>
          )}
        </Section>

        {p.subjects.length > 0 && (
          <Section title="Subjects">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {p.subjects.map((s) => (
                <Card key={s.subject} withBorder p="md">
                  <Text fw={600}>{titleCase(s.subject)}</Text>
                  <Text size="sm">
                    {s.totalExams} exams · average {s.averageScore}% · best {s.bestScore}%
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </Section>
        )}

        <Section title="Recent Exams">
          <SubmissionsTable submissions={p.submissions.slice(0, CHART_SIZE)} />
        </Section>

        <Section title="Insights">
          <Stack gap="xs">
            <Text>Strengths: {p.insights.strengths.length ? p.insights.strengths.map(titleCase).join(', ') : 'none yet (80% average or more in a subject)'}</Text>
            <Text>Needs attention: {p.insights.improvements.length ? p.insights.improvements.map(titleCase).join(', ') : 'nothing below 60% on average'}</Text>
          </Stack>
        </Section>
      </Stack>
    </Box>
  );
}

export function SubmissionsTable({ submissions }: { submissions: ChildSubmission[] }) {
  const gradeOf = useGradeOf();
  if (!submissions.length) return <Text c="dimmed">No results yet.</Text>;
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Exam</Table.Th>
          <Table.Th>Subject</Table.Th>
          <Table.Th>Score</Table.Th>
          <Table.Th>Grade</Table.Th>
          <Table.Th>Result</Table.Th>
          <Table.Th>Date</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {submissions.map((s) => (
          <Table.Tr key={s._id}>
            <Table.Td>
              <Link to={`/exam-result/${s._id}`}>{s.examTitle}</Link>
            </Table.Td>
            <Table.Td>{titleCase(s.subject)}</Table.Td>
            <Table.Td>
              {s.score}/{s.totalMarks} ({s.percentage}%)
            </Table.Td>
            <Table.Td>{gradeOf(s.percentage)}</Table.Td>
            <Table.Td>
              <Badge color={s.isPassed ? 'green' : 'red'} variant="light">
                {s.isPassed ? 'Passed' : 'Failed'}
              </Badge>
            </Table.Td>
            <Table.Td>{formatDateTime(s.date)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
