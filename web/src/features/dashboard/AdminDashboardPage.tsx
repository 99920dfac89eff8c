import '@mantine/charts/styles.css';
import { type NodeHealth, type SystemHealth, type TrendPoint } from '@exam/shared';
import { BarChart, LineChart } from '@mantine/charts';
import { Anchor, Badge, Box, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { enumLabel, formatNumber, formatPercent } from '../../i18n/format';
import { PageLoader } from '../../components/PageLoader';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useNow } from '../../lib/useNow';
import { useAuth } from '../../session/useAuth';
import { EmptyLine, Panel, PlainList, QuickActions, StatGrid } from './components';
import { formatFixed, formatMemoryMb, formatUptime } from './healthFormat';
import { ACCOUNT_ACTIONS, ADMIN_SETTINGS_ACTION, QUICK_ACTIONS } from './quickActions';
import { useRoleDashboard } from './useDashboard';
import { relativeTimeOf } from '../../lib/dateFormat';

const HEALTH_COLOR = { healthy: 'green', degraded: 'yellow', down: 'red', unknown: 'gray' } as const;
/** A chart series reads this field of each day (its label is the translated name). */
const trendField = (field: Exclude<keyof TrendPoint, 'date'>) => field;

/**
 * Admin dashboard and analytics (one screen at /admin/dashboard and /admin/analytics): totals,
 * 30-day trends, every node's health, recent users and exams, and contact messages. Live: a
 * submission, grading or contact message anywhere re-reads it.
 */
export function AdminDashboardPage() {
  const { t } = useTranslation('dashboard');
  useDocumentTitle(t('titles.admin'));
  const { user } = useAuth();
  const { data, query } = useRoleDashboard('admin', user?._id ?? null);
  const now = useNow(30_000);
  const s = data.stats;
  // 'MM-DD' in English, '23.11.' in German: the day as the reader writes it.
  const days = data.trends.map((p) => ({ ...p, day: t('admin.chartDay', { month: p.date.slice(5, 7), day: p.date.slice(8, 10) }) }));

  // Zeros would read as real figures: until the first answer, a loader.
  if (query.isPending) return <PageLoader />;
  return (
    <Box py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('titles.admin')}
        </Title>
        <StatGrid
          stats={[
            { label: t('stats.totalUsers'), value: formatNumber(s.totalUsers) },
            { label: t('stats.students'), value: formatNumber(s.totalStudents) },
            { label: t('stats.teachers'), value: formatNumber(s.totalTeachers) },
            { label: t('stats.parents'), value: formatNumber(s.totalParents) },
            { label: t('stats.totalExams'), value: formatNumber(s.totalExams) },
            { label: t('stats.activeExams'), value: formatNumber(s.activeExams) },
            { label: t('stats.submissions'), value: formatNumber(s.totalSubmissions) },
            { label: t('stats.pendingGrading'), value: formatNumber(s.pendingGrading) },
          ]}
        />
        <HealthPanel health={data.systemHealth} />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Panel id="trend-activity" title={t('admin.trendActivity.title')}>
            {days.length === 0 ? (
              <EmptyLine>{t('admin.noTrendData')}</EmptyLine>
            ) : (
              <div role="img" aria-label={t('admin.trendActivity.chartLabel')}>
              <BarChart
                h={240}
                data={days}
                dataKey="day"
                withLegend
                valueFormatter={(value) => formatNumber(value)}
                series={[
                  { name: trendField('signUps'), label: t('admin.trendActivity.signUps'), color: 'blue.6' },
                  { name: trendField('submissions'), label: t('admin.trendActivity.submissions'), color: 'teal.6' },
                ]}
              />
              </div>
            )}
          </Panel>
          <Panel id="trend-score" title={t('admin.trendScore.title')}>
            {days.length === 0 ? (
              <EmptyLine>{t('admin.noTrendData')}</EmptyLine>
            ) : (
              <div role="img" aria-label={t('admin.trendScore.chartLabel')}>
              <LineChart
                h={240}
                data={days}
                dataKey="day"
                connectNulls
                yAxisProps={{ domain: [0, 100] }}
                // '85%' in English, '85 %' in French and German, on the axis and in the tooltip.
                valueFormatter={(value) => formatPercent(value, 2)}
                series={[{ name: trendField('averageScore'), label: t('admin.trendScore.averageScore'), color: 'grape.6' }]}
              />
              </div>
            )}
          </Panel>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Panel
            id="recent-users"
            title={t('admin.recentUsers')}
            action={
              <Anchor component={Link} to="/admin/users" size="sm">
                {t('admin.manageUsers')}
              </Anchor>
            }
          >
            {data.recentUsers.length === 0 ? (
              <EmptyLine>{t('admin.noUsers')}</EmptyLine>
            ) : (
              <PlainList label={t('admin.recentUsers')}>
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
                      <Badge variant="light">{enumLabel('roles', u.role)}</Badge>
                    </Group>
                  </li>
                ))}
              </PlainList>
            )}
          </Panel>
          <Panel
            id="recent-exams"
            title={t('admin.recentExams')}
            action={
              <Anchor component={Link} to="/admin/exams" size="sm">
                {t('admin.manageExams')}
              </Anchor>
            }
          >
            {data.recentExams.length === 0 ? (
              <EmptyLine>{t('admin.noExams')}</EmptyLine>
            ) : (
              <PlainList label={t('admin.recentExams')}>
                {data.recentExams.map((e) => (
                  <li key={e._id}>
                    <Anchor component={Link} to={`/admin/exams/${e._id}`} size="sm" fw={600}>
                      {e.title}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {t('admin.examLine', {
                        subject: enumLabel('subjects', e.subject),
                        owner: e.owner,
                        status: enumLabel('examStatuses', e.isPublished ? 'published' : 'draft'),
                      })}
                    </Text>
                  </li>
                ))}
              </PlainList>
            )}
          </Panel>
        </SimpleGrid>
        <Panel id="contact-messages" title={t('admin.contactMessages')}>
          {data.contactMessages.length === 0 ? (
            <EmptyLine>{t('admin.noContactMessages')}</EmptyLine>
          ) : (
            <PlainList label={t('admin.contactMessages')}>
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
        <QuickActions actions={[...QUICK_ACTIONS.admin, ADMIN_SETTINGS_ACTION, ...ACCOUNT_ACTIONS]} />
      </Stack>
    </Box>
  );
}

function HealthPanel({ health }: { health: SystemHealth }) {
  const { t } = useTranslation('dashboard');
  return (
    <Panel
      id="system-health"
      title={t('health.title')}
      action={
        <Badge color={HEALTH_COLOR[health.status]} data-testid="health-status" size="lg">
          {t(`health.statuses.${health.status}`)}
        </Badge>
      }
    >
      <Group gap="xl" mb="sm" wrap="wrap">
        <Text size="sm">{t('health.uptime', { uptime: formatUptime(health.uptime) })}</Text>
        <Text size="sm">{t('health.memory', { used: formatMemoryMb(health.memory.heapUsed), total: formatMemoryMb(health.memory.heapTotal) })}</Text>
        <Text size="sm">{t('health.nodeCount', { nodes: formatNumber(health.nodes.length) })}</Text>
      </Group>
      {health.nodes.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label={t('health.table.label')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('health.table.node')}</Table.Th>
                <Table.Th>{t('health.table.status')}</Table.Th>
                <Table.Th>{t('health.table.uptime')}</Table.Th>
                <Table.Th>{t('health.table.memory')}</Table.Th>
                <Table.Th>{t('health.table.sockets')}</Table.Th>
                <Table.Th>{t('health.table.dbLatency')}</Table.Th>
                <Table.Th>{t('health.table.redis')}</Table.Th>
                <Table.Th>{t('health.table.sweeperLag')}</Table.Th>
                <Table.Th>{t('health.table.oldestOverdue')}</Table.Th>
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
  const { t } = useTranslation('dashboard');
  return (
    <Table.Tr>
      <Table.Td>{n.nodeId}</Table.Td>
      <Table.Td>{t(`health.statuses.${n.status}`)}</Table.Td>
      <Table.Td>{formatUptime(n.uptime)}</Table.Td>
      <Table.Td>{formatMemoryMb(n.memory.heapUsed)}</Table.Td>
      <Table.Td>{formatNumber(n.sockets)}</Table.Td>
      <Table.Td>{n.dbLatencyMs === null ? t('health.noAnswer') : t('health.milliseconds', { value: formatNumber(n.dbLatencyMs) })}</Table.Td>
      <Table.Td>{t(`health.redisStates.${n.redis}`)}</Table.Td>
      <Table.Td>{n.sweeperLagMs === null ? t('health.notRunYet') : t('health.seconds', { value: formatFixed(n.sweeperLagMs / 1000, 1) })}</Table.Td>
      <Table.Td>{n.oldestOverdueSeconds ? t('health.seconds', { value: formatNumber(n.oldestOverdueSeconds) }) : t('health.none')}</Table.Td>
    </Table.Tr>
  );
}
