import type { ActivityItem } from '@exam/shared';
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCanOpen } from '../../lib/canOpen';
import { StatCard } from '../../components/StatCard';
import { relativeTimeOf } from '../../lib/dateFormat';

/** A titled card section of a dashboard; its heading names the region for screen readers. */
export function Panel({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={`${id}-title`} id={id} data-testid={id}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4" id={`${id}-title`}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

export function StatGrid({ stats }: { stats: { label: string; value: number | string }[] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: Math.min(4, stats.length) }} data-testid="dashboard-stats">
      {stats.map((s) => (
        <StatCard key={s.label} label={s.label} value={s.value} />
      ))}
    </SimpleGrid>
  );
}

export function EmptyLine({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

/** A plain list without bullets, each item separated by the stack gap. */
export function PlainList({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Stack gap="sm" component="ul" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {children}
    </Stack>
  );
}

export function ActivityList({ items, now }: { items: ActivityItem[]; now: number }) {
  const { t } = useTranslation('dashboard');
  if (!items.length) return <EmptyLine>{t('recentActivity.empty')}</EmptyLine>;
  return (
    <PlainList label={t('recentActivity.title')}>
      {items.map((a) => (
        <li key={`${a.timestamp}-${a.message}`}>
          {a.link ? (
            <Anchor component={Link} to={a.link} size="sm">
              {a.message}
            </Anchor>
          ) : (
            <Text size="sm">{a.message}</Text>
          )}
          <Text size="xs" c="dimmed">
            {relativeTimeOf(a.timestamp, now)}
          </Text>
        </li>
      ))}
    </PlainList>
  );
}

export interface QuickAction {
  /** Names its label and description: dashboard:quickActions.<id>.label / .description. */
  id: string;
  to: string;
}

/** The actions the role may open (the route table's guard decides, as for every link). */
export function QuickActions({ actions }: { actions: QuickAction[] }) {
  const { t } = useTranslation('dashboard');
  const canOpen = useCanOpen();
  return (
    <Panel id="quick-actions" title={t('quickActions.title')}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {actions.filter((a) => canOpen(a.to)).map((a) => (
          <Card key={a.to + a.id} withBorder component={Link} to={a.to} padding="sm" radius="md">
            <Text fw={600}>{t(`quickActions.${a.id}.label`)}</Text>
            <Text size="sm" c="dimmed">
              {t(`quickActions.${a.id}.description`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Panel>
  );
}
