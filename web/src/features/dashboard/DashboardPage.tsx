import { msg } from '../../i18n/messages';
import { ROLE_DASHBOARD, type Role } from '@exam/shared';
import { Alert, Badge, Box, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, http } from '../../api/http';
import { formatDateTime, titleCase } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useNow } from '../../lib/useNow';
import { useAuth } from '../auth/useAuth';
import { NotificationsWidget } from '../notifications/NotificationsWidget';
import { dashboardKeys, fetchDashboard, type DashboardByRole } from './api';
import { EmptyLine, Panel, PlainList, QuickActions, StatGrid } from './components';
import { ACCOUNT_ACTIONS, QUICK_ACTIONS } from './quickActions';
import { useLiveDashboard } from './useLiveDashboard';
import { relativeTimeOf } from '../../lib/dateFormat';
import { useGradeOf } from '../platform/useGradeOf';

export const APP_VERSION = 'v2.1.0';

/**
 * The generic dashboard (surroundings §2): who you are, the way to your role's dashboard, your
 * role's figures and recent activity, quick actions, unread notifications and system info.
 */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
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
  const roleLabel = titleCase(user.role);

  return (
    <Box py="lg">
      <Stack gap="lg">
        <Card withBorder padding="lg" radius="md">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Stack gap={6}>
              <Title order={1} size="h2">
                Welcome back, {name}!
              </Title>
              <Group gap="xs">
                <Badge variant="light" data-testid="role-badge">
                  {roleLabel}
                </Badge>
                <Text size="sm" c="dimmed" data-testid="last-login">
                  Last login: {formatDateTime(user.lastLogin) ?? 'First time'}
                </Text>
              </Group>
            </Stack>
            <Button component={Link} to={ROLE_DASHBOARD[user.role]} rightSection={<IconArrowRight size={16} />}>
              Go to {roleLabel} Dashboard
            </Button>
          </Group>
        </Card>

        {query.isError ? (
          <Alert color="yellow" role="alert" title={msg('dashboard.unavailable')} />
        ) : query.data ? (
          <>
            <StatGrid stats={roleStats(role, query.data)} />
            <Panel id="recent-activity" title="Recent activity">
              <RecentActivity role={role} data={query.data} now={now} />
            </Panel>
          </>
        ) : null}

        <QuickActions actions={[...QUICK_ACTIONS[user.role], ...ACCOUNT_ACTIONS]} />
        <NotificationsWidget />
        <Panel id="system-info" title="System info">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Text size="sm">Server status: {server.isError ? 'Offline' : 'Online'}</Text>
            <Text size="sm">Version: {APP_VERSION}</Text>
            <Text size="sm">Role: {roleLabel}</Text>
          </SimpleGrid>
        </Panel>
      </Stack>
    </Box>
  );
}

function roleStats(role: Role, data: DashboardByRole[Role]): { label: string; value: number | string }[] {
  switch (role) {
    case 'admin': {
      const s = (data as DashboardByRole['admin']).stats;
      return [
        { label: 'Total Users', value: s.totalUsers },
        { label: 'Total Exams', value: s.totalExams },
        { label: 'Submissions', value: s.totalSubmissions },
        { label: 'Pending Grading', value: s.pendingGrading },
      ];
    }
    case 'teacher': {
      const s = (data as DashboardByRole['teacher']).stats;
      return [
        { label: 'Total Exams', value: s.totalExams },
        { label: 'Active Exams', value: s.activeExams },
        { label: 'Total Students', value: s.totalStudents },
        { label: 'Pending Grading', value: s.pendingGrading },
      ];
    }
    case 'student': {
      const s = (data as DashboardByRole['student']).stats;
      return [
        { label: 'Available Exams', value: s.totalExams },
        { label: 'Completed Exams', value: s.completedExams },
        { label: 'Average Score', value: `${s.averageScore}%` },
        { label: 'Pending Results', value: s.pendingResults },
      ];
    }
    case 'parent': {
      const s = (data as DashboardByRole['parent']).stats;
      return [
        { label: 'Children', value: s.totalChildren },
        { label: 'Exams Taken', value: s.totalExamsTaken },
        { label: 'Average Performance', value: `${s.averagePerformance}%` },
      ];
    }
  }
}

/** Up to 5 items: upcoming exams if any, else recent results, else recent users, else an empty message. */
function RecentActivity({ role, data, now }: { role: Role; data: DashboardByRole[Role]; now: number }) {
  const gradeOf = useGradeOf();
  const upcoming = 'upcomingExams' in data ? data.upcomingExams : [];
  const results = 'recentResults' in data ? data.recentResults : [];
  const users = role === 'admin' ? (data as DashboardByRole['admin']).recentUsers : [];
  if (upcoming.length) {
    return (
      <PlainList label="Upcoming exams">
        {upcoming.map((e) => (
          <li key={e._id}>
            <Text size="sm" fw={600}>
              {e.title}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(e.schedule.startDate)}
            </Text>
          </li>
        ))}
      </PlainList>
    );
  }
  if (results.length) {
    return (
      <PlainList label="Recent results">
        {results.map((r) => (
          <li key={r._id}>
            <Text size="sm" fw={600}>
              {'childName' in r ? `${String(r.childName)}: ` : ''}
              {r.exam.title} {r.percentage === null ? '(awaiting result)' : `${r.percentage}% · ${gradeOf(r.percentage)}`}
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
      <PlainList label="Recent users">
        {users.map((u) => (
          <li key={u._id}>
            <Text size="sm" fw={600}>
              {u.name} ({titleCase(u.role)})
            </Text>
            <Text size="xs" c="dimmed">
              Joined {relativeTimeOf(u.createdAt, now)}
            </Text>
          </li>
        ))}
      </PlainList>
    );
  }
  return <EmptyLine>No recent activity yet.</EmptyLine>;
}
