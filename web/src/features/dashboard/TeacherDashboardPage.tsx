import { countdownText, examTimeStatus } from '@exam/shared';
import { Anchor, Badge, Box, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useNow } from '../../lib/useNow';
import { PageLoader } from '../../components/PageLoader';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useAuth } from '../auth/useAuth';
import { ActivityList, EmptyLine, Panel, PlainList, QuickActions, StatGrid } from './components';
import { ACCOUNT_ACTIONS, QUICK_ACTIONS } from './quickActions';
import { useRoleDashboard } from './useDashboard';
import { relativeTimeOf } from '../../lib/dateFormat';

/** Teacher dashboard (surroundings §2): stats, upcoming and running exams, pending grading, activity. */
export function TeacherDashboardPage() {
  useDocumentTitle('Teacher Dashboard');
  const { user } = useAuth();
  const { data, query } = useRoleDashboard('teacher', user?._id ?? null);
  const now = useNow(1_000);
  const s = data.stats;

  // Zeros would read as real figures: until the first answer, a loader.
  if (query.isPending) return <PageLoader />;
  return (
    <Box py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          Teacher Dashboard
        </Title>
        <StatGrid
          stats={[
            { label: 'Total Exams', value: s.totalExams },
            { label: 'Active Exams', value: s.activeExams },
            { label: 'Total Students', value: s.totalStudents },
            { label: 'Pending Grading', value: s.pendingGrading },
          ]}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Panel id="upcoming-exams" title="Upcoming and running exams">
            {data.upcomingExams.length === 0 ? (
              <EmptyLine>No upcoming exams.</EmptyLine>
            ) : (
              <PlainList label="Upcoming and running exams">
                {data.upcomingExams.map((e) => {
                  const running = examTimeStatus(e.schedule.startDate, e.schedule.endDate, now) === 'ongoing';
                  return (
                    <li key={e._id}>
                      <Group justify="space-between" wrap="wrap" gap="xs">
                        <div>
                          <Anchor component={Link} to={`/admin/exams/${e._id}`} fw={600}>
                            {e.title}
                          </Anchor>
                          <Text size="xs" c="dimmed">
                            {countdownText(e.schedule.startDate, e.schedule.endDate, now)}
                            {e.isPublished ? '' : ' · Draft'}
                          </Text>
                        </div>
                        {running && (
                          <Group gap="xs">
                            <Badge color="green" variant="light" data-testid={`sitting-${e._id}`} style={{ textTransform: 'none' }}>
                              {e.sittingNow} sitting now
                            </Badge>
                            <Button component={Link} to={`/exam/${e._id}/proctor`} size="xs" variant="light" aria-label={`Proctor board for ${e.title}`}>
                              Proctor board
                            </Button>
                          </Group>
                        )}
                      </Group>
                    </li>
                  );
                })}
              </PlainList>
            )}
          </Panel>
          <Panel id="pending-grading" title={`Pending grading (${s.pendingGrading})`}>
            {data.pendingGrading.length === 0 ? (
              <EmptyLine>Nothing waiting for your marks.</EmptyLine>
            ) : (
              <PlainList label="Submissions waiting for grading">
                {data.pendingGrading.map((p) => (
                  <li key={p._id}>
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <div>
                        <Text size="sm" fw={600}>
                          {p.student.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {p.exam.title} · submitted {relativeTimeOf(p.submittedAt, now)}
                        </Text>
                      </div>
                      <Button component={Link} to={`/grade-submission/${p._id}`} size="xs" aria-label={`Grade ${p.student.name}'s ${p.exam.title}`}>
                        Grade
                      </Button>
                    </Group>
                  </li>
                ))}
              </PlainList>
            )}
          </Panel>
        </SimpleGrid>
        <Panel id="recent-activity" title="Recent activity">
          <ActivityList items={data.recentActivity} now={now} />
        </Panel>
        <QuickActions actions={[...QUICK_ACTIONS.teacher, ...ACCOUNT_ACTIONS]} />
      </Stack>
    </Box>
  );
}
