import { msg } from '../../i18n/messages';
import { ROLE_DASHBOARD, type Role } from '@exam/shared';
import { Alert, Badge, Box, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError, http } from '../../api/http';
import { enumLabel, formatNumber, formatPercent } from '../../i18n/format';
import { formatDateTime, formatDateTimeWithZone } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useNow } from '../../lib/useNow';
import { useAuth } from '../../session/useAuth';
import { NotificationsWidget } from '../notifications/NotificationsWidget';
import { dashboardKeys, fetchDashboard, type DashboardByRole } from './api';
import { EmptyLine, Panel, PlainList, QuickActions, StatGrid } from './components';
import { ACCOUNT_ACTIONS, QUICK_ACTIONS } from './quickActions';
import { useLiveDashboard } from './useLiveDashboard';
import { relativeTimeOf } from '../../lib/dateFormat';
import { useGradeOf } from '../../lib/useGradeOf';

export const APP_VERSION = 'v2.1.0';

/**
 * The generic dashboard: who you are, the way to your role's dashboard, your
 * role's figures and recent activity, quick actions, unread notifications and system info.
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  useDocumentTitle(t('titles.dashboard'));
  const { user } = useAuth();
  useLiveDashboard(user?._id ?? null);
  const role = user?.role ?? 'student';
  const query = useQuery({ queryKey: dashboardKeys.role(role), queryFn: () => fetchDashboard(role), enabled: !!user, staleTime: 0, meta: { silent: true } });
  const status = query.error instanceof ApiError ? query.error.status : 0;
  useEffect(() => {
    if (query.isError && status >= 500) notifyError(msg('dashboard.serverError'), 'dashboard-server-error');
  }, [query.isError, status]);
  const server = useQuery({ queryKey: ['health'], queryFn: () => http.get('/health'), staleTime: 60_000, retry: false, meta: { silent: true } });
  const now = useNow(30_000);
  if (!user) return null;

  const name = user.firstName || user.name;
  const roleLabel = enumLabel('roles', user.role);

  return (
    <Box py="lg">
      <Stack gap="lg">
        <Card withBorder padding="lg" radius="md">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Stack gap={6}>
              <Title order={1} size="h2">
                {t('generic.welcome', { name })}
              </Title>
              <Group gap="xs">
                <Badge variant="light" data-testid="role-badge">
                  {roleLabel}
                </Badge>
                <Text size="sm" c="dimmed" data-testid="last-login">
                  {t('generic.lastLogin', { when: formatDateTime(user.lastLogin) ?? t('generic.firstTime') })}
                </Text>
              </Group>
            </Stack>
            <Button component={Link} to={ROLE_DASHBOARD[user.role]} rightSection={<IconArrowRight size={16} />}>
              {t(`generic.goToRoleDashboard.${user.role}`)}
            </Button>
          </Group>
        </Card>

        {query.isError ? (
          <Alert color="yellow" role="alert" title={msg('dashboard.unavailable')} />
        ) : query.data ? (
          <>
            <StatGrid stats={roleStats(role, query.data, t)} />
            <Panel id="recent-activity" title={t('recentActivity.title')}>
              <RecentActivity role={role} data={query.data} now={now} />
            </Panel>
          </>
        ) : null}

        <QuickActions actions={[...QUICK_ACTIONS[user.role], ...ACCOUNT_ACTIONS]} />
        <NotificationsWidget />
        <Panel id="system-info" title={t('generic.systemInfo')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Text size="sm">{t('generic.serverStatus', { status: server.isError ? t('generic.offline') : t('generic.online') })}</Text>
            <Text size="sm">{t('generic.version', { version: APP_VERSION })}</Text>
            <Text size="sm">{t('generic.role', { role: roleLabel })}</Text>
          </SimpleGrid>
        </Panel>
      </Stack>
    </Box>
  );
}

function roleStats(role: Role, data: DashboardByRole[Role], t: TFunction<'dashboard'>): { label: string; value: number | string }[] {
  switch (role) {
    case 'admin': {
      const s = (data as DashboardByRole['admin']).stats;
      return [
        { label: t('stats.totalUsers'), value: formatNumber(s.totalUsers) },
        { label: t('stats.totalExams'), value: formatNumber(s.totalExams) },
        { label: t('stats.submissions'), value: formatNumber(s.totalSubmissions) },
        { label: t('stats.pendingGrading'), value: formatNumber(s.pendingGrading) },
      ];
    }
    case 'teacher': {
      const s = (data as DashboardByRole['teacher']).stats;
      return [
        { label: t('stats.totalExams'), value: formatNumber(s.totalExams) },
        { label: t('stats.activeExams'), value: formatNumber(s.activeExams) },
        { label: t('stats.totalStudents'), value: formatNumber(s.totalStudents) },
        { label: t('stats.pendingGrading'), value: formatNumber(s.pendingGrading) },
      ];
    }
    case 'student': {
      const s = (data as DashboardByRole['student']).stats;
      return [
        { label: t('stats.availableExams'), value: formatNumber(s.totalExams) },
        { label: t('stats.completedExams'), value: formatNumber(s.completedExams) },
        { label: t('stats.averageScore'), value: formatPercent(s.averageScore, 2) },
        { label: t('stats.pendingResults'), value: formatNumber(s.pendingResults) },
      ];
    }
    case 'parent': {
      const s = (data as DashboardByRole['parent']).stats;
      return [
        { label: t('stats.children'), value: formatNumber(s.totalChildren) },
        { label: t('stats.examsTaken'), value: formatNumber(s.totalExamsTaken) },
        { label: t('stats.averagePerformance'), value: formatPercent(s.averagePerformance, 2) },
      ];
    }
  }
}

/** Up to 5 items: upcoming exams if any, else recent results, else recent users, else an empty message. */
function RecentActivity({ role, data, now }: { role: Role; data: DashboardByRole[Role]; now: number }) {
  const { t } = useTranslation('dashboard');
  const gradeOf = useGradeOf();
  const upcoming = 'upcomingExams' in data ? data.upcomingExams : [];
  const results = 'recentResults' in data ? data.recentResults : [];
  const users = role === 'admin' ? (data as DashboardByRole['admin']).recentUsers : [];
  if (upcoming.length) {
    return (
      <PlainList label={t('upcoming.title')}>
        {upcoming.map((e) => (
          <li key={e._id}>
            <Text size="sm" fw={600}>
              {e.title}
            </Text>
            <Text size="xs" c="dimmed" data-testid={`upcoming-start-${e._id}`}>
              {formatDateTimeWithZone(e.schedule.startDate)}
            </Text>
          </li>
        ))}
      </PlainList>
    );
  }
  if (results.length) {
    return (
      <PlainList label={t('results.title')}>
        {results.map((r) => (
          <li key={r._id}>
            <Text size="sm" fw={600}>
              {resultLine(t, {
                title: r.exam.title,
                child: 'childName' in r ? String(r.childName) : null,
                percent: r.percentage === null ? null : formatPercent(r.percentage, 2),
                grade: gradeOf(r.percentage),
              })}
            </Text>
            <Text size="xs" c="dimmed">
              {relativeTimeOf(r.submittedAt, now)}
            </Text>
          </li>
        ))}
      </PlainList>
    );
  }
  if (users.length) {
    return (
      <PlainList label={t('admin.recentUsers')}>
        {users.map((u) => (
          <li key={u._id}>
            <Text size="sm" fw={600}>
              {t('generic.userWithRole', { name: u.name, role: enumLabel('roles', u.role) })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('generic.joined', { when: relativeTimeOf(u.createdAt, now) })}
            </Text>
          </li>
        ))}
      </PlainList>
    );
  }
  return <EmptyLine>{t('recentActivity.empty')}</EmptyLine>;
}

/** 'Algebra 85% · B', 'Mia: Algebra (awaiting result)': one sentence per case, so each language orders its own words. */
function resultLine(t: TFunction<'dashboard'>, r: { title: string; child: string | null; percent: string | null; grade: string | null }): string {
  const values = { title: r.title, child: r.child, percent: r.percent, grade: r.grade };
  if (r.child === null) return r.percent === null ? t('generic.resultAwaiting', values) : t('generic.resultScored', values);
  return r.percent === null ? t('generic.childResultAwaiting', values) : t('generic.childResultScored', values);
}
