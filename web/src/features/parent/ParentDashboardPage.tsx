import { DASHBOARD_RELATIONSHIPS, type Child, type ChildStats, type RecentActivity } from '@exam/shared';
import { Alert, Box, Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { PersonLabel } from '../../components/PersonAvatar';
import { Section } from '../../components/Section';
import { StatCard } from '../../components/StatCard';
import { i18n } from '../../i18n';
import { enumLabel, formatPercent, performanceLabel } from '../../i18n/format';
import { msg } from '../../i18n/messages';
import { formatDateTime } from '../../lib/format';
import { AddChildModal } from './AddChildModal';
import { useParentDashboard } from './hooks';
import { LinkStatusBadge } from './LinkStatusBadge';
import { useGradeOf } from '../../lib/useGradeOf';

const date = (iso: string | null) => formatDateTime(iso) ?? '—';

/**
 * The performance word in the reader's language: from the server's performance figure (null before
 * any result), as the server words it in English in performanceLabel.
 */
const performanceText = (stats: ChildStats) => (stats.performance === null ? i18n.t('parent:performancePanel.noExamsYet') : performanceLabel(stats.performance));

/**
 * /parent/dashboard: summary, child cards, recent activities and the selected
 * child's performance; the first child is selected by default. It refreshes live: the header's
 * notification socket invalidates the parent queries when a child's result arrives.
 */
export function ParentDashboardPage() {
  const { t } = useTranslation('parent');
  const dashboard = useParentDashboard();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  if (dashboard.isPending) return <PageLoader label={t('dashboard.loading')} />;
  if (dashboard.isError) {
    return (
      <Box py="lg">
        <LoadError message={msg('parent.dashboardFailed')} onRetry={() => void dashboard.refetch()} />
      </Box>
    );
  }

  const { children, summary, recentActivities } = dashboard.data;
  const childOption = (c: Child) =>
    c.linkStatus === 'accepted' ? c.name : c.linkStatus === 'pending' ? t('dashboard.childPending', { name: c.name }) : t('dashboard.childDeclined', { name: c.name });
  const selected = children.find((c) => c._id === selectedId) ?? children[0];

  return (
    <Box py="lg">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1} size="h2">
            {t('dashboard.title')}
          </Title>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t('addChild.title')}
          </Button>
        </Group>

        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <StatCard label={t('dashboard.stats.totalChildren')} value={summary.totalChildren} />
          <StatCard label={t('dashboard.stats.totalExams')} value={summary.totalExams} />
          <StatCard label={t('dashboard.stats.averagePerformance')} value={formatPercent(summary.averagePerformance, 2)} />
          <StatCard label={t('dashboard.stats.activeChildren')} value={summary.activeChildren} />
        </SimpleGrid>

        {children.length === 0 ? (
          <Alert color="blue" title={t('noChildren.title')}>
            {t('noChildren.dashboard')}
          </Alert>
        ) : (
          <>
            <Select
              label={t('dashboard.child')}
              w={320}
              data={children.map((c) => ({ value: c._id, label: childOption(c) }))}
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

        <Section title={t('dashboard.recentActivities')}>
          <RecentActivities items={recentActivities} />
        </Section>
      </Stack>
      <AddChildModal opened={adding} onClose={() => setAdding(false)} relationships={DASHBOARD_RELATIONSHIPS} />
    </Box>
  );
}

function ChildCard({ child, selected, onSelect }: { child: Child; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation('parent');
  return (
    <Card withBorder radius="md" p="md" aria-current={selected ? 'true' : undefined} style={selected ? { borderColor: 'var(--mantine-color-blue-6)' } : undefined} data-testid="child-card">
      <Group justify="space-between" align="flex-start">
        <PersonLabel person={child} detail={child.email} />
        <LinkStatusBadge status={child.linkStatus} />
      </Group>
      {child.stats ? (
        <Text size="sm" mt="sm">
          {t('childStats.examsAveragePerformance', { count: child.stats.totalExams, average: formatPercent(child.stats.averageScore, 2), performance: performanceText(child.stats) })}
        </Text>
      ) : (
        <Text size="sm" mt="sm" c="dimmed">
          {child.linkStatus === 'pending' ? t('dashboard.waitingForChild') : t('dashboard.childDeclinedRequest')}
        </Text>
      )}
      <Button variant="subtle" size="xs" mt="sm" onClick={onSelect} disabled={selected} aria-label={selected ? t('dashboard.selectedNamed', { name: child.name }) : t('dashboard.showNamed', { name: child.name })}>
        {selected ? t('dashboard.selected') : t('dashboard.show')}
      </Button>
    </Card>
  );
}

function PerformancePanel({ child }: { child: Child }) {
  const { t } = useTranslation('parent');
  if (!child.stats) return null;
  const s = child.stats;
  return (
    <Section title={t('performancePanel.title', { name: child.name })}>
      <SimpleGrid cols={{ base: 2, md: 3 }} data-testid="performance-panel">
        <StatCard label={t('performancePanel.examsTaken')} value={s.totalExams} />
        <StatCard label={t('stats.averageScore')} value={formatPercent(s.averageScore, 2)} />
        <StatCard label={t('stats.bestScore')} value={formatPercent(s.bestScore, 2)} />
        <StatCard label={t('performancePanel.recentScore')} value={s.recentScore === null ? '—' : formatPercent(s.recentScore, 2)} />
        <StatCard label={t('performancePanel.performance')} value={performanceText(s)} />
        <StatCard label={t('performancePanel.lastExam')} value={date(s.lastExamDate)} />
      </SimpleGrid>
      <Group mt="md">
        <Button component={Link} to={`/parent/child/${child._id}/progress`} variant="light">
          {t('viewProgress')}
        </Button>
        <Button component={Link} to={`/parent/reports?child=${child._id}`} variant="subtle">
          {t('reports.title')}
        </Button>
      </Group>
    </Section>
  );
}

function RecentActivities({ items }: { items: RecentActivity[] }) {
  const { t } = useTranslation('parent');
  const gradeOf = useGradeOf();
  if (!items.length) return <Text c="dimmed">{t('dashboard.noRecentActivity')}</Text>;
  return (
    <Table striped data-testid="recent-activities">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('columns.child')}</Table.Th>
          <Table.Th>{t('columns.exam')}</Table.Th>
          <Table.Th>{t('columns.subject')}</Table.Th>
          <Table.Th>{t('columns.score')}</Table.Th>
          <Table.Th>{t('columns.date')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((a) => (
          <Table.Tr key={a.submissionId}>
            <Table.Td>{a.childName}</Table.Td>
            <Table.Td>
              <Link to={`/exam-result/${a.submissionId}`}>{a.examTitle}</Link>
            </Table.Td>
            <Table.Td>{enumLabel('subjects', a.subject)}</Table.Td>
            <Table.Td>{t('dashboard.scoreWithGrade', { score: formatPercent(a.score, 2), grade: gradeOf(a.score) })}</Table.Td>
            <Table.Td>{date(a.date)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
