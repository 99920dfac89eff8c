import '@mantine/charts/styles.css';
import { type NodeHealth, type SystemHealth } from '@exam/shared';
import { BarChart, LineChart } from '@mantine/charts';
import { Anchor, Badge, Box, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { titleCase } from '../../lib/format';
import { PageLoader } from '../../components/PageLoader';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useNow } from '../../lib/useNow';
import { useAuth } from '../auth/useAuth';
import { EmptyLine, Panel, PlainList, QuickActions, StatGrid } from './components';
import { formatMemoryMb, formatUptime } from './healthFormat';
import { ACCOUNT_ACTIONS, QUICK_ACTIONS } from './quickActions';
import { useRoleDashboard } from './useDashboard';
import { relativeTimeOf } from '../../lib/dateFormat';

const HEALTH_COLOR = { healthy: 'green', degraded: 'yellow', down: 'red', unknown: 'gray' } as const;

/**
 * Admin dashboard and analytics (one screen at /admin/dashboard and /admin/analytics): totals,
 * 30-day trends, every node's health, recent users and exams, and contact messages. Live: a
 * submission, grading or contact message anywhere re-reads it.
 */
export function AdminDashboardPage() {
  useDocumentTitle('Admin Dashboard');
  const { user } = useAuth();
  const { data, query } = useRoleDashboard('admin', user?._id ?? null);
  const now = useNow(30_000);
  const s = data.stats;
  const days = data.trends.map((t) => ({ ...t, day: t.date.slice(5) }));

  // Zeros would read as real figures: until the first answer, a loader.
  if (query.isPending) return <PageLoader />;
  return (
    <Box py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          Admin Dashboard
        </Title>
        <StatGrid
          stats={[
            { label: 'Total Users', value: s.totalUsers },
            { label: 'Students', value: s.totalStudents },
            { label: 'Teachers', value: s.totalTeachers },
            { label: 'Parents', value: s.totalParents },
            { label: 'Total Exams', value: s.totalExams },
            { label: 'Active Exams', value: s.activeExams },
            { label: 'Submissions', value: s.totalSubmissions },
            { label: 'Pending Grading', value: s.pendingGrading },
          ]}
        />
        <HealthPanel health={data.systemHealth} />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Panel id="trend-activity" title="Sign-ups and submissions, last 30 days">
            {days.length === 0 ? (
              <EmptyLine>No trend data.</EmptyLine>
            ) : (
              <div role="img" aria-label="Sign-ups and submissions per day over the last 30 days">
              <BarChart
                h={240}
                data={days}
                dataKey="day"
                withLegend
                series={[
                  { name: 'signUps', label: 'Sign-ups', color: 'blue.6' },
                  { name: 'submissions', label: 'Submissions', color: 'teal.6' },
                ]}
              />
              </div>
            )}
          </Panel>
          <Panel id="trend-score" title="Average score by day">
            {days.length === 0 ? (
              <EmptyLine>No trend data.</EmptyLine>
            ) : (
              <div role="img" aria-label="Average graded score per day over the last 30 days">
              <LineChart
                h={240}
                data={days}
                dataKey="day"
                connectNulls
                yAxisProps={{ domain: [0, 100] }}
                unit="%"
                series={[{ name: 'averageScore', label: 'Average score', color: 'grape.6' }]}
              />
              </div>
            )}
          </Panel>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Panel id="recent-users" title="Recent users" action={<Anchor component={Link} to="/admin/users" size="sm">Manage users</Anchor>}>
            {data.recentUsers.length === 0 ? (
              <EmptyLine>No users yet.</EmptyLine>
            ) : (
              <PlainList label="Recent users">
                {data.recentUsers.map((u) => (
                  <li key={u._id}>
                    <Group justify="space-between" gap="xs" wrap="wrap">
                      <div>
                        <Text size="sm" fw={600}>
                          {u.name}
                        </Text>
                        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                          {u.email}
                        </Text>
                      </div>
                      <Badge variant="light">{titleCase(u.role)}</Badge>
                    </Group>
                  </li>
                ))}
              </PlainList>
            )}
          </Panel>
          <Panel id="recent-exams" title="Recent exams" action={<Anchor component={Link} to="/admin/exams" size="sm">Manage exams</Anchor>}>
            {data.recentExams.length === 0 ? (
              <EmptyLine>No exams yet.</EmptyLine>
            ) : (
              <PlainList label="Recent exams">
                {data.recentExams.map((e) => (
                  <li key={e._id}>
                    <Anchor component={Link} to={`/admin/exams/${e._id}`} size="sm" fw={600}>
                      {e.title}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {titleCase(e.subject)} · by {e.owner} · {e.isPublished ? 'Published' : 'Draft'}
                    </Text>
                  </li>
                ))}
              </PlainList>
            )}
          </Panel>
        </SimpleGrid>
        <Panel id="contact-messages" title="Contact messages">
          {data.contactMessages.length === 0 ? (
            <EmptyLine>No messages from the contact form.</EmptyLine>
          ) : (
            <PlainList label="Contact messages">
              {data.contactMessages.map((m) => (
                <li key={m._id}>
                  <Text size="sm" fw={600}>
                    {m.subject}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {m.name} · <Anchor href={`mailto:${m.email}`} size="xs">{m.email}</Anchor> · {relativeTimeOf(m.createdAt, now)}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {m.message}
                  </Text>
                </li>
              ))}
            </PlainList>
          )}
        </Panel>
        <QuickActions actions={[...QUICK_ACTIONS.admin, { label: 'Admin Settings', to: '/admin/settings', description: 'School-wide settings.' }, ...ACCOUNT_ACTIONS]} />
      </Stack>
    </Box>
  );
}

function HealthPanel({ health }: { health: SystemHealth }) {
  return (
    <Panel
      id="system-health"
      title="System health"
      action={
        <Badge color={HEALTH_COLOR[health.status]} data-testid="health-status" size="lg">
          {health.status}
        </Badge>
      }
    >
      <Group gap="xl" mb="sm" wrap="wrap">
        <Text size="sm">Uptime: {formatUptime(health.uptime)}</Text>
        <Text size="sm">
          Memory: {formatMemoryMb(health.memory.heapUsed)} MB of {formatMemoryMb(health.memory.heapTotal)} MB
        </Text>
        <Text size="sm">Nodes: {health.nodes.length}</Text>
      </Group>
      {health.nodes.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Nodes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Node</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Uptime</Table.Th>
                <Table.Th>Memory (MB)</Table.Th>
                <Table.Th>Sockets</Table.Th>
                <Table.Th>DB latency</Table.Th>
                <Table.Th>Redis</Table.Th>
                <Table.Th>Sweeper lag</Table.Th>
                <Table.Th>Oldest overdue</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {health.nodes.map((n) => (
                <NodeRow key={n.nodeId} node={n} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {health.nodes.flatMap((n) => n.problems).map((p) => (
        <Text key={p} size="sm" c="red.8">
          {p}
        </Text>
      ))}
    </Panel>
  );
}

function NodeRow({ node: n }: { node: NodeHealth }) {
  return (
    <Table.Tr>
      <Table.Td>{n.nodeId}</Table.Td>
      <Table.Td>{n.status}</Table.Td>
      <Table.Td>{formatUptime(n.uptime)}</Table.Td>
      <Table.Td>{formatMemoryMb(n.memory.heapUsed)}</Table.Td>
      <Table.Td>{n.sockets}</Table.Td>
      <Table.Td>{n.dbLatencyMs === null ? 'no answer' : `${n.dbLatencyMs} ms`}</Table.Td>
      <Table.Td>{n.redis}</Table.Td>
      <Table.Td>{n.sweeperLagMs === null ? 'not run yet' : `${(n.sweeperLagMs / 1000).toFixed(1)} s`}</Table.Td>
      <Table.Td>{n.oldestOverdueSeconds ? `${n.oldestOverdueSeconds} s` : 'none'}</Table.Td>
    </Table.Tr>
  );
}
