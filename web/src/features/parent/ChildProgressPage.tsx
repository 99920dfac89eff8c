import '@mantine/charts/styles.css';
import { PROGRESS_RANGES, type ChildSubmission, type ProgressRange } from '@exam/shared';
import { BarChart } from '@mantine/charts';
import { Badge, Box, Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { Section } from '../../components/Section';
import { StatCard } from '../../components/StatCard';
import { enumLabel, formatNumber, formatPercent } from '../../i18n/format';
import { msg } from '../../i18n/messages';
import { formatDateTime } from '../../lib/format';
import { useChildProgress } from './hooks';
import { useGradeOf } from '../../lib/useGradeOf';
import { OUTCOME_COLOR, outcomeStatus } from '../../lib/resultLabels';

const RANGE_KEYS: Record<ProgressRange, string> = { all: 'ranges.all', month: 'ranges.lastMonth', week: 'ranges.lastWeek' };
/** The chart shows this many of the newest submissions. */
export const CHART_SIZE = 10;

/** The chart's data key for a score (a key, not a text: the series' label is translated). */
const SCORE_KEY = 'Score';

/** Subjects by name in the reader's language: 'Mathematics, Physics'. */
const subjectList = (subjects: string[]) => subjects.map((s) => enumLabel('subjects', s)).join(', ');

/** Oldest to newest, so the bars read left to right in time. */
export function chartData(submissions: ChildSubmission[]) {
  return submissions
    .slice(0, CHART_SIZE)
    .reverse()
    .map((s, i) => ({ exam: `${i + 1}. ${s.examTitle}`, [SCORE_KEY]: s.percentage }));
}

/** /parent/child/{childId}/progress: a 404 (not, or no longer, the parent's child) goes back to the dashboard. */
export function ChildProgressPage() {
  const { t } = useTranslation('parent');
  const { childId = '' } = useParams();
  const [range, setRange] = useState<ProgressRange>('all');
  const progress = useChildProgress(childId, range);

  if (progress.isError && progress.error instanceof ApiError && progress.error.status === 404) return <Navigate to="/parent/dashboard" replace />;

  const back = (
    <Button component={Link} to="/parent/dashboard" variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content">
      {t('progress.backToDashboard')}
    </Button>
  );
  if (progress.isPending) return <PageLoader label={t('progress.loading')} />;
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
              {t('progress.title', { name: p.child.name })}
            </Title>
            {p.child.email && <Text c="dimmed">{p.child.email}</Text>}
          </div>
          <SegmentedControl
            aria-label={t('timeRange')}
            value={range}
            onChange={(v) => setRange(v as ProgressRange)}
            data={PROGRESS_RANGES.map((r) => ({ value: r, label: t(RANGE_KEYS[r]) }))}
          />
        </Group>

        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <StatCard label={t('dashboard.stats.totalExams')} value={p.stats.totalExams} />
          <StatCard label={t('stats.averageScore')} value={formatPercent(p.stats.averageScore, 2)} />
          <StatCard label={t('stats.bestScore')} value={formatPercent(p.stats.bestScore, 2)} />
          <StatCard label={t('stats.passRate')} value={formatPercent(p.stats.passRate, 2)} />
        </SimpleGrid>

        <Section title={t('progress.lastSubmissions', { count: CHART_SIZE })}>
          {p.submissions.length === 0 ? (
            <Text c="dimmed">{t('progress.noResultsInRange')}</Text>
          ) : (
            <div role="img" aria-label={t('progress.chartLabel', { count: Math.min(CHART_SIZE, p.submissions.length) })} data-testid="progress-chart">
              <BarChart
                h={280}
                data={chartData(p.submissions)}
                dataKey="exam"
                series={[{ name: SCORE_KEY, label: t('columns.score'), color: 'blue.6' }]}
                yAxisProps={{ domain: [0, 100] }}
                valueFormatter={(value) => formatPercent(value)}
              />
            </div>
          )}
        </Section>

        {p.subjects.length > 0 && (
          <Section title={t('progress.subjects')}>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {p.subjects.map((s) => (
                <Card key={s.subject} withBorder p="md">
                  <Text fw={600}>{enumLabel('subjects', s.subject)}</Text>
                  <Text size="sm">
                    {t('childStats.examsAverageBest', { count: s.totalExams, average: formatPercent(s.averageScore, 2), best: formatPercent(s.bestScore, 2) })}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </Section>
        )}

        <Section title={t('progress.recentExams')}>
          <SubmissionsTable submissions={p.submissions.slice(0, CHART_SIZE)} />
        </Section>

        <Section title={t('progress.insights.title')}>
          <Stack gap="xs">
            <Text>{t('progress.insights.strengths', { subjects: p.insights.strengths.length ? subjectList(p.insights.strengths) : t('progress.insights.noStrengths') })}</Text>
            <Text>{t('progress.insights.needsAttention', { subjects: p.insights.improvements.length ? subjectList(p.insights.improvements) : t('progress.insights.noImprovements') })}</Text>
          </Stack>
        </Section>
      </Stack>
    </Box>
  );
}

export function SubmissionsTable({ submissions }: { submissions: ChildSubmission[] }) {
  const { t } = useTranslation('parent');
  const gradeOf = useGradeOf();
  if (!submissions.length) return <Text c="dimmed">{t('table.noResults')}</Text>;
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('columns.exam')}</Table.Th>
          <Table.Th>{t('columns.subject')}</Table.Th>
          <Table.Th>{t('columns.score')}</Table.Th>
          <Table.Th>{t('columns.grade')}</Table.Th>
          <Table.Th>{t('columns.result')}</Table.Th>
          <Table.Th>{t('columns.date')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {submissions.map((s) => (
          <Table.Tr key={s._id}>
            <Table.Td>
              <Link to={`/exam-result/${s._id}`}>{s.examTitle}</Link>
            </Table.Td>
            <Table.Td>{enumLabel('subjects', s.subject)}</Table.Td>
            <Table.Td>{t('table.scoreOutOf', { score: formatNumber(s.score), total: formatNumber(s.totalMarks), percent: formatPercent(s.percentage, 2) })}</Table.Td>
            <Table.Td>{gradeOf(s.percentage)}</Table.Td>
            <Table.Td>
              <Badge color={OUTCOME_COLOR[outcomeStatus(s.isPassed)]} variant="light">
                {enumLabel('submissionStatuses', outcomeStatus(s.isPassed))}
              </Badge>
            </Table.Td>
            <Table.Td>{formatDateTime(s.date)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
