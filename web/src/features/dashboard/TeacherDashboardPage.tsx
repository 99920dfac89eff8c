import { examTimeStatus } from '@exam/shared';
import { Anchor, Badge, Box, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { countdownText, enumLabel, formatNumber } from '../../i18n/format';
import { useNow } from '../../lib/useNow';
import { PageLoader } from '../../components/PageLoader';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useAuth } from '../../session/useAuth';
import { ActivityList, EmptyLine, Panel, PlainList, QuickActions, StatGrid } from './components';
import { ACCOUNT_ACTIONS, QUICK_ACTIONS } from './quickActions';
import { useRoleDashboard } from './useDashboard';
import { relativeTimeOf } from '../../lib/dateFormat';

/** Teacher dashboard: stats, upcoming and running exams, pending grading, activity. */
export function TeacherDashboardPage() {
  const { t } = useTranslation('dashboard');
  useDocumentTitle(t('titles.teacher'));
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
          {t('titles.teacher')}
        </Title>
        <StatGrid
          stats={[
            { label: t('stats.totalExams'), value: formatNumber(s.totalExams) },
            { label: t('stats.activeExams'), value: formatNumber(s.activeExams) },
            { label: t('stats.totalStudents'), value: formatNumber(s.totalStudents) },
            { label: t('stats.pendingGrading'), value: formatNumber(s.pendingGrading) },
          ]}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Panel id="upcoming-exams" title={t('teacher.upcomingAndRunning')}>
            {data.upcomingExams.length === 0 ? (
              <EmptyLine>{t('upcoming.empty')}</EmptyLine>
            ) : (
              <PlainList label={t('teacher.upcomingAndRunning')}>
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
                            {e.isPublished
                              ? countdownText(e.schedule.startDate, e.schedule.endDate, now)
                              : t('teacher.countdownDraft', {
                                  countdown: countdownText(e.schedule.startDate, e.schedule.endDate, now),
                                  draft: enumLabel('examStatuses', 'draft'),
                                })}
                          </Text>
                        </div>
                        {running && (
                          <Group gap="xs">
                            <Badge color="green" variant="light" data-testid={`sitting-${e._id}`} style={{ textTransform: 'none' }}>
                              {t('teacher.sittingNow', { count: e.sittingNow })}
                            </Badge>
                            <Button
                              component={Link}
                              to={`/exam/${e._id}/proctor`}
                              size="xs"
                              variant="light"
                              aria-label={t('teacher.proctorBoardFor', { title: e.title })}
                            >
                              {t('teacher.proctorBoard')}
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
          <Panel id="pending-grading" title={t('teacher.pendingGrading', { count: s.pendingGrading })}>
            {data.pendingGrading.length === 0 ? (
              <EmptyLine>{t('teacher.nothingWaiting')}</EmptyLine>
            ) : (
              <PlainList label={t('teacher.waitingList')}>
                {data.pendingGrading.map((p) => (
                  <li key={p._id}>
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <div>
                        <Text size="sm" fw={600}>
                          {p.student.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t('teacher.submittedLine', { title: p.exam.title, when: relativeTimeOf(p.submittedAt, now) })}
                        </Text>
                      </div>
                      <Button
                        component={Link}
                        to={`/grade-submission/${p._id}`}
                        size="xs"
                        aria-label={t('teacher.gradeFor', { name: p.student.name, title: p.exam.title })}
                      >
                        {t('teacher.grade')}
                      </Button>
                    </Group>
                  </li>
                ))}
              </PlainList>
            )}
          </Panel>
        </SimpleGrid>
        <Panel id="recent-activity" title={t('recentActivity.title')}>
          <ActivityList items={data.recentActivity} now={now} />
        </Panel>
        <QuickActions actions={[...QUICK_ACTIONS.teacher, ...ACCOUNT_ACTIONS]} />
      </Stack>
    </Box>
  );
}
