import { msg } from '../../i18n/messages';
import { DASHBOARD_RELATIONSHIPS, type Child, type RecentActivity } from '@exam/shared';
import { Alert, Box, Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { PersonLabel } from '../../components/PersonAvatar';
import { Section } from '../../components/Section';
import { StatCard } from '../../components/StatCard';
import { formatDateTime, titleCase } from '../../lib/format';
import { AddChildModal } from './AddChildModal';
import { useParentDashboard } from './hooks';
import { LinkStatusBadge } from './LinkStatusBadge';
import { useGradeOf } from '../platform/useGradeOf';

const date = (iso: string | null) => formatDateTime(iso) ?? '—';

/**
 * /parent/dashboard (surroundings §2): summary, child cards, recent activities and the selected
 * child's performance; the first child is selected by default. It refreshes live: the header's
 * notification socket invalidates the parent queries when a child's result arrives.
 */
export function ParentDashboardPage() {
  const dashboard = useParentDashboard();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  if (dashboard.isPending) return <PageLoader label="Loading dashboard" />;
  if (dashboard.isError) {
    return (
      <Box py="lg">
        <LoadError message={msg('parent.dashboardFailed')} onRetry={() => void dashboard.refetch()} />
      </Box>
    );
  }

  const { children, summary, recentActivities } = dashboard.data;
  const selected = children.find((c) => c._id === selectedId) ?? children[0];

  return (
    <Box py="lg">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1} size="h2">
            Parent Dashboard
          </Title>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add Child
          </Button>
        </Group>

        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <StatCard label="Total Children" value={summary.totalChildren} />
          <StatCard label="Total Exams" value={summary.totalExams} />
          <StatCard label="Average Performance" value={`${summary.averagePerformance}%`} />
          <StatCard label="Active Children" value={summary.activeChildren} />
        </SimpleGrid>

        {children.length === 0 ? (
          <Alert color="blue" title="No children linked yet">
            Add your child with their e-mail address. They accept the request from their own account, and then you can follow their exams and results here.
          </Alert>
        ) : (
          <>
            <Select
              label="Child"
              w={320}
              data={children.map((c) => ({ value: c._id, label: c.linkStatus === 'accepted' ? c.name : `${c.name} (${c.linkStatus === 'pending' ? msg('parent.awaitingConfirmation').toLowerCase() : 'declined'})` }))}
              value={selected?._id ?? null}
              onChange={setSelectedId}
              allowDeselect={false}
            />
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {children.map((c) => (
                <ChildCard key={c._id} child={c} selected={c._id === selected?._id} onSelect={() => setSelectedId(c._id)} />
              ))}
            </SimpleGrid>
            {selected && <PerformancePanel child={selected} />}
          </>
        )}

        <Section title="Recent Activities">
          <RecentActivities items={recentActivities} />
        </Section>
      </Stack>
      <AddChildModal opened={adding} onClose={() => setAdding(false)} relationships={DASHBOARD_RELATIONSHIPS} />
    </Box>
  );
}

function ChildCard({ child, selected, onSelect }: { child: Child; selected: boolean; onSelect: () => void }) {
  return (
    <Card withBorder radius="md" p="md" aria-current={selected ? 'true' : undefined} style={selected ? { borderColor: 'var(--mantine-color-blue-6)' } : undefined} data-testid="child-card">
      <Group justify="space-between" align="flex-start">
        <PersonLabel person={child} detail={child.email} />
        <LinkStatusBadge status={child.linkStatus} />
      </Group>
      {child.stats ? (
        <Text size="sm" mt="sm">
          {child.stats.totalExams} exams · average {child.stats.averageScore}% · {child.stats.performance}
        </Text>
      ) : (
        <Text size="sm" mt="sm" c="dimmed">
          {child.linkStatus === 'pending' ? 'Waiting for your child to accept the request.' : 'Your child declined the request.'}
        </Text>
      )}
      <Button variant="subtle" size="xs" mt="sm" onClick={onSelect} disabled={selected} aria-label={`${selected ? 'Selected' : 'Show'} ${child.name}`}>
        {selected ? 'Selected' : 'Show'}
      </Button>
    </Card>
  );
}

function PerformancePanel({ child }: { child: Child }) {
  if (!child.stats) return null;
  const s = child.stats;
  return (
    <Section title={`${child.name}: Performance`}>
      <SimpleGrid cols={{ base: 2, md: 3 }} data-testid="performance-panel">
        <StatCard label="Exams Taken" value={s.totalExams} />
        <StatCard label="Average Score" value={`${s.averageScore}%`} />
        <StatCard label="Best Score" value={`${s.bestScore}%`} />
        <StatCard label="Recent Score" value={s.recentScore === null ? '—' : `${s.recentScore}%`} />
        <StatCard label="Performance" value={s.performance} />
        <StatCard label="Last Exam" value={date(s.lastExamDate)} />
      </SimpleGrid>
      <Group mt="md">
        <Button component={Link} to={`/parent/child/${child._id}/progress`} variant="light">
          View Progress
        </Button>
        <Button component={Link} to={`/parent/reports?child=${child._id}`} variant="subtle">
          Reports
        </Button>
      </Group>
    </Section>
  );
}

function RecentActivities({ items }: { items: RecentActivity[] }) {
  const gradeOf = useGradeOf();
  if (!items.length) return <Text c="dimmed">No recent activity yet.</Text>;
  return (
    <Table striped data-testid="recent-activities">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Child</Table.Th>
          <Table.Th>Exam</Table.Th>
          <Table.Th>Subject</Table.Th>
          <Table.Th>Score</Table.Th>
          <Table.Th>Date</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((a) => (
          <Table.Tr key={a.submissionId}>
            <Table.Td>{a.childName}</Table.Td>
            <Table.Td>
              <Link to={`/exam-result/${a.submissionId}`}>{a.examTitle}</Link>
            </Table.Td>
            <Table.Td>{titleCase(a.subject)}</Table.Td>
            <Table.Td>
              {a.score}% ({gradeOf(a.score)})
            </Table.Td>
            <Table.Td>{date(a.date)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
