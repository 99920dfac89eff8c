import { examTimeStatus, type StudentDashboardExam } from '@exam/shared';
import { Anchor, Badge, Box, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { countdownText, formatNumber, formatPercent } from '../../i18n/format';
import { useNow } from '../../lib/useNow';
import { PageLoader } from '../../components/PageLoader';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useAuth } from '../../session/useAuth';
import { useGradeOf } from '../../lib/useGradeOf';
import { NotificationsWidget } from '../notifications/NotificationsWidget';
import { EmptyLine, Panel, PlainList, QuickActions, StatGrid } from './components';
import { ACCOUNT_ACTIONS, QUICK_ACTIONS } from './quickActions';
import { useRoleDashboard } from './useDashboard';
import { relativeTimeOf } from '../../lib/dateFormat';

/** Student dashboard: stats, upcoming exams counting down, recent results, notifications. */
export function StudentDashboardPage() {
  const { t } = useTranslation('dashboard');
  useDocumentTitle(t('titles.student'));
  const { user } = useAuth();
  const { data, query } = useRoleDashboard('student', user?._id ?? null);
  // Every second: "Starts in …" counts down and Take Exam appears the moment the window opens.
  const now = useNow(1_000);
  const gradeOf = useGradeOf();
  const s = data.stats;

  // Zeros would read as real figures: until the first answer, a loader.
  if (query.isPending) return <PageLoader />;
  return (
    <Box py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('titles.student')}
        </Title>
        <StatGrid
          stats={[
            { label: t('stats.availableExams'), value: formatNumber(s.totalExams) },
            { label: t('stats.completedExams'), value: formatNumber(s.completedExams) },
            { label: t('stats.averageScore'), value: formatPercent(s.averageScore, 2) },
            { label: t('stats.pendingResults'), value: formatNumber(s.pendingResults) },
          ]}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Panel
            id="upcoming-exams"
            title={t('upcoming.title')}
            action={
              <Anchor component={Link} to="/schedule" size="sm">
                {t('student.fullSchedule')}
              </Anchor>
            }
          >
            {data.upcomingExams.length === 0 ? (
              <EmptyLine>{t('upcoming.empty')}</EmptyLine>
            ) : (
              <PlainList label={t('upcoming.title')}>
                {data.upcomingExams.map((e) => (
                  <UpcomingExam key={e._id} exam={e} now={now} />
                ))}
              </PlainList>
            )}
          </Panel>
          <Panel
            id="recent-results"
            title={t('results.title')}
            action={
              <Anchor component={Link} to="/results" size="sm">
                {t('student.allResults')}
              </Anchor>
            }
          >
            {data.recentResults.length === 0 ? (
              <EmptyLine>{t('results.empty')}</EmptyLine>
            ) : (
              <PlainList label={t('results.title')}>
                {data.recentResults.map((r) => (
                  <li key={r._id}>
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <div>
                        <Anchor component={Link} to={`/exam-result/${r._id}`} fw={600} size="sm">
                          {r.exam.title}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {t('student.submitted', { when: relativeTimeOf(r.submittedAt, now) })}
                        </Text>
                      </div>
                      {r.percentage === null ? (
                        <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
                          {t('student.awaitingResult')}
                        </Badge>
                      ) : (
                        <Badge variant="light" style={{ textTransform: 'none' }}>
                          {t('student.score', { percent: formatPercent(r.percentage, 2), grade: gradeOf(r.percentage) })}
                        </Badge>
                      )}
                    </Group>
                  </li>
                ))}
              </PlainList>
            )}
          </Panel>
        </SimpleGrid>
        <NotificationsWidget />
        <QuickActions actions={[...QUICK_ACTIONS.student, ...ACCOUNT_ACTIONS]} />
      </Stack>
    </Box>
  );
}

function UpcomingExam({ exam, now }: { exam: StudentDashboardExam; now: number }) {
  const { t } = useTranslation('dashboard');
  const open = examTimeStatus(exam.schedule.startDate, exam.schedule.endDate, now) === 'ongoing';
  return (
    <li data-testid={`upcoming-${exam._id}`}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Text fw={600} size="sm">
            {exam.title}
          </Text>
          <Text size="xs" c="dimmed" aria-live="polite">
            {countdownText(exam.schedule.startDate, exam.schedule.endDate, now)}
          </Text>
        </div>
        {open && exam.attemptsLeft > 0 && (
          <Button component={Link} to={`/exam/${exam._id}`} size="xs" aria-label={t('student.takeExamFor', { title: exam.title })}>
            {t('student.takeExam')}
          </Button>
        )}
      </Group>
    </li>
  );
}
